"""`deckgen serve` in Chromium: an HTML or SVG file under files/ (the content's own files, which a stranger's notes
folder may fill) runs no script when opened, because every response under files/ carries a sandbox policy."""
import time

import pytest

# Each payload would tell on itself three ways: a dialog, a request back to the server, and a changed title.
PAYLOADS = {
    "evil.html": "<!DOCTYPE html><html><head><title>quiet</title></head><body><p>attachment</p>"
                 "<script>document.title = 'RAN'; fetch('/ran-html'); alert('html');</script></body></html>",
    "evil.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><title>quiet</title>'
                '<rect width="40" height="40" fill="teal"/>'
                "<script>document.title = 'RAN'; fetch('/ran-svg'); alert('svg');</script></svg>",
}


def opened(watch, url):
    """The page at `url` after its scripts, if any were let run, have had time to run."""
    seen = watch()
    responses = []
    seen.page.on("response", lambda response: responses.append(response))
    seen.open(url)
    time.sleep(0.5)
    return seen, responses


@pytest.mark.parametrize("name", sorted(PAYLOADS))
def test_script_in_an_attachment_does_not_run(watch, served, name):
    url, note = served
    site = note.parents[2] / "site"
    (site / "files").mkdir(exist_ok=True)
    (site / "files" / name).write_text(PAYLOADS[name])
    seen, responses = opened(watch, f"{url}/files/{name}")
    assert seen.dialogs == []
    assert not [address for address in seen.requests if "/ran-" in address]
    assert seen.page.title() != "RAN"
    main = next(response for response in responses if response.url.endswith("/files/" + name))
    assert main.status == 200
    assert main.headers["content-security-policy"].startswith("sandbox;")
    assert main.headers["x-content-type-options"] == "nosniff"


def test_the_same_script_runs_outside_files(watch, served):
    """The control: the same HTML outside files/ (where only deckgen's own pages belong) runs, so the test above can see script run."""
    url, note = served
    site = note.parents[2] / "site"
    (site / "control.html").write_text(PAYLOADS["evil.html"])
    seen, _ = opened(watch, f"{url}/control.html")
    assert seen.dialogs == ["html"]
    assert any("/ran-html" in address for address in seen.requests)
