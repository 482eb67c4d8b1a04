"""Shared set-up for the browser tests: a deckgen binary, Debian's Chromium, and built sites."""
import hashlib
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
# Absolute: some tests run the binary from a temporary folder, and the Makefile passes a relative path.
DECKGEN = os.path.abspath(os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen")))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = ROOT / ".build" / "screenshots"
# The day the study tests begin on: their pages' clocks start here and are moved on from it.
START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def build_site(content: Path, site: Path) -> subprocess.CompletedProcess:
    """Runs `deckgen build CONTENT -o SITE` and returns the finished process."""
    return subprocess.run([DECKGEN, "build", str(content), "-o", str(site)],
                          capture_output=True, text=True, timeout=120)


def build_one_note(root: Path, name: str, text: str) -> tuple[Path, subprocess.CompletedProcess]:
    """Builds a site of the one note `name` holding `text` under ROOT; returns its deck page and the process."""
    content = root / "content"
    content.mkdir()
    (content / name).write_text(text)
    result = build_site(content, root / "site")
    assert result.returncode == 0, result.stderr
    return next((root / "site" / "decks").glob("*.html")), result


# The biology deck the study tests play: each question's prompt and its right answer.
def storage_key(name: str, title: str = "Study decks") -> str:
    """Where pages of the site titled `title` keep `name` in localStorage: per site, by a digest of the title."""
    return f"deckgen:v2:{hashlib.sha256(title.encode()).hexdigest()[:16]}:{name}"


STUDY = ROOT / "Tests" / "Browser" / "fixtures" / "study"
STUDY_ANSWERS = {
    "Which organelle carries out photosynthesis?": "Chloroplast",
    "Which organelle makes proteins?": "Ribosome",
    "Which organelle holds the cell's DNA?": "Nucleus",
}


@pytest.fixture(scope="module")
def study_urls(tmp_path_factory):
    """The study deck built into a site of its own: its deck page's and its index's file URLs."""
    site = tmp_path_factory.mktemp("study") / "site"
    result = build_site(STUDY, site)
    assert result.returncode == 0, result.stderr
    return (site / "decks" / "biology-cells.html").as_uri(), (site / "index.html").as_uri()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        # No sandbox: CI runs as root, where Chromium refuses to start with one.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A page in a context of its own whose clock starts at START."""
    context = browser.new_context()
    page = context.new_page()
    page.clock.install(time=START)
    yield page
    context.close()


class PageWatch:
    """Opens a page and records console errors, CSP violations, dialogs and every request it makes."""

    def __init__(self, page):
        self.page = page
        self.console_errors = []
        self.requests = []
        self.dialogs = []
        page.on("console", lambda message: message.type == "error" and self.console_errors.append(message.text))
        page.on("pageerror", lambda error: self.console_errors.append(str(error)))
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        # Collected in the page itself, from the first script the browser runs on it.
        page.add_init_script("""
            window.__violations = [];
            document.addEventListener('securitypolicyviolation',
                e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
        """)

    def open(self, url: str):
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        return self

    @property
    def violations(self):
        return self.page.evaluate("window.__violations || []")


@pytest.fixture
def watch(browser):
    def make(**context_options):
        context = browser.new_context(**context_options)
        return PageWatch(context.new_page())
    return make


@pytest.fixture
def served(tmp_path):
    """`deckgen serve` on a one-note content folder in tmp_path: yields its URL and the note's path."""
    note = tmp_path / "content" / "biology" / "cells.md"
    note.parent.mkdir(parents=True)
    note.write_text("# Cells\n\n**Mitosis** is how a cell divides. FIRST-VERSION\n")
    process = subprocess.Popen([DECKGEN, "serve", "content", "-o", "site", "--port", "0"], cwd=tmp_path,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = []
    threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True).start()
    deadline = time.monotonic() + 60
    port = None
    while port is None:
        assert time.monotonic() < deadline and process.poll() is None, "".join(lines)
        found = [re.search(r"127\.0\.0\.1:(\d+)/", line) for line in list(lines)]
        port = next((int(match.group(1)) for match in found if match), None)
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", note
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=10) == 0
