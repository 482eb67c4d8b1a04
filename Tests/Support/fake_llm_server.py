#!/usr/bin/env python3
"""A scriptable fake LLM server for deckgen's tests (Python 3 standard library only).

Usage: fake_llm_server.py --port 0 [--host 127.0.0.1]
Prints the chosen port on the first line of stdout, then serves until stdin closes
(so it dies with the test process that started it) or it is terminated.

Control endpoints:
  POST /_script  {"path": "/v1/chat/completions", "responses": [
                    {"status": 429, "headers": {"retry-after-ms": "200"}, "body": {...} or "text",
                     "delay_ms": 0, "action": "close"}]}
                 appends responses for that path, served in order; once used up, the
                 last one given with "repeat": true is served again, otherwise 200 {}.
  GET  /_log     every request so far: [{"method", "path", "time", "headers", "body", "client"}],
                 time in seconds from a monotonic clock.
  GET  /_stats    {"requests": n, "max_in_flight": n}: the most scripted requests being answered at once.
  POST /_reset   forgets scripts, log and stats.
llama.cpp's GET /props and Ollama's POST /api/show, which deckgen reads before asking a local server, are
answered 404 and left out of the log and stats unless a test scripts them: this server copies neither.
"""

import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
SCRIPTS = {}   # path -> list of responses still to serve
REPEAT = {}    # path -> response served when the script is used up
LOG = []
STATS = {"in_flight": 0, "max_in_flight": 0}
PROBES = {"/props", "/api/show"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; with Nagle on, the body waits ~40 ms for the client's delayed ACK.
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass  # keep test output clean

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, status, body, headers=None):
        data = body if isinstance(body, bytes) else (
            body.encode() if isinstance(body, str) else json.dumps(body).encode())
        self.send_response(status)
        names = {k.lower() for k in (headers or {})}
        for name, value in (headers or {}).items():
            self.send_header(name, str(value))
        if "content-type" not in names:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def do_GET(self):
        self.read_body()
        if self.path == "/_log":
            with LOCK:
                self.send(200, list(LOG))
        elif self.path == "/_stats":
            with LOCK:
                self.send(200, {"requests": len(LOG), "max_in_flight": STATS["max_in_flight"]})
        else:
            self.handle_scripted(b"")

    def do_POST(self):
        body = self.read_body()
        if self.path == "/_script":
            spec = json.loads(body)
            with LOCK:
                SCRIPTS.setdefault(spec["path"], []).extend(spec["responses"])
                for response in spec["responses"]:
                    if response.get("repeat"):
                        REPEAT[spec["path"]] = response
            self.send(200, {"ok": True})
        elif self.path == "/_reset":
            with LOCK:
                SCRIPTS.clear()
                REPEAT.clear()
                LOG.clear()
                STATS.update(in_flight=0, max_in_flight=0)
            self.send(200, {"ok": True})
        else:
            self.handle_scripted(body)

    def handle_scripted(self, body):
        with LOCK:
            unscripted_probe = self.path in PROBES and self.path not in SCRIPTS and self.path not in REPEAT
        if unscripted_probe:
            self.send(404, {"error": "not found"})
            return
        with LOCK:
            LOG.append({
                "method": self.command,
                "path": self.path,
                "time": time.monotonic(),
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
                "client": self.client_address[1],
            })
            queue = SCRIPTS.get(self.path) or []
            response = queue.pop(0) if queue else REPEAT.get(self.path, {"status": 200, "body": {}})
            STATS["in_flight"] += 1
            STATS["max_in_flight"] = max(STATS["max_in_flight"], STATS["in_flight"])
        try:
            delay = response.get("delay_ms", 0) / 1000
            if delay:
                time.sleep(delay)
            if response.get("action") == "close":
                # Drop the connection without an answer: the client sees a reset or lost connection.
                self.close_connection = True
                self.connection.shutdown(2)
                return
            self.send(response.get("status", 200), response.get("body", {}), response.get("headers"))
        except (BrokenPipeError, ConnectionResetError, OSError):
            # The client gave up (its timeout, or cancellation): nothing to answer.
            self.close_connection = True
        finally:
            with LOCK:
                STATS["in_flight"] -= 1


def watch_stdin(server):
    # When the test process dies, our stdin pipe closes: shut down so no server is left behind.
    try:
        sys.stdin.buffer.read()
    finally:
        threading.Thread(target=server.shutdown, daemon=True).start()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    # 0.0.0.0 lets a test reach it by an address deckgen does not take for this machine's own.
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=watch_stdin, args=(server,), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
