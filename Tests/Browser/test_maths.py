"""Maths in a note, opened in Chromium: MathML drawn with real size, no TeX source left, nothing loaded, no script run
by a formula, the page's Content-Security-Policy unbroken."""
import pytest

from conftest import build_one_note

NOTE = r"""# Kinematics

The speed is $v = \frac{d}{t}$ and the energy $E_k = \frac{1}{2} m v^2$; it costs $5 to $10.

$$
\begin{pmatrix} a & b \\ c & d \end{pmatrix}
$$

An evil formula $\href{javascript:window.__pwned=1}{click}$ stays text.
"""


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    page, result = build_one_note(tmp_path_factory.mktemp("maths"), "kinematics.md", NOTE)
    assert "kinematics.md:9: warning" in result.stderr and "\\href is refused" in result.stderr
    return page


def test_formulas_are_drawn_as_mathml(deck, watch):
    seen = watch().open(deck.as_uri())
    page = seen.page
    sizes = page.evaluate("""[...document.querySelectorAll('.note math')].map(m => {
        const box = m.getBoundingClientRect(); return [box.width, box.height, m.getAttribute('display')]; })""")
    assert len(sizes) == 3
    assert all(width > 10 and height > 10 for width, height, _ in sizes)
    assert sizes[2][2] == "block"
    text = page.inner_text(".note")
    assert "\\frac" not in text.replace(page.inner_text(".note .math-source"), "")
    assert "$5 to $10" in text


def test_a_formula_runs_nothing_and_loads_nothing(deck, watch):
    seen = watch().open(deck.as_uri())
    page = seen.page
    for link in page.query_selector_all(".note a"):
        link.click()
    assert page.evaluate("window.__pwned") is None
    assert seen.violations == []
    assert not [url for url in seen.requests if not url.startswith("file:")]
