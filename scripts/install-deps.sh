#!/usr/bin/env bash
# Installs what deckgen needs, only when it is missing: `build` for compiling, `test` adds the browser tests' tools.
set -euo pipefail

want="${1:-build}"
packages=(pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev libjemalloc-dev libxxhash-dev)
# Maths: KaTeX turns TeX into MathML at build time, inside the Duktape JavaScript engine (no node, no script in pages).
packages+=(duktape-dev libjs-katex)
# Raw HTML in notes: gumbo parses it as a browser would, so the sanitiser keeps what GitHub keeps and nothing else.
packages+=(libgumbo-dev)
# libcurl for the requests to model servers (FoundationNetworking's URLSession spins a core while it waits).
packages+=(libcurl4-openssl-dev)
# Leptonica, tesseract's image library, prepares photographed pages (uneven light, skew) before tesseract reads them.
packages+=(libleptonica-dev)
# The English word list: scan cleanup's evidence for words broken at a line end (optional; without it the text alone decides).
packages+=(wamerican)
if [ "$want" = "test" ]; then
  # Chromium for the browser tests; Noto CJK so screenshots of Chinese, Japanese and Korean notes show real glyphs.
  packages+=(chromium fonts-noto-cjk)
  # Tesseract (English, Chinese, Japanese) for the OCR tests and scanned pages; ImageMagick renders the synthetic
  # pages of bench/ocr_fixtures. A plain `make site` needs neither: without tesseract a scan is a warning.
  packages+=(tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-jpn imagemagick)
  # Hugo and the cmark-gfm command: the peers bench/build_vs_peers times deckgen's build against.
  packages+=(hugo cmark-gfm)
  # Poppler's pdftoppm and pdftotext: Tests/EndToEnd/test_report_pdf.py renders and reads the PDF `report --pdf` prints.
  packages+=(poppler-utils)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "install-deps: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$want" = "test" ]; then
  # Playwright drives Debian's Chromium (no browser download); pytest runs the browser tests.
  if ! python3 -c "import playwright, pytest" 2>/dev/null; then
    echo "install-deps: installing Playwright and pytest" >&2
    python3 -m pip install --quiet --disable-pip-version-check -r Tests/Browser/requirements.txt
  fi
fi
