"""Recall and cloze cards in Chromium: type an answer, show the answer, grade it as in Anki; and without JavaScript."""
import json

import pytest

from conftest import build_site, storage_key

NOTE = """---
title: Recall
questions: false
---

# Recall

Reykjavík is the capital of Iceland, and the nucleus keeps a cell's DNA.

```quiz
Q: Which city is the capital of Iceland?
A: Reykjavík
> Reykjavík is the capital and largest city of Iceland.

Q: The ____ holds the cell's DNA.
A: nucleus
> The nucleus keeps the chromosomes.

Q: Which organelle makes proteins?
- [x] Ribosome
- [ ] Vacuole
- [ ] Lysosome
> Ribosomes join amino acids into chains.
```
"""
CAPITAL = "Which city is the capital of Iceland?"
CLOZE = "The ____ holds the cell's DNA."
STORE_KEY = storage_key("deck:recall")


@pytest.fixture(scope="module")
def deck_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("recall")
    (root / "content").mkdir()
    (root / "content" / "recall.md").write_text(NOTE)
    result = build_site(root / "content", root / "site")
    assert result.returncode == 0, result.stderr
    return (root / "site" / "decks" / "recall.html").as_uri()


def current_card(page):
    return page.locator(".card:not([hidden])").first


def stored_cards(page):
    return page.evaluate(f"JSON.parse(localStorage.getItem('{STORE_KEY}') || '{{}}').cards || {{}}")


def deck_ids(page):
    """The question id of each prompt, from the page's own data."""
    data = json.loads(page.locator("#deck-data").text_content())
    return {question["prompt"]: question["id"] for question in data["questions"]}


def in_deck_order(watch):
    """A watched page whose shuffles keep the deck's order (Math.random pinned), so a test can walk the cards in turn."""
    seen = watch()
    seen.page.add_init_script("Math.random = () => 0.9999;")
    return seen


def test_a_typed_answer_is_matched_leniently_and_good_counts_as_right(deck_url, watch):
    seen = in_deck_order(watch).open(deck_url)
    page = seen.page
    card = current_card(page)
    assert card.locator(".card-prompt").inner_text() == CAPITAL
    # Nothing of the answer shows before it is asked for, and the box is labelled.
    assert not card.locator(".feedback").is_visible() and not card.locator(".grades").is_visible()
    assert "Reykjav" not in card.inner_text()
    assert "keys 1–4 grade it" in page.locator(".hint").inner_text()
    field = page.get_by_label("Type your answer (optional)").first
    assert field.is_visible()
    field.fill("  REYKJAVIK!! ")
    card.get_by_role("button", name="Show the answer").click()
    feedback = card.locator(".feedback")
    assert "Your answer matches." in feedback.inner_text()
    assert "Answer: Reykjavík" in feedback.inner_text()
    assert "largest city of Iceland" in feedback.inner_text()
    page.wait_for_function("document.querySelector('[aria-live]').textContent.includes('Your answer matches')")
    grades = card.get_by_role("group", name="How well did you remember it?")
    assert grades.locator(".grade-text").all_inner_texts() == ["Again", "Hard", "Good", "Easy"]
    # Good has focus, as Anki's space bar would press it.
    assert page.evaluate("document.activeElement.dataset.grade") == "good"
    assert stored_cards(page) == {}
    grades.get_by_role("button", name="Good").click()
    assert "You graded it Good." in card.inner_text()
    assert "Score 1 / 1" in page.locator(".score").inner_text()
    # The same move on the schedule as a right multiple-choice answer: FSRS-5's first Good, due in 3 days.
    capital = stored_cards(page)[deck_ids(page)[CAPITAL]]
    assert capital["interval"] == 3 and capital["right"] == 1 and capital["wrong"] == 0
    assert card.locator(".grade[disabled]").count() == 4
    assert page.evaluate("document.activeElement.classList.contains('next')")
    assert seen.console_errors == [] and seen.violations == []


def test_a_cloze_card_shows_its_blank_and_again_is_a_mistake_to_review(deck_url, watch):
    seen = watch().open(deck_url)
    page = seen.page
    ids = deck_ids(page)
    mistakes = 0
    for _ in range(3):
        card = current_card(page)
        prompt = card.locator(".card-prompt")
        if card.locator(".recall-input").count() == 0:
            card.locator("button.choice", has_text="Ribosome").click()
        elif "Iceland" in prompt.inner_text():
            card.locator(".recall-input").fill("Reykjavík")
            card.locator(".reveal").click()
            card.get_by_role("button", name="Easy").click()
        else:
            blank = prompt.locator(".blank")
            assert blank.is_visible() and "____" in blank.inner_text()
            # By keyboard alone: type in the box, Enter shows the answer, 1 is Again.
            card.locator(".recall-input").focus()
            page.keyboard.type("nucléolus")
            page.keyboard.press("Enter")
            assert "does not match" in card.locator(".feedback .verdict").inner_text()
            assert "Answer: nucleus" in card.locator(".feedback").inner_text()
            page.keyboard.press("1")
            mistakes += 1
            assert "You graded it Again." in card.inner_text()
        page.keyboard.press("Enter")
    results = page.locator(".results")
    results.wait_for(state="visible")
    assert "2 of 3 right" in results.inner_text()
    wrong = results.locator(".review li.is-wrong")
    assert wrong.count() == mistakes == 1
    assert CLOZE in wrong.inner_text() and "Again" in wrong.inner_text() and "Answer: nucleus" in wrong.inner_text()
    cards = stored_cards(page)
    assert cards[ids[CLOZE]]["interval"] == 1 and cards[ids[CLOZE]]["wrong"] == 1 and cards[ids[CLOZE]]["right"] == 0
    # Easy sends a new card furthest: FSRS-5's first Easy is 16 days.
    assert cards[ids[CAPITAL]]["interval"] == 16 and cards[ids[CAPITAL]]["right"] == 1
    results.get_by_role("button", name="Retry the wrong ones (1)").click()
    assert page.locator(".card").count() == 1
    assert current_card(page).locator(".card-prompt").inner_text().startswith("The ")
    assert seen.console_errors == [] and seen.violations == []


def test_without_javascript_the_answer_is_inside_details(deck_url, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(deck_url)
    recall = page.locator(".static-questions li.question.recall", has_text=CAPITAL)
    assert recall.is_visible()
    assert recall.locator("ol.choices").count() == 0
    details = recall.locator("details.answer")
    assert details.locator("summary").inner_text() == "Show the answer"
    assert not details.locator(".key").is_visible()
    details.locator("summary").click()
    assert details.locator(".key").inner_text() == "Reykjavík"
    cloze = page.locator(".static-questions li.question.recall", has_text="holds the cell")
    assert "____" in cloze.locator(".prompt").inner_text()
    # The multiple-choice question is as before, lettered.
    assert page.locator(".static-questions li.question:not(.recall) ol.choices li").count() == 3
    context.close()


def test_printing_puts_recall_answers_in_the_answer_key(deck_url, watch):
    page = watch().open(deck_url).page
    page.emulate_media(media="print")
    key = page.locator(".answer-key")
    assert key.is_visible()
    assert "Reykjavík" in key.inner_text() and "nucleus" in key.inner_text()
    assert not page.locator(".quiz-app").is_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_recall_text_meets_wcag_aa(deck_url, browser, scheme):
    from test_accessibility import MEASURE
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.add_init_script("Math.random = () => 0.9999;")  # the deck's order: a recall card first
    page.goto(deck_url)
    card = current_card(page)
    card.locator(".recall-input").fill("Oslo")
    card.locator(".reveal").click()
    card.get_by_role("button", name="Hard").click()
    selectors = [".recall-form label", ".recall-input", ".feedback .verdict", ".recall-answer", ".grade-prompt",
                 ".grade.chosen .grade-text", ".grade:not(.chosen) .grade-text", ".graded"]
    ratios = dict(page.evaluate(MEASURE, selectors))
    assert all(ratio is not None for ratio in ratios.values()), ratios
    low = {selector: round(ratio, 2) for selector, ratio in ratios.items() if ratio < 4.5}
    assert low == {}, f"{scheme}: below 4.5:1: {low}"
    context.close()


def test_all_on_one_page_goes_on_from_a_graded_card_to_the_next_open_one(deck_url, watch):
    seen = watch().open(deck_url)
    page = seen.page
    page.get_by_role("button", name="All questions on one page").click()
    cards = page.locator(".card")
    assert cards.count() == 3 and all(cards.nth(i).is_visible() for i in range(3))
    first = cards.filter(has_text=CAPITAL)
    first.locator(".recall-input").focus()
    page.keyboard.type("reykjavik")
    page.keyboard.press("Enter")
    page.keyboard.press("3")
    # Next is hidden on this view: focus moves to the next card still to answer, not to the page.
    assert page.evaluate("document.activeElement.closest('.card') !== null")
    assert page.evaluate("document.activeElement.closest('.card').getAttribute('data-index')") != first.get_attribute("data-index")
    assert "Score 1 / 1" in page.locator(".score").inner_text()
    assert seen.console_errors == [] and seen.violations == []
