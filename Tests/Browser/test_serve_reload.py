"""`deckgen serve` in Chromium: the reload script runs under the page's strict policy, with no violation, and an
open page reloads itself after an edit and after a failed rebuild (showing the banner)."""
import time


def wait_for_text(page, text, timeout=15):
    """Waits until the page, reloaded by its own script, shows `text`; no eval, which the page's policy forbids."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if text in page.content():
                return
        except Exception:  # the page is between loads
            pass
        time.sleep(0.1)
    raise AssertionError(f"the page never showed {text!r}")


def test_open_page_reloads_on_edit_and_on_failure(watch, served):
    url, note = served
    page = watch()
    refused = []
    page.page.on("response", lambda response: response.status >= 400 and refused.append(response.url))
    page.open(url + "/decks/biology-cells.html")
    assert "FIRST-VERSION" in page.page.content()
    note.write_text(note.read_text().replace("FIRST-VERSION", "SECOND-VERSION"))
    wait_for_text(page.page, "SECOND-VERSION")
    (note.parent / "broken.md").write_text('---\ntitle: "unterminated\n---\nx\n')
    wait_for_text(page.page, "deckgen-serve-error")
    assert "deckgen: the last rebuild failed" in page.page.inner_text("#deckgen-serve-error")
    # The banner's own style applies: its stylesheet was allowed by hash too.
    assert page.page.eval_on_selector("#deckgen-serve-error", "e => getComputedStyle(e).position") == "sticky"
    assert page.violations == []
    # The browser's own request for /favicon.ico (sites have none) is the only thing missing.
    assert {address.removeprefix(url) for address in refused} <= {"/favicon.ico"}
    assert [error for error in page.console_errors if "status of 404" not in error] == []
