"""Templates in a stranger's content folder shape its pages but run nothing: the page script cannot be replaced, and
deckgen's policy comes before anything a template writes."""
from conftest import build_site

BASE = """<!doctype html><script>alert('before head')</script><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="script-src 'unsafe-inline' *"><title>{{title}}</title></head>
<body><img src=x onerror="alert('handler')"><img src="https://example.org/pixel.png">{{{content}}}
<script>alert('inline')</script><script>{{{script}}}</script></body></html>"""


def test_templates_from_the_folder_run_nothing(tmp_path, watch):
    content = tmp_path / "content"
    (content / "templates").mkdir(parents=True)
    (content / "templates" / "base.mustache").write_text(BASE)
    (content / "templates" / "quiz.js").write_text("alert('replaced script')")
    (content / "cells.md").write_text("# Cells\n\n- **Nucleus**: holds the DNA.\n- **Ribosome**: joins amino acids.\n"
                                      "- **Vacuole**: stores water.\n- **Mitochondrion**: releases energy.\n")
    result = build_site(content, tmp_path / "site")
    assert result.returncode == 0, result.stderr
    assert "templates/quiz.js: warning: a content folder's templates may not replace the page script" in result.stderr
    for page in (tmp_path / "site").rglob("*.html"):
        seen = watch()
        failures = {}
        seen.page.on("requestfailed", lambda request: failures.__setitem__(request.url, request.failure))
        seen.open(page.as_uri())
        seen.page.wait_for_timeout(300)
        assert seen.dialogs == [], page
        # The page asks for the picture, and its policy refuses it before anything leaves the machine.
        for url in seen.requests:
            assert url.startswith("file:") or failures.get(url) in ("csp", "net::ERR_BLOCKED_BY_CSP"), (url, failures)
