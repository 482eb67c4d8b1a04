"""WCAG AA contrast of the quiz's text in light and dark, measured in Chromium from the computed styles."""
import pytest

from conftest import STUDY, build_site

MEASURE = """(selectors) => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
  const lum = ({r, g, b}) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (el) => { for (let n = el; n; n = n.parentElement) { const c = parse(getComputedStyle(n).backgroundColor);
    if (c.a > 0.5) return c; } return parse(getComputedStyle(document.body).backgroundColor); };
  return selectors.map((s) => { const el = document.querySelector(s); if (!el) return [s, null];
    const fg = lum(parse(getComputedStyle(el).color)), bg = lum(background(el));
    return [s, (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05)]; });
}"""

SELECTORS = ["body", ".card-prompt", ".choice-text", ".card-count", ".score", ".tool", ".crumbs a",
             ".choice.correct .choice-text", ".choice.wrong .choice-text", ".feedback .verdict", ".next", ".tag"]


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    site = tmp_path_factory.mktemp("contrast") / "site"
    assert build_site(STUDY, site).returncode == 0
    return (site / "decks" / "biology-cells.html").as_uri()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_meets_wcag_aa(deck, browser, scheme):
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto(deck)
    card = page.locator(".card:not([hidden])").first
    card.locator("button.choice").first.click()
    if card.locator(".choice.wrong").count() == 0:
        # The first choice was right: show a wrong one too, on the next card.
        card.locator(".next").click()
        card = page.locator(".card:not([hidden])").first
        buttons = card.locator("button.choice")
        for i in range(buttons.count()):
            buttons.nth(i).click()
            break
    ratios = dict(page.evaluate(MEASURE, SELECTORS))
    measured = {selector: ratio for selector, ratio in ratios.items() if ratio is not None}
    assert len(measured) >= 9, ratios
    low = {selector: round(ratio, 2) for selector, ratio in measured.items() if ratio < 4.5}
    print(scheme, {selector: round(ratio, 1) for selector, ratio in measured.items()})
    assert low == {}, f"{scheme}: below 4.5:1: {low}"
    context.close()
