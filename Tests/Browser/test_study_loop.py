"""Defects of the study loop, each driven as a student meets it in Chromium: Enter pressed twice, See results in the
all-questions view, read aloud on the results, Retry with nothing to retry, the last score, and a reset that asks again
and can be undone."""
import json
from datetime import datetime, timedelta, timezone

import pytest

from conftest import STUDY_ANSWERS as ANSWERS
from conftest import storage_key

KEY = storage_key("deck:biology-cells")


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    # Read aloud, recorded instead of spoken.
    page.add_init_script("""
        window.__spoken = [];
        Object.defineProperty(window, 'speechSynthesis', { configurable: true,
            value: { cancel() {}, speak(u) { window.__spoken.push(u.text); } } });
        Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true,
            value: function (text) { this.text = text; } });
    """)
    page.clock.install(time=datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc))
    yield page
    context.close()


def current(page):
    return page.locator(".card:not([hidden])").first


def right_key(card):
    texts = card.locator("button.choice .choice-text").all_inner_texts()
    return "abcdef"[texts.index(ANSWERS[card.locator(".card-prompt").inner_text()])]


def answered(card):
    return card.locator("button.choice[disabled]").count() > 0


def finish_round(page):
    for _ in ANSWERS:
        page.keyboard.press(right_key(current(page)))
        page.keyboard.press("Enter")
    page.locator(".results").wait_for(state="visible")


def test_enter_twice_goes_on_once_and_answers_nothing(study_urls, page):
    page.goto(study_urls[0])
    page.keyboard.press(right_key(current(page)))
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    second = current(page)
    assert "Question 2 of 3" in second.inner_text()
    assert not answered(second), "the second Enter chose an answer"
    assert page.evaluate("document.activeElement.classList.contains('card-prompt')")
    # The keys still answer from there.
    page.keyboard.press(right_key(second))
    assert answered(second)


def test_see_results_before_every_answer_goes_to_the_first_open_card(study_urls, page):
    page.goto(study_urls[0])
    page.get_by_role("button", name="All questions on one page").click()
    page.locator(".card:last-child .next").click()
    assert page.locator(".results").is_hidden()
    assert page.evaluate("document.activeElement.closest('.card').querySelector('.card-count').textContent") == "Question 1 of 3"


def test_read_aloud_on_the_results_reads_the_results(study_urls, page):
    page.goto(study_urls[0])
    finish_round(page)
    page.get_by_role("button", name="Read aloud").click()
    assert page.evaluate("window.__spoken") == ["Results: 3 of 3 right (100%)"]


def test_retry_with_nothing_wrong_looks_disabled(study_urls, page):
    page.goto(study_urls[0])
    finish_round(page)
    retry = page.get_by_role("button", name="Retry the wrong ones (0)")
    assert retry.is_disabled()
    assert float(retry.evaluate("b => getComputedStyle(b).opacity")) <= 0.5


def test_the_last_score_shows_after_a_reload(study_urls, page):
    page.goto(study_urls[0])
    assert page.locator(".last-score").is_hidden()
    finish_round(page)
    page.reload()
    assert page.locator(".last-score").inner_text().startswith("Last time: 3 of 3 right on ")


def test_reset_asks_again_and_can_be_undone(study_urls, page):
    page.goto(study_urls[0])
    finish_round(page)
    kept = page.evaluate(f"localStorage.getItem('{KEY}')")
    reset = page.locator(".toolbar button", has_text="Reset progress")
    reset.click()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == kept, "one click wiped the deck"
    page.locator(".toolbar button", has_text="Press again to reset").click()
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}')).cards") == {}
    page.get_by_role("button", name="Undo reset").click()
    restored = page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}'))")
    assert restored["cards"] == json.loads(kept)["cards"]
    assert page.get_by_role("button", name="Undo reset").is_hidden()


def test_the_index_counts_what_is_due_today(study_urls, page):
    page.goto(study_urls[0])
    card = current(page)
    count = card.locator("button.choice").count()
    page.keyboard.press("abcdef"[("abcdef".index(right_key(card)) + 1) % count])  # one wrong answer
    page.keyboard.press("Enter")
    for _ in range(2):
        page.keyboard.press(right_key(current(page)))
        page.keyboard.press("Enter")
    page.goto(study_urls[1])
    assert page.locator(".due-total").is_hidden()
    page.clock.set_system_time(datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc) + timedelta(days=1, hours=1))
    page.reload()
    assert page.locator(".due-total .due-count").inner_text() == "1 to study today across 1 decks"
    assert page.locator(".due-total .review-link").inner_text() == "Review 1 due"


def visit_order(page):
    """The round as shown: each card's prompt with its choices in the order on screen."""
    return tuple((card.locator(".card-prompt").inner_text(), tuple(card.locator(".choice-text").all_inner_texts()))
                 for card in page.locator(".card").all())


def test_choices_and_questions_are_shuffled_on_every_visit_but_the_file_is_not(study_urls, browser):
    before = open(study_urls[0][len("file://"):], "rb").read()
    seen = set()
    for _ in range(6):
        context = browser.new_context()
        page = context.new_page()
        page.goto(study_urls[0])
        page.get_by_role("button", name="All questions on one page").click()
        seen.add(visit_order(page))
        context.close()
    assert len(seen) > 1, "six visits showed the same order"
    assert open(study_urls[0][len("file://"):], "rb").read() == before


def test_a_reload_mid_round_goes_on_where_it_was(study_urls, page):
    page.goto(study_urls[0])
    order = [card.locator(".card-prompt").inner_text() for card in page.locator(".card").all()]
    choices = visit_order(page)
    first = current(page)
    page.keyboard.press(right_key(first))
    page.keyboard.press("Enter")
    page.reload()
    # The same round, in the same order with the same choices, on the second card, the first still answered.
    assert [card.locator(".card-prompt").inner_text() for card in page.locator(".card").all()] == order
    assert visit_order(page) == choices
    assert "Question 2 of 3" in current(page).inner_text()
    assert answered(page.locator(".card").first)
    assert "Score 1 / 1" in page.locator(".score").inner_text()
    for _ in range(2):
        page.keyboard.press(right_key(current(page)))
        page.keyboard.press("Enter")
    page.locator(".results").wait_for(state="visible")
    assert "3 of 3 right" in page.locator(".results").inner_text()
    # Finished rounds are not resumed: the next visit starts afresh.
    page.reload()
    assert not answered(current(page))


def test_export_clear_import_restores_every_card(study_urls, page, tmp_path):
    page.goto(study_urls[0])
    finish_round(page)
    kept = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["cards"]
    page.goto(study_urls[1])
    with page.expect_download() as download:
        page.get_by_role("button", name="Export progress").click()
    exported = tmp_path / "progress.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["deckgen"] == "progress" and data["decks"]["biology-cells"]["cards"] == kept
    # Another browser: nothing stored; importing the file brings back every card.
    page.evaluate("localStorage.clear()")
    page.reload()
    assert "new" in page.locator(".deck-item[data-deck='biology-cells'] .deck-progress").inner_text()
    page.locator(".import-progress input[type=file]").set_input_files(str(exported))
    page.locator(".progress-status").filter(has_text="Progress imported").wait_for()
    assert page.locator(".progress-status").inner_text() == "Progress imported: 3 cards of 1 decks."
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["cards"] == kept
    assert "learned" in page.locator(".deck-item[data-deck='biology-cells'] .deck-progress").inner_text()
    # Importing the same file again changes nothing: each card keeps its latest review.
    page.locator(".import-progress input[type=file]").set_input_files(str(exported))
    page.locator(".progress-status").filter(has_text="0 cards").wait_for()
    # A file that is not progress is refused, and nothing changes.
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}')
    page.locator(".import-progress input[type=file]").set_input_files(str(junk))
    page.locator(".progress-status").filter(has_text="not deckgen progress").wait_for()
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["cards"] == kept
