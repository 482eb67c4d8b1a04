"""Files a note links to that a browser could run (HTML, SVG, XHTML, XML with XSLT, types it would sniff): opened from
the built site, by a link or as an image, not one script runs and nothing is loaded from the network."""
import pytest

from conftest import build_site

PAYLOAD = "<script>window.top.__pwned = 'script'; alert('pwned')</script>"
ATTACHMENTS = {
    "handout.html": f"<!doctype html><h1>Handout</h1><p>Read this.</p>{PAYLOAD}<img src=x onerror=\"alert('onerror')\">"
                    "<img src='https://example.org/tracker.png'>",
    "diagram.svg": "<svg xmlns='http://www.w3.org/2000/svg' width='120' height='60' onload=\"alert('onload')\">"
                   "<rect width='120' height='60' fill='teal'/><script>alert('svg')</script></svg>",
    "page.xhtml": "<html xmlns='http://www.w3.org/1999/xhtml'><body><p>x</p>"
                  "<script>alert('xhtml')</script></body></html>",
    "style.xsl": "<xsl:stylesheet version='1.0' xmlns:xsl='http://www.w3.org/1999/XSL/Transform'>"
                 "<xsl:template match='/'><html><body><script>alert('xslt')</script></body></html></xsl:template></xsl:stylesheet>",
    "feed.xml": "<?xml version='1.0'?><?xml-stylesheet type='text/xsl' href='style.xsl'?><feed/>",
    "notes.weird": f"<html><body>{PAYLOAD}</body></html>",
    "essay.docx": f"<html><body>{PAYLOAD}</body></html>",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("attachments")
    content = root / "content"
    content.mkdir()
    links = "\n".join(f"- [{name}]({name})" for name in ATTACHMENTS)
    (content / "cells.md").write_text("# Cells\n\n![a diagram](diagram.svg)\n\n" + links + "\n\n"
                                      "- **Nucleus**: holds the cell's DNA.\n- **Ribosome**: joins amino acids.\n")
    for name, text in ATTACHMENTS.items():
        (content / name).write_text(text)
    result = build_site(content, root / "site")
    assert result.returncode == 0, result.stderr
    return root / "site"


def test_no_attachment_runs_script(site, watch):
    deck = next((site / "decks").glob("*.html"))
    seen = watch().open(deck.as_uri())
    seen.page.wait_for_timeout(300)
    assert seen.page.evaluate("document.querySelector('img[alt=\"a diagram\"]').naturalWidth") == 120
    targets = seen.page.eval_on_selector_all("a[href*='files/']", "links => links.map(a => a.href)")
    assert len(targets) == len(ATTACHMENTS)
    for target in targets:
        opened = watch()
        failures = {}
        opened.page.on("requestfailed", lambda request: failures.__setitem__(request.url, request.failure))
        opened.open(target)
        opened.page.wait_for_timeout(300)
        assert opened.dialogs == [], target
        assert opened.page.evaluate("window.__pwned === undefined"), target
        # Pictures the file asks for on the network are refused by the page's policy before anything leaves the machine.
        for url in opened.requests:
            assert url.startswith(("file:", "data:", "about:")) or failures.get(url) in ("csp", "net::ERR_BLOCKED_BY_CSP"), (url, failures)
    # No file that a browser would run is in the site at all.
    names = {path.name for path in (site / "files").iterdir()}
    assert names == {"diagram.svg", "handout.html.html", "page.xhtml.html", "style.xsl.html", "feed.xml.html",
                     "notes.weird.html", "essay.docx.html"}


def test_a_viewer_page_shows_the_file_and_offers_it(site, watch):
    seen = watch().open((site / "files" / "handout.html.html").as_uri())
    frame = seen.page.frames[1]
    assert frame.inner_text("h1") == "Handout"
    with seen.page.expect_download() as download:
        seen.page.click("text=Download the original")
    assert open(download.value.path()).read() == ATTACHMENTS["handout.html"]
    xml = watch().open((site / "files" / "feed.xml.html").as_uri())
    assert "xml-stylesheet" in xml.page.inner_text("pre")
