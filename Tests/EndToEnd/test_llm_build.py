"""The deckgen command against the fake LLM server on 127.0.0.1: Ctrl-C keeps what was answered, the key
never reaches the output or the files, and retry timing follows the server's headers."""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECKGEN = os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen"))
CHAT = "/v1/chat/completions"
KEY = "sk-e2e-SENTINEL-31337"

QUESTIONS = {"questions": [
    {"question": "Which part of the cell holds its DNA?", "choices": ["Nucleus", "Ribosome", "Mitochondrion", "Vacuole"],
     "answer": 0, "explanation": "The note says the nucleus holds the cell's DNA.", "quote": "Nucleus: holds the cell's DNA."},
    {"question": "Which part releases energy from glucose?", "choices": ["Ribosome", "Mitochondrion", "Nucleus", "Cell wall"],
     "answer": 1, "explanation": "The note says the mitochondrion releases energy by respiration.",
     "quote": "Mitochondrion: releases energy from glucose."},
]}


def answer(delay_ms=0, repeat=False):
    body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps(QUESTIONS)},
                         "finish_reason": "stop"}], "usage": {"prompt_tokens": 300, "completion_tokens": 80}}
    return {"status": 200, "body": body, "delay_ms": delay_ms, "repeat": repeat}


class FakeServer:
    def __init__(self):
        self.process = subprocess.Popen([sys.executable, str(ROOT / "Tests" / "Support" / "fake_llm_server.py"), "--port", "0"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def call(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def script(self, responses):
        self.call("POST", "/_script", {"path": CHAT, "responses": responses})

    def log(self):
        return self.call("GET", "/_log")

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture
def server():
    fake = FakeServer()
    yield fake
    fake.stop()


def write_notes(content: Path, count: int):
    for number in range(1, count + 1):
        (content / f"cells{number}.md").parent.mkdir(parents=True, exist_ok=True)
        (content / f"cells{number}.md").write_text(
            f"---\ntitle: Cells {number}\nquestions: 2\n---\n# Cells {number}\n\n"
            "- **Nucleus**: holds the cell's DNA.\n- **Mitochondrion**: releases energy from glucose.\n"
            "- **Ribosome**: joins amino acids into proteins.\n")


def command(content: Path, site: Path, server: FakeServer, *extra):
    return [DECKGEN, "build", str(content), "-o", str(site), "--llm", "openai:test-model",
            "--llm-url", f"http://127.0.0.1:{server.port}/v1", *extra]


def environment():
    return {**os.environ, "OPENAI_API_KEY": KEY}


def interrupt_after_third_request(content: Path, site: Path, server: FakeServer):
    """Builds one request at a time, sends Ctrl-C once the server has seen three, and checks it ends within 5 s."""
    process = subprocess.Popen(command(content, site, server, "--concurrency", "1"), env=environment(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while len(server.log()) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(server.log()) == 3
    started = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=20)
    assert time.monotonic() - started < 5, "the request in flight was not cancelled"
    return process, errors


def test_ctrl_c_cancels_requests_and_keeps_answered_notes(tmp_path, server):
    content, site = tmp_path / "content", tmp_path / "site"
    write_notes(content, 4)
    # Two notes are answered at once; the third hangs until Ctrl-C.
    server.script([answer(), answer(), answer(delay_ms=60_000, repeat=True)])
    process, errors = interrupt_after_third_request(content, site, server)
    assert process.returncode == 130, errors
    assert "interrupted while asking openai" in errors
    assert not site.exists()
    stored = sorted(p.name for p in (content / ".deckgen" / "questions").glob("*.md"))
    assert stored == ["cells1.md", "cells2.md"]
    assert all("generator: openai" in (content / ".deckgen" / "questions" / name).read_text() for name in stored)

    # The next build asks only for the two notes that were not answered.
    server.call("POST", "/_reset")
    server.script([answer(repeat=True)])
    done = subprocess.run(command(content, site, server), env=environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(server.log()) == 2


def test_ctrl_c_works_when_notes_are_asked_again_for_a_smaller_context(tmp_path, server):
    """A second round of requests (the server named a smaller context) is cancelled by Ctrl-C as the first is."""
    content, site = tmp_path / "content", tmp_path / "site"
    write_notes(content, 2)
    too_long = {"status": 400, "body": {"error": {"message": "This model's maximum context length is 2048 tokens. However, you requested 4167 tokens."}}}
    server.script([too_long, too_long, answer(delay_ms=60_000, repeat=True)])
    process, errors = interrupt_after_third_request(content, site, server)
    assert process.returncode == 130, errors
    assert not site.exists()


def test_key_never_leaks_and_retry_after_is_honoured(tmp_path, server):
    content, site = tmp_path / "content", tmp_path / "site"
    write_notes(content, 1)
    server.script([
        {"status": 429, "headers": {"retry-after-ms": "700"}, "body": {"error": {"message": f"slow down {KEY}", "type": "rate_limit"}}},
        {"status": 503, "headers": {"Retry-After": "1"}, "body": f"<html>overloaded for {KEY}</html>"},
        answer(),
    ])
    done = subprocess.run(command(content, site, server), env=environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    times = [entry["time"] for entry in server.log()]
    assert len(times) == 3
    assert 0.7 <= times[1] - times[0] < 2.0
    assert 1.0 <= times[2] - times[1] < 2.5
    assert "2 retries" in done.stderr
    assert KEY not in done.stdout + done.stderr
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path


def test_waiting_for_a_slow_model_leaves_the_processor_to_it(tmp_path, server):
    """A local model shares the machine with deckgen: while deckgen waits for answers it must not spin.
    (FoundationNetworking's URLSession spent about 60% of a core waiting; libcurl sleeps in poll.)"""
    content = tmp_path / "content"
    write_notes(content, 2)
    server.script([answer(delay_ms=3000, repeat=True)])
    process = subprocess.Popen(command(content, tmp_path / "site", server, "--concurrency", "1"), env=environment(),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    started = time.monotonic()
    _, status, usage = os.wait4(process.pid, 0)
    waited = time.monotonic() - started
    assert os.waitstatus_to_exitcode(status) == 0, process.stderr.read().decode()
    cpu = usage.ru_utime + usage.ru_stime
    assert waited >= 6, waited
    # The build itself takes a fraction of a second; six seconds of waiting add almost nothing.
    assert cpu < 1.0, f"{cpu:.2f} s of processor time over {waited:.1f} s"


def test_a_server_on_this_machine_is_reached_directly_whatever_proxy_the_environment_names(tmp_path, server):
    """Over plain http a proxy would carry the request, key and all, off the machine; this one does not even exist."""
    content = tmp_path / "content"
    write_notes(content, 1)
    server.script([answer(repeat=True)])
    proxied = {**environment(), "http_proxy": "http://10.255.255.1:9", "HTTP_PROXY": "http://10.255.255.1:9"}
    done = subprocess.run(command(content, tmp_path / "site", server), env=proxied, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(server.log()) == 1
    assert server.log()[0]["headers"]["authorization"] == f"Bearer {KEY}"
