"""Studying a deck in Chromium: by mouse, by keyboard alone, through results and retry, with progress kept."""

from conftest import STUDY_ANSWERS as ANSWERS
from conftest import storage_key


def current_card(page):
    return page.locator(".card:not([hidden])").first


def correct_choice(card):
    prompt = card.locator(".card-prompt").inner_text()
    return card.locator("button.choice", has_text=ANSWERS[prompt])


def test_right_and_wrong_answers_give_feedback_in_a_live_region(study_urls, watch):
    seen = watch().open(study_urls[0])
    page = seen.page
    card = current_card(page)
    assert card.locator("button.choice").count() >= 3
    correct_choice(card).click()
    assert "Right" in card.locator(".feedback").inner_text()
    page.wait_for_function("document.querySelector('[aria-live]').textContent.includes('Right')")
    card.locator(".next").click()
    card = current_card(page)
    wrong = card.locator("button.choice").filter(has_not_text=ANSWERS[card.locator(".card-prompt").inner_text()]).first
    wrong.click()
    assert "Not quite" in card.locator(".feedback").inner_text()
    assert card.locator(".choice.correct").count() == 1 and card.locator(".choice.wrong").count() == 1
    assert card.locator("button.choice[disabled]").count() == card.locator("button.choice").count()
    assert "Score 1 / 2" in page.locator(".score").inner_text()
    assert seen.console_errors == [] and seen.violations == []


def test_keyboard_alone_reaches_the_results_and_retry_asks_the_wrong_ones_again(study_urls, watch):
    seen = watch().open(study_urls[0])
    page = seen.page
    wrong_answers = 0
    for _ in range(3):
        card = current_card(page)
        buttons = card.locator("button.choice")
        texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        answer = ANSWERS[card.locator(".card-prompt").inner_text()]
        right_index = next(i for i, text in enumerate(texts) if answer in text)
        # Answer the first question wrongly with a number key, the others rightly with letter keys.
        if wrong_answers == 0:
            page.keyboard.press(str((right_index + 1) % len(texts) + 1))
            wrong_answers += 1
        else:
            page.keyboard.press("ABCDEF"[right_index].lower())
        page.keyboard.press("Enter")
    results = page.locator(".results")
    results.wait_for(state="visible")
    assert "2 of 3 right" in results.inner_text()
    assert page.evaluate("document.activeElement.id") == "deckgen-results"
    for _ in range(5):
        page.keyboard.press("Tab")
        if "Retry" in page.evaluate("document.activeElement.textContent"):
            break
    assert page.evaluate("document.activeElement.textContent") == "Retry the wrong ones (1)"
    page.keyboard.press("Enter")
    assert page.locator(".card").count() == 1
    assert "Question 1 of 1" in current_card(page).inner_text()
    assert seen.console_errors == [] and seen.violations == [] and all(u.startswith("file://") for u in seen.requests)


def test_progress_survives_a_reload_and_shows_on_the_index(study_urls, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto(study_urls[0])
    correct_choice(current_card(page)).click()
    page.reload()
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.includes(':deck:'))")
    assert stored == [storage_key("deck:biology-cells")]
    cards = page.evaluate(f"JSON.parse(localStorage.getItem('{storage_key('deck:biology-cells')}')).cards")
    assert len(cards) == 1 and list(cards.values())[0]["right"] == 1
    page.goto(study_urls[1])
    assert "learned" in page.locator(".deck-item[data-deck='biology-cells'] .deck-progress").inner_text()
    context.close()


def test_the_index_search_filters_by_question_text(study_urls, watch):
    page = watch().open(study_urls[1]).page
    page.fill("#deck-search", "photosynthesis")
    assert page.locator(".deck-item:not([hidden])").count() == 1
    page.fill("#deck-search", "no such words anywhere")
    assert page.locator(".deck-item:not([hidden])").count() == 0
    assert "0 of 1 decks match" in page.locator(".search-status").inner_text()


def test_printing_shows_the_worksheet_and_answer_key(study_urls, watch):
    page = watch().open(study_urls[0]).page
    page.emulate_media(media="print")
    assert page.locator(".static-questions").is_visible()
    assert page.locator(".answer-key").is_visible()
    assert not page.locator(".quiz-app").is_visible()
