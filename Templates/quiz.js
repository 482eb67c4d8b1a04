// deckgen's page script: the interactive quiz on deck pages, search and progress on the index.
// Text from notes is set with textContent, never parsed as HTML, except a question's own `html`: its Markdown
// rendered, escaped and sanitised by deckgen when the page was built.
(() => {
  'use strict';
  // Progress is kept per site (the id the build writes in the page), so sites opened from files do not share it.
  const SITE_META = document.querySelector('meta[name="deckgen-site"]');
  const PREFIX = 'deckgen:v2:' + (SITE_META ? SITE_META.getAttribute('content') : '') + ':';
  // Where progress lay before it was kept per site: read once, then moved under the site's prefix (moved, so that a
  // reset is not undone by the old copy).
  const OLD_PREFIX = 'deckgen:v1:';
  const DAY = 86400000;
  const LETTERS = 'ABCDEF';
  // A recall card is graded as in Anki: Again, Hard, Good, Easy. A choice question is Good when right, Again when wrong.
  const GRADES = ['again', 'hard', 'good', 'easy'];

  // FSRS-5 (the scheduler Anki ships), with its published default parameters and a desired retention of 0.9, as
  // py-fsrs 4 computes it: no learning steps (a card answered wrong is due again the next day, and "Retry the wrong
  // ones" practises it now) and no fuzz, so a schedule is the same in every browser. A card answered before it is
  // due is practice: its schedule does not move.
  const FSRS = [0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925, 1.9395,
    0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621];
  const DECAY = -0.5;
  const FACTOR = Math.pow(0.9, 1 / DECAY) - 1;
  const RETENTION = 0.9;
  const MAX_INTERVAL_DAYS = 36500;
  const RATING = { again: 1, hard: 2, good: 3, easy: 4 };
  // As Anki: a card forgotten this many times is a leech, marked for the student to rewrite or drop.
  const LEECH_LAPSES = 8;
  // A card whose next interval is at least this long counts as learned (Anki's "mature").
  const LEARNED_DAYS = 21;
  // A review round takes at most this many cards (Anki's default for new cards a day is 20, reviews 200): a round is
  // finished in one sitting, and the next takes what is still due.
  const REVIEW_ROUND = 50;
  const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
  /** A copy of `items` in a random order (Fisher–Yates): positions change on every visit, the built page does not. */
  const shuffled = (items) => {
    const copy = items.slice();
    for (let last = copy.length - 1; last > 0; last -= 1) {
      const other = Math.floor(Math.random() * (last + 1));
      [copy[last], copy[other]] = [copy[other], copy[last]];
    }
    return copy;
  };
  const fsrs = {
    initialStability: (rating) => Math.max(FSRS[rating - 1], 0.1),
    initialDifficulty: (rating) => clamp(FSRS[4] - Math.exp(FSRS[5] * (rating - 1)) + 1, 1, 10),
    nextDifficulty(difficulty, rating) {
      const damped = difficulty + (10 - difficulty) * -FSRS[6] * (rating - 3) / 9;
      return clamp(FSRS[7] * fsrs.initialDifficulty(4) + (1 - FSRS[7]) * damped, 1, 10);
    },
    retrievability: (stability, days) => Math.pow(1 + FACTOR * days / stability, DECAY),
    recallStability: (difficulty, stability, recall, rating) => stability * (1 + Math.exp(FSRS[8]) * (11 - difficulty) *
      Math.pow(stability, -FSRS[9]) * (Math.exp((1 - recall) * FSRS[10]) - 1) * (rating === 2 ? FSRS[15] : 1) * (rating === 4 ? FSRS[16] : 1)),
    forgetStability: (difficulty, stability, recall) => Math.min(FSRS[11] * Math.pow(difficulty, -FSRS[12]) *
      (Math.pow(stability + 1, FSRS[13]) - 1) * Math.exp((1 - recall) * FSRS[14]), stability / Math.exp(FSRS[17] * FSRS[18])),
    shortTermStability: (stability, rating) => stability * Math.exp(FSRS[17] * (rating - 3 + FSRS[18])),
    intervalDays: (stability) => clamp(Math.round(stability / FACTOR * (Math.pow(RETENTION, 1 / DECAY) - 1)), 1, MAX_INTERVAL_DAYS),
  };
  /** `card` (its stored state, or undefined for a new one) after a review graded `grade` at `now`, in milliseconds. */
  const reviewed = (card, grade, now) => {
    const rating = RATING[grade];
    const next = Object.assign({ reps: 0, lapses: 0, right: 0, wrong: 0 }, card);
    if (typeof next.s !== 'number') {
      next.s = fsrs.initialStability(rating);
      next.d = fsrs.initialDifficulty(rating);
    } else {
      // Whole days since the last review, as FSRS counts them.
      const days = Math.max(0, Math.floor((now - next.last) / DAY));
      if (days < 1) {
        next.s = fsrs.shortTermStability(next.s, rating);
      } else {
        const recall = fsrs.retrievability(next.s, days);
        next.s = rating === 1 ? fsrs.forgetStability(next.d, next.s, recall) : fsrs.recallStability(next.d, next.s, recall, rating);
      }
      next.d = fsrs.nextDifficulty(next.d, rating);
      if (rating === 1) next.lapses += 1;
    }
    next.reps += 1;
    next.last = now;
    next.interval = fsrs.intervalDays(next.s);
    next.due = now + next.interval * DAY;
    next.leech = next.lapses >= LEECH_LAPSES;
    return next;
  };
  /** Whether a stored card is due at `now`: never seen, from before FSRS (no stability), or past its due time. */
  const isDue = (card, now) => !card || typeof card.s !== 'number' || card.due <= now;
  // The gap a cloze card's prompt shows where its answer goes (Question.blank).
  const BLANK = '____';
  // The combining accents of Latin, Greek and Cyrillic (é, ñ, ö…), which a typed answer may leave out; not every
  // mark, since some make another letter (the Japanese voicing marks: か and が differ).
  const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
  /** `text` as the typed-answer check compares it: one form for look-alike characters, no case, no accents, no punctuation (a dash parts words), single spaces. */
  const folded = (text) => String(text).normalize('NFKC').toLowerCase().normalize('NFD').replace(ACCENTS, '')
    .replace(/\p{Pd}/gu, ' ').replace(/\p{P}/gu, '').replace(/\s+/g, ' ').trim();

  // Kana and Han, written without spaces: indexed as single characters and pairs of neighbours (SearchWords).
  const IDEOGRAPHIC = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3ffff}]/u;
  const LONGEST_WORD = 32;
  /** The words of `text` as the build's `SearchWords` cuts and folds them; a query (`typed`) takes only the pairs of
   * a run of kana and Han longer than one character, as each pair must match. */
  const searchTokens = (text, typed) => {
    const tokens = [];
    const folded = String(text).normalize('NFKC').toLowerCase().normalize('NFD').replace(ACCENTS, '');
    (folded.match(/[\p{L}\p{M}\p{N}]+/gu) || []).forEach((run) => {
      let segment = [];
      let ideographic = false;
      const flush = () => {
        if (!segment.length) return;
        if (!ideographic) {
          tokens.push(segment.slice(0, LONGEST_WORD).join(''));
        } else {
          segment.forEach((char, at) => {
            if (!typed || segment.length === 1) tokens.push(char);
            if (at + 1 < segment.length) tokens.push(char + segment[at + 1]);
          });
        }
        segment = [];
      };
      Array.from(run).forEach((char) => {
        const cjk = IDEOGRAPHIC.test(char);
        if (cjk !== ideographic) flush();
        ideographic = cjk;
        segment.push(char);
      });
      flush();
    });
    return tokens;
  };
  const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** A word's decks as the build's `SearchIndex` writes them: gaps in base-64 digits of five bits, low bits first. */
  const decodeDecks = (text) => {
    const decks = [];
    let previous = 0;
    let gap = 0;
    let shift = 0;
    for (let at = 0; at < text.length; at += 1) {
      const digit = DIGITS.indexOf(text[at]);
      gap += (digit & 31) * Math.pow(2, shift);
      if (digit >= 32) {
        shift += 5;
        continue;
      }
      previous += gap;
      decks.push(previous);
      gap = 0;
      shift = 0;
    }
    return decks;
  };

  // Storage may be missing or refuse writes (private mode, file:// in some browsers): keep a copy in memory.
  const memory = {};
  const storage = (() => {
    try {
      const probe = PREFIX + 'probe';
      window.localStorage.setItem(probe, '1');
      window.localStorage.removeItem(probe);
      return window.localStorage;
    } catch (error) {
      return null;
    }
  })();
  const load = (key, fallback) => {
    try {
      let raw = key in memory ? memory[key] : storage && storage.getItem(PREFIX + key);
      if (!raw && !(key in memory) && storage) {
        raw = storage.getItem(OLD_PREFIX + key);
        if (raw) {
          try {
            storage.setItem(PREFIX + key, raw);
            storage.removeItem(OLD_PREFIX + key);
          } catch (error) { /* full or refused: memory keeps it below */ }
          memory[key] = raw;
        }
      }
      return raw ? JSON.parse(raw) : fallback;
    } catch (error) {
      return fallback;
    }
  };
  const save = (key, value) => {
    memory[key] = JSON.stringify(value);
    try { if (storage) storage.setItem(PREFIX + key, memory[key]); } catch (error) { /* full or refused: memory keeps it */ }
  };
  const forget = (key) => {
    delete memory[key];
    try { if (storage) storage.removeItem(PREFIX + key); } catch (error) { /* nothing to do */ }
  };

  const make = (tag, props, ...children) => {
    const node = document.createElement(tag);
    Object.entries(props || {}).forEach(([name, value]) => {
      if (name === 'text') node.textContent = value;
      else if (name === 'className') node.className = value;
      else if (name === 'hidden') node.hidden = value;
      else node.setAttribute(name, value);
    });
    children.forEach((child) => child && node.append(child));
    return node;
  };
  /** `text` with each `{name}` replaced by `values.name`. */
  const fill = (text, values) => String(text || '').replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
  /** Fills `node` with a question text: its built `html` when it has one, else `text` as text. */
  const showText = (node, html, text) => {
    if (typeof html === 'string') node.innerHTML = html; else node.textContent = text;
    return node;
  };
  /** `template` (such as `Answer: {text}`) with `{text}` filled by a question text, as `showText` fills it. */
  const showFilled = (node, template, html, text) => {
    const [before, ...after] = String(template || '{text}').split('{text}');
    node.textContent = before;
    node.append(showText(document.createElement('span'), html, text), document.createTextNode(after.join('{text}')));
    return node;
  };
  const readJSON = (id) => {
    const node = document.getElementById(id);
    try { return node ? JSON.parse(node.textContent) : null; } catch (error) { return null; }
  };

  /** Counts for a deck's stored progress: cards learned (an interval of three weeks or more), due now, and never seen. */
  const progressOf = (deckId, ids, now) => {
    const cards = (load('deck:' + deckId, {}).cards) || {};
    let learned = 0;
    let due = 0;
    let seen = 0;
    ids.forEach((id) => {
      const card = cards[id];
      if (!card) return;
      seen += 1;
      if (card.interval >= LEARNED_DAYS && !isDue(card, now)) learned += 1;
      if (isDue(card, now)) due += 1;
    });
    return { learned, due, seen, fresh: ids.length - seen };
  };

  /** Runs the study loop over `data.questions` in `root`. On a deck page they are the deck's; on the review page
   * (`session` set) each question names its `deck`, whose cards it is scheduled in, and the round and last score are
   * kept under `session` instead of beside the deck's cards. */
  function startDeck(data, root, session) {
    const questions = data.questions;
    const words = TEXT;
    const decks = {};
    /** A deck's stored state (`cards`, and on its page the round and last score), read once. */
    const deckState = (deck) => {
      if (!decks[deck]) {
        decks[deck] = load('deck:' + deck, { cards: {} });
        decks[deck].cards = decks[deck].cards || {};
      }
      return decks[deck];
    };
    const deckOf = (index) => questions[index].deck || data.deck;
    const cardOf = (index) => deckState(deckOf(index)).cards[questions[index].id];
    // A question's name in a kept round: its id, with its deck on the review page, where ids of two decks may meet.
    const nameOf = (index) => (questions[index].deck ? questions[index].deck + '/' : '') + questions[index].id;
    const key = session ? 'review:' + session : 'deck:' + data.deck;
    const state = session ? load(key, {}) : deckState(data.deck);
    let view = load('view', 'one');
    let round = [];
    let position = 0;
    let answers = {};
    // Each choice question's choices in the order shown this round: original choice numbers by position.
    let orders = {};

    document.documentElement.classList.add('quiz-ready');
    const live = make('p', { className: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
    const bar = make('div', { className: 'bar-fill' });
    const meter = make('div', { className: 'bar', role: 'progressbar', 'aria-label': 'Progress', 'aria-valuemin': '0' }, bar);
    const score = make('p', { className: 'score' });
    const cards = make('div', { className: 'cards' });
    const results = make('section', { className: 'results', hidden: true, 'aria-labelledby': 'deckgen-results' });
    const viewButton = make('button', { type: 'button', className: 'tool' });
    const speakButton = make('button', { type: 'button', className: 'tool', text: words.readAloud });
    const resetButton = make('button', { type: 'button', className: 'tool', text: words.reset });
    const toolbar = make('div', { className: 'toolbar' }, viewButton, speakButton, resetButton);
    if (!('speechSynthesis' in window)) speakButton.hidden = true;
    // The review page's cards belong to their decks: there is no deck of its own to reset.
    if (session) resetButton.hidden = true;
    const nothingDue = make('p', { className: 'nothing-due', text: words.nothingDue, hidden: true });
    const app = make('div', { className: 'quiz-app' }, toolbar, make('div', { className: 'meter' }, meter, score), nothingDue, cards, results, live);

    if (!load('hint-seen', false)) {
      const close = make('button', { type: 'button', className: 'tool', text: words.gotIt });
      const tip = questions.some((question) => question.kind === 'recall') ? words.hint + ' ' + words.hintRecall : words.hint;
      const hint = make('p', { className: 'hint', role: 'note' }, make('span', { text: tip }), close);
      close.addEventListener('click', () => { hint.remove(); save('hint-seen', true); });
      app.insertBefore(hint, toolbar);
      save('hint-seen', true);
    }
    root.append(app);

    const announce = (text) => { live.textContent = ''; window.setTimeout(() => { live.textContent = text; }, 30); };
    const answered = () => round.filter((index) => index in answers);
    const isRecall = (index) => questions[index].kind === 'recall';
    // A recall card's answer is its grade; only Again counts as wrong.
    const isRight = (index) => (isRecall(index) ? answers[index] !== 'again' : answers[index] === questions[index].answer);
    const rightCount = () => answered().filter(isRight).length;

    function updateMeter() {
      const done = answered().length;
      meter.setAttribute('aria-valuemax', String(round.length));
      meter.setAttribute('aria-valuenow', String(done));
      bar.style.width = round.length ? (100 * done / round.length) + '%' : '0';
      score.textContent = fill(words.score, { right: rightCount(), done, total: round.length });
    }

    /** Moves a due card on the schedule for a grade (`again`, `hard`, `good` or `easy`); one not yet due is practice. */
    function record(index, grade) {
      const now = Date.now();
      const stored = cardOf(index);
      const card = isDue(stored, now) ? reviewed(stored, grade, now) : Object.assign({}, stored);
      card[grade === 'again' ? 'wrong' : 'right'] = (card[grade === 'again' ? 'wrong' : 'right'] || 0) + 1;
      const deck = deckState(deckOf(index));
      deck.cards[questions[index].id] = card;
      save('deck:' + deckOf(index), deck);
    }

    /** The letter choice number `choice` of question `index` shows under this round. */
    const letterOf = (index, choice) => LETTERS[(orders[index] || []).indexOf(choice)] || LETTERS[choice];

    /** Answers choice `choice` (its number in the question, not its place on screen); `replay` shows an answer given
     * before a reload without recording it again. */
    function choose(card, index, choice, replay) {
      if (index in answers) return;
      const question = questions[index];
      const right = choice === question.answer;
      answers[index] = choice;
      if (!replay) {
        record(index, right ? 'good' : 'again');
        saveRound();
      }
      card.querySelectorAll('.choice').forEach((button) => {
        const number = Number(button.getAttribute('data-choice'));
        button.disabled = true;
        button.setAttribute('aria-disabled', 'true');
        if (number === question.answer) button.classList.add('correct');
        if (number === choice && !right) button.classList.add('wrong', 'shake');
      });
      const feedback = card.querySelector('.feedback');
      const verdict = right ? words.right : fill(words.wrong, { letter: letterOf(index, question.answer), text: question.choices[question.answer] });
      feedback.querySelector('.verdict').textContent = verdict;
      feedback.className = 'feedback ' + (right ? 'is-right' : 'is-wrong');
      feedback.hidden = false;
      updateMeter();
      const next = card.querySelector('.next');
      next.hidden = false;
      if (replay) return;
      announce(verdict + (question.explanation ? ' ' + question.explanation : ''));
      next.focus();
    }

    function buildCard(index, number) {
      const question = questions[index];
      const recall = isRecall(index);
      const promptId = 'deckgen-q-' + number;
      const card = make('article', { className: 'card' + (recall ? ' recall' : ''), 'data-index': String(index) },
        make('p', { className: 'card-count', text: fill(words.questionOf, { n: number + 1, total: round.length }) }),
        // On the review page, the deck a card comes from, in its own language.
        question.deck ? make('p', { className: 'card-deck' }, make('a', { href: question.url, text: fill(words.fromDeck, { title: question.deckTitle }) })) : null,
        promptHeading(question, promptId));
      if (question.lang) card.setAttribute('lang', question.lang);
      // A card forgotten again and again is marked, as Anki marks a leech: more reviews will not fix it.
      const stored = cardOf(index);
      if (stored && stored.leech) card.append(make('p', { className: 'leech', role: 'note', text: fill(words.leech, { lapses: stored.lapses }) }));
      if (recall) {
        buildRecall(card, index, number, promptId);
      } else {
        const choices = make('div', { className: 'choices', role: 'group', 'aria-labelledby': promptId });
        (orders[index] || question.choices.map((text, choice) => choice)).forEach((choice, place) => {
          const text = question.choices[choice];
          const button = make('button', { type: 'button', className: 'choice', 'data-choice': String(choice) },
            make('span', { className: 'choice-key', 'aria-hidden': 'true', text: LETTERS[place] }),
            showText(make('span', { className: 'choice-text' }), question.html && question.html.choices[choice], text));
          button.setAttribute('aria-label', LETTERS[place] + ': ' + text);
          button.addEventListener('click', () => choose(card, index, choice));
          choices.append(button);
        });
        card.append(choices);
      }
      const explanation = make('div', { className: 'explanation' });
      explanationLines(question).forEach((line) => explanation.append(showText(make('p'), line.html, line.text)));
      card.append(make('div', { className: 'feedback', hidden: true }, make('p', { className: 'verdict' }),
        recall ? make('p', { className: 'recall-answer' }) : null, explanation));
      if (recall) card.append(gradeButtons(card, index, number));
      const next = make('button', { type: 'button', className: 'next', hidden: true,
        text: number + 1 < round.length ? words.next : words.seeResults });
      next.addEventListener('click', () => advance());
      card.append(next);
      return card;
    }

    /** The explanation's lines, each with its built HTML when there is some. */
    function explanationLines(question) {
      if (question.html) return question.html.explanation.map((html) => ({ html, text: '' }));
      return (question.explanation || '').split('\n').filter(Boolean).map((text) => ({ text }));
    }

    /** The prompt as the card's heading; a cloze card's blank shows as a gap that a screen reader calls a blank. */
    function promptHeading(question, id) {
      const heading = showText(make('h3', { className: 'card-prompt', id, tabindex: '-1' }), question.html && question.html.prompt, question.prompt);
      if (question.kind !== 'recall' || !question.prompt.includes(BLANK)) return heading;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const texts = [];
      while (walker.nextNode()) if (walker.currentNode.nodeValue.includes(BLANK)) texts.push(walker.currentNode);
      texts.forEach((node) => {
        const parts = node.nodeValue.split(BLANK);
        const pieces = [];
        parts.forEach((part, number) => {
          if (number > 0) {
            pieces.push(make('span', { className: 'blank' }, make('span', { 'aria-hidden': 'true', text: BLANK }),
              make('span', { className: 'visually-hidden', text: words.blank })));
          }
          pieces.push(document.createTextNode(part));
        });
        node.replaceWith(...pieces);
      });
      return heading;
    }

    /** A recall card's optional answer box and its Show-answer button; Enter in the box shows the answer too. */
    function buildRecall(card, index, number, promptId) {
      const inputId = 'deckgen-a-' + number;
      const input = make('input', { type: 'text', id: inputId, className: 'recall-input', autocomplete: 'off',
        autocapitalize: 'off', spellcheck: 'false', 'aria-describedby': promptId });
      const reveal = make('button', { type: 'button', className: 'reveal', text: words.showAnswer });
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        revealAnswer(card, index);
      });
      reveal.addEventListener('click', () => revealAnswer(card, index));
      card.append(make('div', { className: 'recall-form' }, make('label', { for: inputId, text: words.typeAnswer }),
        make('div', { className: 'recall-row' }, input, reveal)));
    }

    /** Again, Hard, Good and Easy, hidden until the answer shows; keys 1–4 press them. */
    function gradeButtons(card, index, number) {
      const labelId = 'deckgen-g-' + number;
      const row = make('div', { className: 'grade-row' });
      GRADES.forEach((name, key) => {
        const button = make('button', { type: 'button', className: 'grade', 'data-grade': name },
          make('span', { className: 'choice-key', 'aria-hidden': 'true', text: String(key + 1) }),
          make('span', { className: 'grade-text', text: words[name] }));
        button.addEventListener('click', () => grade(card, index, name));
        row.append(button);
      });
      return make('div', { className: 'grades', role: 'group', 'aria-labelledby': labelId, hidden: true },
        make('p', { className: 'grade-prompt', id: labelId, text: words.howWell }), row, make('p', { className: 'graded' }));
    }

    /** Shows a recall card's answer and explanation, and whether the typed answer, if any, matches it. */
    function revealAnswer(card, index, replay) {
      if (card.classList.contains('revealed')) return;
      card.classList.add('revealed');
      const question = questions[index];
      const answer = question.choices[question.answer];
      const input = card.querySelector('.recall-input');
      const typed = input.value.trim();
      input.readOnly = true;
      card.querySelector('.reveal').hidden = true;
      const matched = typed !== '' && folded(typed) === folded(answer);
      const verdict = typed === '' ? '' : matched ? words.typedMatches : fill(words.typedDiffers, { typed });
      const feedback = card.querySelector('.feedback');
      feedback.querySelector('.verdict').textContent = verdict;
      feedback.querySelector('.verdict').hidden = verdict === '';
      showFilled(feedback.querySelector('.recall-answer'), words.recallAnswer, question.html && question.html.choices[question.answer], answer);
      feedback.className = 'feedback ' + (typed === '' ? 'is-shown' : matched ? 'is-right' : 'is-wrong');
      feedback.hidden = false;
      const grades = card.querySelector('.grades');
      grades.hidden = false;
      if (replay) return;
      announce([verdict, fill(words.recallAnswer, { text: answer }), question.explanation, words.howWell].filter(Boolean).join(' '));
      // Good, as Anki's space bar: the likeliest grade, one key away.
      grades.querySelector('[data-grade="good"]').focus();
    }

    /** Records a recall card's grade on the schedule and in the score. */
    function grade(card, index, name, replay) {
      if (index in answers || !card.classList.contains('revealed')) return;
      answers[index] = name;
      if (!replay) {
        record(index, name);
        saveRound();
      }
      card.querySelectorAll('.grade').forEach((button) => {
        button.disabled = true;
        button.setAttribute('aria-disabled', 'true');
        if (button.getAttribute('data-grade') === name) button.classList.add('chosen');
      });
      const graded = fill(words.youGraded, { grade: words[name] });
      card.querySelector('.graded').textContent = graded;
      updateMeter();
      const next = card.querySelector('.next');
      next.hidden = false;
      if (replay) return;
      announce(graded);
      // All on one page hides each card's Next: go on to the first card still open, else to See results.
      const open = view === 'all' && Array.from(cards.querySelectorAll('.card'))
        .find((other) => !(Number(other.getAttribute('data-index')) in answers));
      if (open) firstControl(open).focus(); else if (view === 'all') cards.querySelector('.card:last-child .next').focus(); else next.focus();
    }

    /** Where focus goes on a card still to answer: its first choice, or its answer box. */
    function firstControl(card) {
      return card && card.querySelector('.choice:not([disabled]), .recall-input:not([readonly]), .grade:not([disabled])');
    }

    function show() {
      const all = view === 'all';
      viewButton.textContent = all ? words.viewOne : words.viewAll;
      app.classList.toggle('view-all', all);
      cards.querySelectorAll('.card').forEach((card, number) => {
        card.hidden = !all && number !== position;
        card.querySelector('.next').classList.toggle('in-all-view', all);
      });
    }

    /** Starts a round of `indices`, its choices shuffled; `saved` (a round kept over a reload) keeps its order. */
    function start(indices, saved) {
      round = indices;
      position = 0;
      answers = {};
      orders = {};
      round.forEach((index) => {
        if (isRecall(index)) return;
        const kept = saved && saved.choices && saved.choices[nameOf(index)];
        const all = questions[index].choices.map((text, choice) => choice);
        orders[index] = kept && kept.length === all.length && all.every((choice) => kept.includes(choice)) ? kept : shuffled(all);
      });
      cards.textContent = '';
      results.hidden = true;
      cards.hidden = false;
      // The review page with nothing due says so, in place of an empty round.
      nothingDue.hidden = round.length > 0;
      app.classList.toggle('is-empty', round.length === 0);
      round.forEach((index, number) => cards.append(buildCard(index, number)));
      updateMeter();
      show();
      if (!saved) saveRound();
    }

    /** Keeps the round in progress (its order, choice orders, answers and place), so a reload goes on where it was. */
    function saveRound() {
      const choices = {};
      Object.keys(orders).forEach((index) => { choices[nameOf(index)] = orders[index]; });
      const given = {};
      Object.keys(answers).forEach((index) => { given[nameOf(index)] = answers[index]; });
      state.round = { order: round.map(nameOf), choices, answers: given, position };
      save(key, state);
    }

    /** The saved round, shown again with its answers; false when there is none, or the deck changed under it. */
    function resume() {
      const saved = state.round;
      if (!saved || !Array.isArray(saved.order)) return false;
      const indexOf = {};
      questions.forEach((question, index) => { indexOf[nameOf(index)] = index; });
      const indices = saved.order.map((id) => indexOf[id]);
      if (!indices.length || indices.some((index) => index === undefined)) return false;
      start(indices, saved);
      const list = cards.querySelectorAll('.card');
      indices.forEach((index, number) => {
        const given = (saved.answers || {})[nameOf(index)];
        if (given === undefined) return;
        if (isRecall(index)) {
          if (!GRADES.includes(given)) return;
          revealAnswer(list[number], index, true);
          grade(list[number], index, given, true);
        } else if (Number.isInteger(given) && given >= 0 && given < questions[index].choices.length) {
          choose(list[number], index, given, true);
        }
      });
      position = Math.min(Math.max(0, Number(saved.position) || 0), indices.length - 1);
      if (answered().length === round.length) {
        finish();
      } else {
        show();
      }
      return true;
    }

    /** Focus on the current card: a recall card's answer box, else the prompt, so that an Enter pressed twice to go on
     * does not also choose A; the keys and Tab reach the choices from there. */
    function focusCurrent() {
      const card = cards.querySelectorAll('.card')[position];
      if (!card) return;
      const target = isRecall(Number(card.getAttribute('data-index'))) ? firstControl(card) : card.querySelector('.card-prompt');
      if (target) target.focus();
    }

    function advance() {
      if (view === 'all' || position + 1 >= round.length) {
        if (answered().length === round.length) {
          finish();
        } else {
          // Not every card is answered: take the student to the first one still open, and say which.
          const open = Array.from(cards.querySelectorAll('.card')).find((card) => !(Number(card.getAttribute('data-index')) in answers));
          if (open) {
            announce(open.querySelector('.card-count').textContent);
            (firstControl(open) || open.querySelector('.card-prompt')).focus();
          }
        }
        return;
      }
      position += 1;
      saveRound();
      show();
      focusCurrent();
    }

    function finish() {
      const right = rightCount();
      const wrong = round.filter((index) => !isRight(index));
      state.last = { right, total: round.length, at: Date.now() };
      delete state.round;
      save(key, state);
      showLastScore();
      cards.hidden = true;
      results.textContent = '';
      const percent = Math.round(100 * right / round.length);
      const summary = { right, total: round.length, percent, title: data.title || document.title };
      const heading = make('h3', { id: 'deckgen-results', tabindex: '-1', text: fill(words.results, summary) });
      const review = make('ol', { className: 'review' });
      round.forEach((index) => {
        const question = questions[index];
        const ok = isRight(index);
        const said = isRecall(index)
          ? (ok ? '✓ ' : '✗ ') + fill(words.youGraded, { grade: words[answers[index]] }) + ' ' + fill(words.recallAnswer, { text: question.choices[question.answer] })
          : (ok ? '✓ ' : '✗ ' + fill(words.youChose, { letter: letterOf(index, answers[index]), text: question.choices[answers[index]] }) + ' ') +
            fill(words.answer, { letter: letterOf(index, question.answer), text: question.choices[question.answer] });
        review.append(make('li', { className: ok ? 'is-right' : 'is-wrong' },
          showText(make('p', { className: 'review-prompt' }), question.html && question.html.prompt, question.prompt),
          make('p', { text: said }),
          ...explanationLines(question).map((line) => showText(make('p', { className: 'review-explanation' }), line.html, line.text))));
      });
      const retry = make('button', { type: 'button', className: 'primary', text: fill(words.retryWrong, { count: wrong.length }) });
      retry.disabled = wrong.length === 0;
      retry.addEventListener('click', () => { start(shuffled(wrong)); focusCurrent(); });
      const again = make('button', { type: 'button', text: words.startAgain });
      again.addEventListener('click', () => { start(initialOrder()); focusCurrent(); });
      const share = make('button', { type: 'button', text: words.share });
      share.addEventListener('click', () => shareResult(fill(words.shareText, summary)));
      results.append(heading, review, make('div', { className: 'actions' }, retry, again, share));
      results.hidden = false;
      announce(fill(words.results, summary));
      heading.focus();
    }

    function shareResult(text) {
      const done = () => announce(fill(words.copied, { text }));
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, () => copyByHand(text, done));
      } else {
        copyByHand(text, done);
      }
    }

    function copyByHand(text, done) {
      const area = make('textarea', { className: 'visually-hidden', 'aria-hidden': 'true' });
      area.value = text;
      document.body.append(area);
      area.select();
      try { document.execCommand('copy'); done(); } catch (error) { announce(text); }
      area.remove();
    }

    function speak() {
      let spoken;
      if (!results.hidden) {
        spoken = results.querySelector('h3').textContent;
      } else {
        const card = cards.querySelectorAll('.card')[view === 'all' ? currentIndexInView() : position];
        if (!card) return;
        const index = Number(card.getAttribute('data-index'));
        const question = questions[index];
        // A recall card's one choice is its answer: read the prompt alone, its blank as a word.
        spoken = question.kind === 'recall' ? question.prompt.split(BLANK).join(words.blank)
          : [question.prompt].concat((orders[index] || []).map((choice, place) => LETTERS[place] + ': ' + question.choices[choice])).join('. ');
      }
      const utterance = new window.SpeechSynthesisUtterance(spoken);
      utterance.lang = data.lang || document.documentElement.lang;
      window.speechSynthesis.cancel();
      window.speechSynthesis.speak(utterance);
    }

    /** In the all-questions view, the card holding focus, else the first one not yet answered. */
    function currentIndexInView() {
      const list = Array.from(cards.querySelectorAll('.card'));
      const focused = list.findIndex((card) => card.contains(document.activeElement));
      if (focused >= 0) return focused;
      const open = list.findIndex((card) => !(Number(card.getAttribute('data-index')) in answers));
      return open >= 0 ? open : 0;
    }

    /** On a deck page: due and never-seen questions first, then the rest, each group shuffled so that no answer is
     * learned by its place. On the review page: only what is due, the longest overdue first (ties shuffled), then the
     * new cards of decks already begun, at most `REVIEW_ROUND` at a time. */
    function initialOrder() {
      const now = Date.now();
      const indices = questions.map((question, index) => index);
      const due = (index) => isDue(cardOf(index), now);
      if (!session) return shuffled(indices.filter(due)).concat(shuffled(indices.filter((index) => !due(index))));
      const begun = (index) => Object.keys(deckState(deckOf(index)).cards).length > 0;
      const old = shuffled(indices.filter((index) => cardOf(index) && due(index))).sort((a, b) => (cardOf(a).due || 0) - (cardOf(b).due || 0));
      const fresh = shuffled(indices.filter((index) => !cardOf(index) && begun(index)));
      return old.concat(fresh).slice(0, REVIEW_ROUND);
    }

    viewButton.addEventListener('click', () => { view = view === 'all' ? 'one' : 'all'; save('view', view); show(); });
    speakButton.addEventListener('click', speak);
    // Reset asks again before it wipes a deck, and can be undone once until the page is left.
    let resetArmed = false;
    let undo = null;
    const undoButton = make('button', { type: 'button', className: 'tool', text: words.undoReset, hidden: true });
    toolbar.append(undoButton);
    resetButton.addEventListener('click', () => {
      if (!resetArmed) {
        resetArmed = true;
        resetButton.textContent = words.resetConfirm;
        announce(words.resetConfirm);
        return;
      }
      resetArmed = false;
      resetButton.textContent = words.reset;
      undo = JSON.parse(JSON.stringify(state));
      state.cards = {};
      delete state.last;
      delete state.round;
      forget(key);
      start(initialOrder());
      showLastScore();
      undoButton.hidden = false;
      announce(words.resetDone);
    });
    resetButton.addEventListener('blur', () => { resetArmed = false; resetButton.textContent = words.reset; });
    undoButton.addEventListener('click', () => {
      if (!undo) return;
      state.cards = undo.cards || {};
      if (undo.last) state.last = undo.last;
      undo = null;
      save(key, state);
      undoButton.hidden = true;
      start(initialOrder());
      showLastScore();
      announce(words.resetUndone);
    });
    const lastScore = make('p', { className: 'last-score', hidden: true });
    app.insertBefore(lastScore, cards);
    /** The score of the last finished round, with its day in the page's language. */
    function showLastScore() {
      const last = state.last;
      lastScore.hidden = !last;
      if (!last) return;
      const date = new Date(last.at).toLocaleDateString(data.lang || document.documentElement.lang || undefined);
      lastScore.textContent = fill(words.lastScore, { right: last.right, total: last.total, date });
    }
    showLastScore();
    document.addEventListener('keydown', (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
      if (cards.hidden) return;
      const list = cards.querySelectorAll('.card');
      const number = view === 'all' ? currentIndexInView() : position;
      const card = list[number];
      if (!card) return;
      const index = Number(card.getAttribute('data-index'));
      const keyName = event.key.toUpperCase();
      // The key names a place on screen; the choices are shuffled, so it maps to the choice shown there.
      const place = /^[1-6]$/.test(event.key) ? Number(event.key) - 1 : LETTERS.indexOf(keyName);
      const choice = place >= 0 && orders[index] ? (orders[index][place] ?? -1) : place;
      if (isRecall(index) && !(index in answers)) {
        const revealed = card.classList.contains('revealed');
        if (revealed && /^[1-4]$/.test(event.key)) {
          event.preventDefault();
          grade(card, index, GRADES[Number(event.key) - 1]);
        } else if (!revealed && event.key === 'Enter' && event.target.tagName !== 'BUTTON' && (view !== 'all' || card.contains(event.target))) {
          event.preventDefault();
          revealAnswer(card, index);
        }
      } else if (choice >= 0 && keyName.length === 1 && choice < questions[index].choices.length && !(index in answers)) {
        event.preventDefault();
        choose(card, index, choice);
      } else if ((event.key === 'Enter' || event.key === 'ArrowRight') && index in answers) {
        if (event.key === 'Enter' && event.target.tagName === 'BUTTON' && !event.target.classList.contains('next')) return;
        event.preventDefault();
        if (view === 'all') {
          const nextOpen = Array.from(list).findIndex((other) => !(Number(other.getAttribute('data-index')) in answers));
          if (nextOpen >= 0) firstControl(list[nextOpen]).focus(); else finish();
        } else {
          advance();
        }
      }
    });

    if (!resume()) start(initialOrder());
  }

  function startIndex(data) {
    startIndexProgress(data, TEXT);
    startProgressFiles(data, TEXT);
    startSearch(data, TEXT);
  }

  /** Each deck's progress beside it; what is due today in each section and across decks, with links to review it. */
  function startIndexProgress(data, words) {
    const now = Date.now();
    const byDeck = {};
    data.decks.forEach((deck) => { byDeck[deck.deck] = deck; });
    let dueTotal = 0;
    let dueDecks = 0;
    document.querySelectorAll('.section').forEach((section) => {
      let dueHere = 0;
      section.querySelectorAll('.deck-item').forEach((item) => {
        const deck = byDeck[item.getAttribute('data-deck')];
        const slot = item.querySelector('.deck-progress');
        if (!deck || !slot || deck.questions.length === 0) return;
        const progress = progressOf(deck.deck, deck.questions, now);
        const total = deck.questions.length;
        slot.textContent = progress.seen === 0 ? fill(words.fresh, { total })
          : fill(words.learned, { learned: progress.learned, total, due: progress.due + progress.fresh });
        // Today's reviews: due cards of decks begun; a deck never opened is new, not due.
        if (progress.seen > 0 && progress.due + progress.fresh > 0) {
          dueHere += progress.due + progress.fresh;
          dueDecks += 1;
        }
      });
      dueTotal += dueHere;
      const link = section.querySelector('.section-review');
      if (link) {
        link.hidden = dueHere === 0;
        link.querySelector('a').textContent = fill(words.reviewDue, { due: dueHere });
      }
    });
    const dueLine = document.querySelector('.due-total');
    if (dueLine) {
      (dueLine.querySelector('.due-count') || dueLine).textContent = fill(words.dueTotal, { due: dueTotal, decks: dueDecks });
      const review = dueLine.querySelector('.review-link');
      if (review) review.textContent = fill(words.reviewDue, { due: dueTotal });
      dueLine.hidden = dueTotal === 0;
    }
  }

  /** Every deck's place in the index's data, by its id. */
  const deckNumbers = (data) => {
    const numbers = {};
    data.decks.forEach((deck, number) => { numbers[deck.deck] = number; });
    return numbers;
  };

  /** The search box: decks whose words (title, section, tags, the note's text, its questions and answers) include a
   * word starting with each word typed. The index (`SearchIndex` in the build) is read on the first keystroke. */
  function startSearch(data, words) {
    const items = Array.from(document.querySelectorAll('.deck-item'));
    const box = document.querySelector('.search');
    const input = document.getElementById('deck-search');
    const status = box && box.querySelector('.search-status');
    if (!box || !input) return;
    box.hidden = false;
    const numbers = deckNumbers(data);
    let index = null;
    const decksOf = {};
    /** The decks holding a word that starts with `term`, as a set of their numbers. */
    const matching = (term) => {
      if (!index) {
        const read = readJSON('search-index') || { words: '', decks: [] };
        index = { words: read.words ? read.words.split(' ') : [], decks: read.decks || [] };
      }
      if (decksOf[term]) return decksOf[term];
      const found = new Set();
      index.words.forEach((word, number) => {
        if (word.startsWith(term)) decodeDecks(index.decks[number]).forEach((deck) => found.add(deck));
      });
      decksOf[term] = found;
      return found;
    };
    input.addEventListener('input', () => {
      const terms = searchTokens(input.value, true);
      const sets = terms.map(matching);
      let shown = 0;
      items.forEach((item) => {
        const number = numbers[item.getAttribute('data-deck')];
        item.hidden = !sets.every((set) => set.has(number));
        if (!item.hidden) shown += 1;
      });
      document.querySelectorAll('.section').forEach((section) => {
        section.hidden = !section.querySelector('.deck-item:not([hidden])');
      });
      status.textContent = terms.length ? fill(words.matches, { shown, total: items.length }) : '';
    });
  }

  /** The review page: every deck's questions, or one section's (`#section=` in its address), studied as one round
   * of what is due; each card is scheduled in its own deck, as on the deck's page. */
  function startReview(review, root) {
    // `#section=` names a section; an empty name is the notes at the top of the content folder.
    const match = /^#section=(.*)$/.exec(window.location.hash);
    let section = null;
    try {
      section = match ? decodeURIComponent(match[1]) : null;
    } catch (error) { /* a broken address: the whole site */ }
    const questions = [];
    review.decks.forEach((entry) => {
      if (section !== null && entry.section !== section) return;
      entry.data.questions.forEach((question) => {
        questions.push(Object.assign(question, { deck: entry.data.deck, deckTitle: entry.data.title, url: entry.url, lang: entry.data.lang }));
      });
    });
    const scope = root.querySelector('.review-scope');
    if (scope && section) scope.textContent = fill(TEXT.reviewOf, { section });
    window.addEventListener('hashchange', () => window.location.reload());
    startDeck({ questions, lang: document.documentElement.lang }, root, section === null ? 'all' : 'section:' + section);
  }

  /** Every deck's stored progress, by deck id, read from storage (and the memory copy where storage is refused). */
  const allProgress = (deckIds) => {
    const decks = {};
    deckIds.forEach((deckId) => {
      const state = load('deck:' + deckId, null);
      if (state && state.cards && Object.keys(state.cards).length) decks[deckId] = { cards: state.cards, last: state.last };
    });
    return decks;
  };

  /** Merges `incoming` progress into storage, keeping for each card the one reviewed last; the cards and decks taken. */
  const mergeProgress = (incoming, deckIds) => {
    let cards = 0;
    let decks = 0;
    Object.keys(incoming).filter((deckId) => deckIds.includes(deckId)).forEach((deckId) => {
      const given = incoming[deckId];
      if (!given || typeof given.cards !== 'object') return;
      const state = load('deck:' + deckId, { cards: {} });
      state.cards = state.cards || {};
      let taken = 0;
      Object.entries(given.cards).forEach(([id, card]) => {
        if (!card || typeof card !== 'object' || typeof card.last !== 'number') return;
        const mine = state.cards[id];
        if (!mine || !(mine.last >= card.last)) {
          state.cards[id] = card;
          taken += 1;
        }
      });
      if (given.last && (!state.last || given.last.at > state.last.at)) state.last = given.last;
      save('deck:' + deckId, state);
      cards += taken;
      decks += taken ? 1 : 0;
    });
    return { cards, decks };
  };

  /** Export to a file and import from one, so progress moves to another browser or device without any network. */
  function startProgressFiles(data, words) {
    const tools = document.querySelector('.progress-tools');
    if (!tools) return;
    const deckIds = data.decks.map((deck) => deck.deck);
    const status = tools.querySelector('.progress-status');
    tools.hidden = false;
    tools.querySelector('.export-progress').addEventListener('click', () => {
      const file = { deckgen: 'progress', version: 1, site: document.title, exported: new Date().toISOString(),
        decks: allProgress(deckIds) };
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
      link.download = 'deckgen-progress.json';
      document.body.append(link);
      link.click();
      link.remove();
    });
    const picker = tools.querySelector('input[type="file"]');
    picker.addEventListener('change', () => {
      const chosen = picker.files && picker.files[0];
      if (!chosen) return;
      chosen.text().then((text) => {
        const file = JSON.parse(text);
        if (!file || file.deckgen !== 'progress' || typeof file.decks !== 'object') throw new Error('not progress');
        const taken = mergeProgress(file.decks, deckIds);
        status.textContent = fill(words.imported, taken);
        startIndexProgress(data, words);
      }).catch(() => { status.textContent = words.importFailed; }).finally(() => { picker.value = ''; });
    });
  }

  const TEXT = readJSON('page-text') || {};
  const deck = readJSON('deck-data');
  const root = document.getElementById('quiz');
  if (deck && root && deck.questions.length) startDeck(deck, root);
  const index = readJSON('site-index');
  if (index) startIndex(index);
  const review = readJSON('review-data');
  if (review && root) startReview(review, root);
})();
