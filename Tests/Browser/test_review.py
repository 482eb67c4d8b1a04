"""The review page, the index's search over notes and answers, and progress kept per site, driven in Chromium."""
import json
import shutil
from datetime import timedelta

import pytest

from conftest import START, STUDY, build_site, storage_key

# A second section beside the study deck's biology: its one question's answer and a body word appear nowhere else.
PHYSICS = """---
title: Motion
questions: false
---

# Motion

Velocity is speed in a given direction; the Quokka rule is a word only this paragraph holds.

```quiz
Q: What is mass times velocity?
- [x] Momentum
- [ ] Inertia
- [ ] Impulse
> Momentum is mass times velocity.
```
"""
CHINESE = """---
title: 植物
lang: zh-Hans
questions: false
---

# 植物

光合作用在叶绿体中进行。Étoile est un mot français.
"""
ANSWERS = {
    "Which organelle carries out photosynthesis?": "Chloroplast",
    "Which organelle makes proteins?": "Ribosome",
    "Which organelle holds the cell's DNA?": "Nucleus",
    "What is mass times velocity?": "Momentum",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("review")
    content = root / "content"
    shutil.copytree(STUDY, content)
    (content / "physics").mkdir()
    (content / "physics" / "motion.md").write_text(PHYSICS)
    (content / "plants.md").write_text(CHINESE)
    result = build_site(content, root / "site")
    assert result.returncode == 0, result.stderr
    return root / "site"


def current(page):
    return page.locator(".card:not([hidden])").first


def answer_round(page, wrong=()):
    """Answers every card of the round shown, right except for the prompts in `wrong`; returns the prompts in order."""
    prompts = []
    while page.locator(".results").is_hidden():
        card = current(page)
        prompt = card.locator(".card-prompt").inner_text()
        prompts.append(prompt)
        texts = card.locator("button.choice .choice-text").all_inner_texts()
        right = texts.index(ANSWERS[prompt])
        card.locator("button.choice").nth((right + 1) % len(texts) if prompt in wrong else right).click()
        card.locator(".next").click()
    return prompts


def test_one_review_session_takes_what_is_due_from_every_deck(site, page):
    page.goto((site / "decks" / "biology-cells.html").as_uri())
    answer_round(page, wrong={"Which organelle makes proteins?"})
    page.goto((site / "decks" / "physics-motion.html").as_uri())
    answer_round(page, wrong={"What is mass times velocity?"})

    # The next day the two cards answered wrong are due, one in each deck; the right ones are not.
    page.clock.set_system_time(START + timedelta(days=1, hours=1))
    page.goto((site / "index.html").as_uri())
    assert page.locator(".due-total .due-count").inner_text() == "2 to study today across 2 decks"
    sections = page.eval_on_selector_all(".section-review:not([hidden]) a", "links => links.map(l => l.textContent)")
    assert sections == ["Review 1 due", "Review 1 due"]
    page.locator(".due-total .review-link").click()
    assert page.url.endswith("/review.html")
    assert page.locator(".card").count() == 2
    decks = page.eval_on_selector_all(".card .card-deck a", "links => links.map(l => [l.textContent, l.getAttribute('href')])")
    assert sorted(decks) == [["From Cell organelles", "decks/biology-cells.html"], ["From Motion", "decks/physics-motion.html"]]
    assert sorted(answer_round(page)) == ["What is mass times velocity?", "Which organelle makes proteins?"]
    assert page.locator(".results h3").inner_text().startswith("Results: 2 of 2 right")

    # Each card moved on its own deck's schedule: reviewed twice, due again after more than a day.
    for deck, prompt in [("biology-cells", "Which organelle makes proteins?"), ("physics-motion", "What is mass times velocity?")]:
        cards = page.evaluate(f"JSON.parse(localStorage.getItem('{storage_key('deck:' + deck)}')).cards")
        moved = [card for card in cards.values() if card["reps"] == 2]
        assert len(moved) == 1 and moved[0]["due"] > (START + timedelta(days=2)).timestamp() * 1000, cards
    # Nothing is left: the next round says so rather than showing an empty one.
    page.get_by_role("button", name="Start again").click()
    assert page.locator(".nothing-due").is_visible()
    assert page.locator(".card").count() == 0


def test_a_section_review_takes_only_that_section(site, page):
    page.goto((site / "decks" / "biology-cells.html").as_uri())
    answer_round(page, wrong=set(ANSWERS))
    page.goto((site / "decks" / "physics-motion.html").as_uri())
    answer_round(page, wrong=set(ANSWERS))
    page.clock.set_system_time(START + timedelta(days=1, hours=1))
    page.goto((site / "index.html").as_uri())
    link = page.locator(".section", has_text="Physics").locator(".section-review a")
    assert link.inner_text() == "Review 1 due"
    link.click()
    assert page.locator(".review-scope").inner_text() == "Review: Physics"
    assert page.locator(".card-prompt").all_inner_texts() == ["What is mass times velocity?"]
    # A reload in the middle of the round keeps it (the round is kept for the section, apart from the whole site's).
    page.reload()
    assert page.locator(".card-prompt").all_inner_texts() == ["What is mass times velocity?"]
    page.goto((site / "review.html").as_uri())
    assert page.locator(".card").count() == 4


@pytest.mark.parametrize("typed, found", [
    ("quokka", ["Motion"]),             # only in a note's body
    ("momentum", ["Motion"]),           # only in an answer (and the explanation beside it)
    ("chloro", ["Cell organelles"]),    # the start of a word of a choice
    ("光合", ["植物"]),                   # Chinese, no spaces: found by its characters
    ("etoile", ["植物"]),                # accents need not be typed
    ("organelle ribosome", ["Cell organelles"]),
    ("quokka ribosome", []),
])
def test_search_finds_words_of_the_notes_and_answers(site, page, typed, found):
    page.goto((site / "index.html").as_uri())
    page.fill("#deck-search", typed)
    shown = page.eval_on_selector_all(".deck-item:not([hidden]) > a", "links => links.map(l => l.textContent)")
    assert shown == found


def test_the_body_word_is_in_no_question(site):
    """The search test's "quokka" is a body-only word: the review page's data (every question) does not hold it."""
    review = (site / "review.html").read_text()
    data = json.loads(review.split('id="review-data">', 1)[1].split("</script>", 1)[0])
    assert "quokka" not in json.dumps(data).lower()
    assert "momentum" in json.dumps(data).lower()
    assert "quokka" not in (site / "decks" / "physics-motion.html").read_text().split('id="deck-data">', 1)[1].lower()


def test_progress_is_kept_per_site_and_moved_from_the_old_key(tmp_path, page):
    # Two sites from the same notes, titled apart: progress made on one is not the other's.
    for title in ("Biology A", "Biology B"):
        content = tmp_path / title / "content"
        shutil.copytree(STUDY, content)
        (content / "deckgen.yml").write_text(f"title: {title}\n")
        assert build_site(content, tmp_path / title / "site").returncode == 0
    page.goto((tmp_path / "Biology A" / "site" / "decks" / "biology-cells.html").as_uri())
    answer_round(page)
    page.goto((tmp_path / "Biology A" / "site" / "index.html").as_uri())
    assert page.locator(".deck-progress").inner_text() != "3 questions · new"
    page.goto((tmp_path / "Biology B" / "site" / "index.html").as_uri())
    assert page.locator(".deck-progress").inner_text() == "3 questions · new"
    assert page.evaluate(f"localStorage.getItem('{storage_key('deck:biology-cells', 'Biology A')}')") is not None

    # Progress stored before it was kept per site is read, and copied under the site's key.
    old = page.evaluate(f"localStorage.getItem('{storage_key('deck:biology-cells', 'Biology A')}')")
    page.evaluate(f"""() => {{ localStorage.clear(); localStorage.setItem('deckgen:v1:deck:biology-cells', {json.dumps(old)}); }}""")
    page.reload()
    assert page.locator(".deck-progress").inner_text() != "3 questions · new"
    assert page.evaluate(f"localStorage.getItem('{storage_key('deck:biology-cells', 'Biology B')}')") == old
    assert page.evaluate("localStorage.getItem('deckgen:v1:deck:biology-cells')") is None, "moved, so a reset stays done"


def test_a_card_forgotten_eight_times_is_marked_a_leech(site, page):
    page.goto((site / "decks" / "physics-motion.html").as_uri())
    for day in range(1, 9):
        answer_round(page, wrong=set(ANSWERS))
        # A lapse counts only when the card is due: the next day each time.
        page.clock.set_system_time(START + timedelta(days=day, hours=day))
        page.reload()
    card = json.loads(page.evaluate(f"localStorage.getItem('{storage_key('deck:physics-motion')}')"))["cards"]
    assert [(c["lapses"], c["leech"]) for c in card.values()] == [(7, False)], "the first wrong answer of a new card is no lapse"
    answer_round(page, wrong=set(ANSWERS))
    page.clock.set_system_time(START + timedelta(days=9, hours=9))
    page.reload()
    assert page.locator(".card .leech").inner_text() == "Leech: forgotten 8 times. Read the note again, or rewrite this card in your own words."
