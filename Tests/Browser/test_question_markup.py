"""Questions written in Markdown, opened in Chromium: code, emphasis, sub/superscript and maths drawn in the card,
its feedback, the results and the printed worksheet; read aloud as plain text; nothing in them runs."""
import pytest

from conftest import build_one_note

NOTE = r"""# Powers

Squares grow fast.

```quiz
Q: What does `square(x)` return for **each** x<sup>2</sup> <img src=x onerror="window.__pwned=1">?
- [x] The value $x^2$
- [ ] A *new* list of H<sub>2</sub>O
- [ ] `None`
> `square` multiplies **x** by itself.
> So $3^2 = 9$.
```
"""


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    page, _ = build_one_note(tmp_path_factory.mktemp("markup"), "powers.md", NOTE)
    return page


def test_the_card_shows_markdown_rendered(deck, watch):
    seen = watch().open(deck.as_uri())
    page = seen.page
    card = page.locator(".card").first
    assert card.locator(".card-prompt code").inner_text() == "square(x)"
    assert card.locator(".card-prompt strong").inner_text() == "each"
    assert card.locator(".card-prompt sup").inner_text() == "2"
    texts = card.locator(".choice-text")
    assert texts.count() == 3
    assert card.locator(".choice-text math").count() == 1
    assert card.locator(".choice-text sub").inner_text() == "2"
    assert card.locator(".choice-text em").inner_text() == "new"
    assert "`" not in card.inner_text() and "**" not in card.inner_text() and "$" not in card.inner_text()
    # Answer it: the explanation shows its code and formula too.
    card.locator(".choice", has=page.locator("math")).click()
    assert card.locator(".explanation code").inner_text() == "square"
    assert card.locator(".explanation math").count() == 1
    assert page.evaluate("window.__pwned") is None
    assert seen.violations == []
    assert not [url for url in seen.requests if not url.startswith("file:")]


def test_read_aloud_reads_plain_text(deck, watch):
    page = watch().open(deck.as_uri()).page
    page.evaluate("""() => {
        window.__spoken = [];
        window.speechSynthesis.speak = (utterance) => window.__spoken.push(utterance.text);
    }""")
    page.get_by_role("button", name="Read aloud").click()
    spoken = page.evaluate("window.__spoken")
    assert spoken and "What does square(x) return for each x2" in spoken[0], spoken
    assert "`" not in spoken[0] and "**" not in spoken[0] and "<sup>" not in spoken[0]
    assert "x^2" in spoken[0]


def test_the_printed_worksheet_shows_markdown_rendered(deck, watch):
    page = watch().open(deck.as_uri()).page
    page.emulate_media(media="print")
    sheet = page.locator(".static-questions")
    assert sheet.locator(".prompt code").inner_text() == "square(x)"
    assert sheet.locator(".choices math").count() == 1
    assert sheet.locator(".choices sub").inner_text() == "2"
    assert "`" not in sheet.inner_text() and "**" not in sheet.inner_text()
