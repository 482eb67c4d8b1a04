"""The study schedule in Chromium, its clock driven by Playwright: FSRS-5 as py-fsrs (the reference implementation,
from PyPI) computes it, practice before a card is due leaves its schedule alone, and a card comes due when its day comes.
"""
from datetime import datetime, timedelta, timezone

import pytest
from fsrs import Card, Rating, Scheduler

from conftest import STUDY_ANSWERS as ANSWERS
from conftest import START, storage_key

KEY = storage_key("deck:biology-cells")
# py-fsrs with what the page leaves out: learning steps and fuzz.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def answer(page, prompt, right):
    """Answers the card showing `prompt` (it must be the current one): the right choice, or the first wrong one."""
    card = page.locator(".card:not([hidden])").first
    assert card.locator(".card-prompt").inner_text() == prompt
    choice = card.locator("button.choice", has_text=ANSWERS[prompt]) if right else \
        card.locator("button.choice").filter(has_not_text=ANSWERS[prompt]).first
    choice.click()


def stored(page):
    return page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}')).cards")


def current_prompt(page):
    return page.locator(".card:not([hidden]) .card-prompt").first.inner_text()


def play_round(page, grades):
    """Answers the round in the page's order; `grades` maps a prompt to True (right) or False. Returns the prompts."""
    prompts = []
    for _ in range(len(ANSWERS)):
        prompt = current_prompt(page)
        prompts.append(prompt)
        answer(page, prompt, grades[prompt])
        page.locator(".card:not([hidden]) .next").first.click()
    return prompts


def card_of(page, prompt):
    """The stored card of the question with `prompt`."""
    ids = page.evaluate("JSON.parse(document.getElementById('deck-data').textContent).questions.map(q => [q.prompt, q.id])")
    return stored(page)[dict(ids)[prompt]]


def reviewed_at(card):
    """When the page reviewed `card`: its clock runs on from where the test set it."""
    return datetime.fromtimestamp(card["last"] / 1000, tz=timezone.utc)


def expect_same(card, reference: Card):
    assert card["s"] == pytest.approx(reference.stability, rel=1e-9)
    assert card["d"] == pytest.approx(reference.difficulty, rel=1e-9)
    assert card["due"] == round(reference.due.timestamp() * 1000)


def test_first_round_then_due_reviews_follow_fsrs(study_urls, page):
    page.goto(study_urls[0])
    grades = {prompt: prompt != "Which organelle makes proteins?" for prompt in ANSWERS}
    play_round(page, grades)
    reference = {}
    for prompt, right in grades.items():
        card = card_of(page, prompt)
        assert reviewed_at(card) - START < timedelta(minutes=1)
        reference[prompt] = SCHEDULER.review_card(Card(), Rating.Good if right else Rating.Again, reviewed_at(card))[0]
        expect_same(card, reference[prompt])
    # Nothing is due right after the round: the index says so.
    page.goto(study_urls[1])
    assert "0 to study" in page.locator(".deck-item[data-deck='biology-cells'] .deck-progress").inner_text()

    # The day the wrong card comes due, it is due (and the others not): answered right now, it follows FSRS again.
    wrong = "Which organelle makes proteins?"
    page.clock.set_system_time(reference[wrong].due)
    page.goto(study_urls[1])
    assert "1 to study" in page.locator(".deck-item[data-deck='biology-cells'] .deck-progress").inner_text()
    page.goto(study_urls[0])
    assert current_prompt(page) == wrong
    answer(page, wrong, True)
    again = SCHEDULER.review_card(reference[wrong], Rating.Good, reviewed_at(card_of(page, wrong)))[0]
    expect_same(card_of(page, wrong), again)
    assert card_of(page, wrong)["lapses"] == 0


def test_practice_before_a_card_is_due_leaves_its_schedule(study_urls, page):
    page.goto(study_urls[0])
    play_round(page, {prompt: True for prompt in ANSWERS})
    before = stored(page)
    # An hour later, start again and answer everything wrong: practice, not reviews.
    page.clock.set_system_time(START + timedelta(hours=1))
    page.reload()
    play_round(page, {prompt: False for prompt in ANSWERS})
    after = stored(page)
    for card_id, card in before.items():
        for field in ("s", "d", "due", "last", "reps", "lapses"):
            assert after[card_id][field] == card[field], field
        assert after[card_id]["wrong"] == 1
