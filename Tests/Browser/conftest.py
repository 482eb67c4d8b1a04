"""Shared set-up for the browser tests: a deckgen binary, Debian's Chromium, and built sites."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
# Absolute: some tests run the binary from a temporary folder, and the Makefile passes a relative path.
DECKGEN = os.path.abspath(os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen")))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = ROOT / ".build" / "screenshots"


def build_site(content: Path, site: Path) -> subprocess.CompletedProcess:
    """Runs `deckgen build CONTENT -o SITE` and returns the finished process."""
    return subprocess.run([DECKGEN, "build", str(content), "-o", str(site)],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        # No sandbox: CI runs as root, where Chromium refuses to start with one.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


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
