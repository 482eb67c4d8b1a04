"""`deckgen serve` as a user runs it: the real binary on a copy of a small content folder, a free port on
127.0.0.1, and raw sockets, since http clients and browsers tidy `..` out of a path before sending it."""
import os
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Absolute, since the server runs in a temporary folder and the Makefile passes a path relative to the project.
DECKGEN = os.path.abspath(os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen")))
SECRET = "SECRET-SENTINEL-7f3a"

CONTENT = {
    "deckgen.yml": "title: Serve end to end\n",
    "biology/cells.md": "# Cells\n\n**Mitosis** is how a cell divides. FIRST-VERSION\n",
    "biology/images/cell.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
    "biology/drawing.md": "# Drawing\n\n![a cell](images/cell.svg)\n",
}


class Preview:
    """A running `deckgen serve`, its standard error collected on a thread so the pipe never fills."""

    def __init__(self, root: Path):
        self.root = root
        self.lines = []
        self.process = subprocess.Popen([DECKGEN, "serve", "content", "-o", "site", "--port", "0"], cwd=root,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._collect, daemon=True).start()
        self.port = self._wait_for_port()

    def _collect(self):
        for line in self.process.stderr:
            self.lines.append(line)

    def _wait_for_port(self):
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            for line in list(self.lines):
                found = re.match(r"Serving site at http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)", line)
                if found:
                    return int(found.group(1))
            assert self.process.poll() is None, "".join(self.lines)
            time.sleep(0.05)
        raise AssertionError("deckgen serve never said where it serves:\n" + "".join(self.lines))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def raw_request(port, path, method="GET", host=None):
    """Sends the request line exactly as given; returns (status, headers, body)."""
    host = host or f"127.0.0.1:{port}"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode("latin-1"))
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split(" ")[1]), headers, body


@pytest.fixture
def preview(tmp_path):
    (tmp_path / "secret.txt").write_text(SECRET)
    for name, text in CONTENT.items():
        path = tmp_path / "content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    running = Preview(tmp_path)
    yield running
    status = running.stop()
    assert status == 0, "".join(running.lines)
    assert "Stopped serving site." in "".join(running.lines)


def test_pages_and_files_are_served_with_their_types(preview):
    status, headers, body = raw_request(preview.port, "/")
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["x-content-type-options"] == "nosniff"
    assert b"Serve end to end" in body
    status, headers, body = raw_request(preview.port, "/decks/biology-cells.html")
    assert status == 200 and b"FIRST-VERSION" in body
    assert b"/_deckgen/generation" in body
    assert b"connect-src &#39;self&#39;" in body
    status, headers, _ = raw_request(preview.port, "/files/biology/images/cell.svg")
    assert status == 200 and headers["content-type"] == "image/svg+xml"
    status, headers, body = raw_request(preview.port, "/decks/biology-cells.html", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 0
    status, headers, _ = raw_request(preview.port, "/", method="POST")
    assert status == 405 and headers["allow"] == "GET, HEAD"


def test_traversal_is_refused_and_nothing_outside_leaks(preview):
    site = preview.root / "site"
    (site / "leak.txt").symlink_to(preview.root / "secret.txt")
    (site / "files" / "up").symlink_to(preview.root)
    paths = [
        "/../secret.txt", "/../../../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/..%2fsecret.txt",
        "/decks/..%2f..%2fsecret.txt", "/decks/../../secret.txt", "/%2e%2e%5csecret.txt", "/..\\secret.txt",
        "//etc/passwd", "//127.0.0.1/secret.txt", "http://127.0.0.1/../secret.txt", str(preview.root / "secret.txt"),
        "/" + str(preview.root / "secret.txt"), "/leak.txt", "/files/up/secret.txt", "/files/up/content/deckgen.yml",
        "/.deckgen-manifest.json", "/.deckgen-site", "/%00", "/index.html%00.txt", "/%252e%252e/secret.txt",
    ]
    for path in paths:
        status, _, body = raw_request(preview.port, path)
        assert 400 <= status < 500, (path, status)
        assert SECRET.encode() not in body, path
        assert b"root:x:0:0" not in body, path
        assert b"Serve end to end" not in body, path
    # A page asking for the preview through a name that is not this machine (DNS rebinding) is refused.
    status, _, body = raw_request(preview.port, "/", host="attacker.example")
    assert status == 400 and b"Serve end to end" not in body


def test_an_edit_shows_on_the_next_get(preview):
    _, _, generation = raw_request(preview.port, "/_deckgen/generation")
    assert generation == b"1"
    cells = preview.root / "content" / "biology" / "cells.md"
    cells.write_text(cells.read_text().replace("FIRST-VERSION", "SECOND-VERSION"))
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        _, _, body = raw_request(preview.port, "/decks/biology-cells.html")
        if b"SECOND-VERSION" in body:
            break
        time.sleep(0.2)
    else:
        raise AssertionError("the edit never showed:\n" + "".join(preview.lines))
    assert raw_request(preview.port, "/_deckgen/generation")[2] == b"2"
    assert "FIRST-VERSION" not in (preview.root / "site" / "decks" / "biology-cells.html").read_text()
    assert "_deckgen" not in (preview.root / "site" / "decks" / "biology-cells.html").read_text()


def test_a_broken_note_shows_a_banner_over_the_last_good_page(preview):
    (preview.root / "content" / "biology" / "broken.md").write_text('---\ntitle: "unterminated\n---\n<b>x</b>\n')
    deadline = time.monotonic() + 15
    while raw_request(preview.port, "/_deckgen/generation")[2] != b"2":
        assert time.monotonic() < deadline, "".join(preview.lines)
        time.sleep(0.2)
    status, _, body = raw_request(preview.port, "/decks/biology-cells.html")
    assert status == 200
    assert b"deckgen: the last rebuild failed" in body
    assert b"FIRST-VERSION" in body
    assert b"broken.md:2" in body
    assert preview.process.poll() is None


ATTACHMENT_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'"


def test_attachments_are_sandboxed_and_every_response_says_nosniff(preview):
    files = preview.root / "site" / "files"
    (files / "evil.html").write_text("<html><body><script>alert(1)</script></body></html>")
    (files / "evil.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(2)</script></svg>')
    for path, kind in [("/files/evil.html", "text/html; charset=utf-8"), ("/files/evil.svg", "image/svg+xml"),
                       ("/files/biology/images/cell.svg", "image/svg+xml")]:
        status, headers, body = raw_request(preview.port, path)
        assert status == 200 and headers["content-type"] == kind, path
        assert headers["content-security-policy"] == ATTACHMENT_POLICY, path
        assert headers["x-content-type-options"] == "nosniff", path
        assert b"_deckgen/generation" not in body, path  # sent as the content wrote it, without the reload script
    assert raw_request(preview.port, "/files/missing.html")[1]["content-security-policy"] == ATTACHMENT_POLICY
    for path, method in [("/", "GET"), ("/decks/biology-cells.html", "HEAD"), ("/decks", "GET"), ("/missing", "GET"),
                         ("/../x", "GET"), ("/", "POST"), ("/_deckgen/generation", "GET")]:
        status, headers, _ = raw_request(preview.port, path, method=method)
        assert headers["x-content-type-options"] == "nosniff", (path, method, status)
        assert "content-security-policy" not in headers, (path, method)


def resident_kb(pid, field="VmRSS"):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for process {pid}")


def slow_fetch(port, path, slow_bytes, results):
    """GETs `path`, reading the first `slow_bytes` of the body slowly, then the rest; appends (Content-Length, bytes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        received = b""
        while b"\r\n\r\n" not in received:
            received += connection.recv(65536)
        head, _, rest = received.partition(b"\r\n\r\n")
        length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
        total = len(rest)
        while chunk := connection.recv(16 * 1024 if total < slow_bytes else 1 << 20):
            total += len(chunk)
            if total < slow_bytes:
                time.sleep(0.02)
        results.append((length, total))


def test_a_large_file_is_streamed_to_slow_clients_in_bounded_memory(preview):
    """deckgen serve used to read a file whole for every request: 4 clients of 200 MB held 800 MB."""
    size = 200 * 1024 * 1024
    big = preview.root / "site" / "files" / "big.bin"
    with big.open("wb") as sparse:
        sparse.truncate(size)
    pid = preview.process.pid
    before = resident_kb(pid)
    results = []
    clients = [threading.Thread(target=slow_fetch, args=(preview.port, "/files/big.bin", 4 * 1024 * 1024, results))
               for _ in range(4)]
    for client in clients:
        client.start()
    peak = before
    while any(client.is_alive() for client in clients):
        peak = max(peak, resident_kb(pid))
        time.sleep(0.05)
    assert results == [(size, size)] * 4
    grew_mb = (peak - before) / 1024
    print(f"deckgen serve: resident {before / 1024:.1f} MB before, {peak / 1024:.1f} MB at most while sending "
          f"{size >> 20} MB to 4 slow clients (+{grew_mb:.1f} MB)")
    assert grew_mb < 64, f"resident memory grew by {grew_mb:.0f} MB"
