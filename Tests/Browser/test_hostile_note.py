"""A note written to attack its reader: nothing in it may run, with or without the page's CSP."""
import pytest

from conftest import ROOT, build_site

HOSTILE = ROOT / "Tests" / "Browser" / "fixtures" / "hostile"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile") / "site"
    result = build_site(HOSTILE, out)
    assert result.returncode == 0, result.stderr
    return out


INSPECT = """() => ({
    pwned: window.__pwned === undefined ? null : String(window.__pwned),
    scripts: [...document.scripts].filter(s => s.type !== 'application/json').length,
    handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]
        .filter(a => a.name.toLowerCase().startsWith('on')).map(a => e.tagName + ' ' + a.name)),
    scriptURLs: [...document.querySelectorAll('[href],[src]')].map(e => e.getAttribute('href') || e.getAttribute('src'))
        .filter(u => /^\\s*(javascript|vbscript|data:text)/i.test(u)),
    embeds: document.querySelectorAll('iframe,object,embed,svg,style:not(head style)').length,
})"""


@pytest.mark.parametrize("bypass_csp", [False, True], ids=["with-csp", "without-csp"])
def test_nothing_runs(site, watch, bypass_csp):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) == 3
    deck = next((site / "decks").glob("*.html")).stem
    for path in pages:
        seen = watch(bypass_csp=bypass_csp).open(path.as_uri())
        if path.name == "review.html":
            # The deck begun, so that its new cards are due and the review page shows the attack's questions.
            seen.page.evaluate("""slug => localStorage.setItem('deckgen:v2:' + document.querySelector('meta[name=deckgen-site]').content +
                ':deck:' + slug, JSON.stringify({cards: {begun: {s: 1, d: 5, due: 0, last: 0}}}))""", deck)
            seen.page.reload()
            assert seen.page.locator(".card").count() > 0
        # Give any injected handler (img onerror) time to fire.
        seen.page.wait_for_timeout(300)
        for link in seen.page.query_selector_all("a"):
            link.dispatch_event("mouseover")
        found = seen.page.evaluate(INSPECT)
        # One script runs on every page: deckgen's own quiz runtime.
        assert found == {"pwned": None, "scripts": 1, "handlers": [], "scriptURLs": [], "embeds": 0}, path
        assert seen.dialogs == []
        # The attack text is still shown, as text.
        assert "<script>" in seen.page.inner_text("body")


def test_attack_text_is_shown_escaped_in_title_and_tags(site, watch):
    page = next((site / "decks").glob("*.html"))
    seen = watch().open(page.as_uri())
    assert seen.page.title().startswith('"><img src=x onerror=')
    tags = seen.page.eval_on_selector_all(".tag", "tags => tags.map(t => t.textContent)")
    assert "<script>window.__pwned='tag'</script>" in tags


def test_html_github_keeps_is_kept_without_its_attributes(site, watch):
    page = next((site / "decks").glob("*.html"))
    seen = watch().open(page.as_uri())
    kept = seen.page.evaluate("""() => ({
        sup: document.querySelector('.note sup')?.textContent,
        sub: document.querySelector('.note sub')?.textContent,
        kbd: document.querySelector('.note kbd')?.textContent,
        rt: document.querySelector('.note ruby rt')?.textContent,
        details: document.querySelector('.note details summary')?.textContent,
        styled: document.querySelectorAll('.note [style]').length,
        forms: document.querySelectorAll('.note form, .note input:not([type=checkbox]), .note button, base, meta[http-equiv=refresh]').length,
    })""")
    assert kept == {"sup": "n+1", "sub": "d", "kbd": "Ctrl", "rt": "かん", "details": "More", "styled": 0, "forms": 0}
    # An image naming no file of the content folder shows its alt text instead.
    assert "missing figure" in seen.page.inner_text(".note")
    assert seen.page.query_selector('.note img[alt="missing figure"]') is None
