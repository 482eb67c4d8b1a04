/// Turns one fact into the questions it can make, each with its distractors, checked by the validator.
struct QuestionComposer: Sendable {
    var note: NoteFacts
    var wording: QuestionWording
    var picker = DistractorPicker()
    var validator = QuestionValidator()
    /// The note's facts by pool, in note order.
    private let factsByPool: [String: [Fact]]
    /// How many facts of each pool have each answer: a term is in its pool once, so more than one means another row
    /// shares it. Counted once, where asking each fact's pool again made a table of thousands of rows take minutes.
    private let answersByPool: [String: [String: Int]]

    init(note: NoteFacts, wording: QuestionWording) {
        self.note = note
        self.wording = wording
        factsByPool = Dictionary(grouping: note.facts, by: \.pool)
        answersByPool = factsByPool.mapValues { facts in Dictionary(facts.map { ($0.comparableAnswer, 1) }, uniquingKeysWith: +) }
    }

    /// The questions `fact` (at position `order`) could make, before their words: those whose form suits the fact.
    /// A cloze whose sentence turns out not to blank is found out only when worded.
    func drafts(for fact: Fact, order: Int) -> [QuestionDraft] {
        // A cell most rows share (every operation O(1)) makes a question one can answer by guessing the common value.
        let common = fact.kind == .tableCell && answersByPool[fact.pool, default: [:]][fact.comparableAnswer, default: 0] > 1
        let answerNamesTerm = fact.answerMentionsAName
        return QuestionForm.allCases.compactMap { form in
            guard mayAsk(fact, form: form, isCommonCell: common, answerNamesTerm: answerNamesTerm) else { return nil }
            return QuestionDraft(fact: fact, form: form, order: order, isCommonCell: common)
        }
    }

    /// `draft` with what its prompt shows and the prompt; nil when its sentence has no term to blank.
    func worded(_ draft: QuestionDraft) -> WordedDraft? {
        let fact = draft.fact
        let shown: String
        switch draft.form {
        case .termToAnswer:
            shown = fact.answer
        case .answerToTerm:
            shown = StudyText.blanking(fact.names, in: fact.answer) ?? fact.answer
        case .cloze:
            guard let sentence = fact.sentence.map(StudyText.droppingLeadingConnective),
                  let blanked = StudyText.blanking(fact.names, in: sentence) else { return nil }
            shown = blanked
        }
        return WordedDraft(draft: draft, shown: shown, prompt: wording.prompt(draft.form, fact: fact, shown: shown))
    }

    /// The finished question for `draft`: multiple choice where the note offers at least two wrong choices of the
    /// same kind (its list, its table column, its attribute's other topics), else a recall card; nil when it would
    /// give its answer away, or the validator turns it away (`rejected`).
    func candidate(from draft: WordedDraft) -> (candidate: Candidate?, rejected: Bool) {
        guard let question = question(for: draft) else { return (nil, false) }
        // Warnings (an answer much longer than the rest) mark a question a reader could guess; drop those too.
        guard validator.problems(in: question).isEmpty else { return (nil, true) }
        return (Candidate(draft: draft.draft, question: question), false)
    }
}

// MARK: - Building

private extension QuestionComposer {
    /// Whether `fact` can be asked in `form`, as far as can be told before wording it. `isCommonCell`: another row
    /// of the table has the same cell; `answerNamesTerm`: `fact.answerMentionsAName`.
    func mayAsk(_ fact: Fact, form: QuestionForm, isCommonCell: Bool, answerNamesTerm: Bool) -> Bool {
        switch form {
        case .termToAnswer:
            // An answer that names its term gives itself away; a keyword's answer is its term.
            return !answerNamesTerm && fact.kind != .keyword
        case .answerToTerm:
            // An attribute is asked of its topic; "which topic has this source?" reads badly and gives little.
            if fact.kind == .attribute || fact.kind == .keyword { return false }
            // An answer naming its term (`乱数列の…` for 乱数, `java.util.Queue` for Java) cannot be blanked into sense.
            if answerNamesTerm { return false }
            // A table row is only one answer when no other row has the same cell.
            if isCommonCell { return false }
            // A one-letter cell is too little to go on.
            return !(fact.kind == .tableCell && fact.comparableAnswer.characterCount < 2)
        case .cloze:
            return fact.sentence != nil && fact.kind != .attribute
        }
    }

    func question(for worded: WordedDraft) -> Question? {
        let draft = worded.draft, fact = draft.fact, form = draft.form
        let key = form.asksForTerm ? fact.term : fact.answer
        // A term in its own question, or its distinctive word (`stratify` for Stratification), gives it away; so does
        // the deck's own title when it is the term (`Which term means …?` → Counting sort, on the page Counting Sort).
        if form.asksForTerm, fact.names.contains(where: { StudyText.givesAway($0, in: worded.prompt) })
            || TextNormaliser.comparable(wording.title) == fact.comparableTerm {
            return nil
        }
        // `In “Sequence Models”, what is meant by “Y”?` → Text sequence: a short answer whose word the prompt holds.
        // (Spaced scripts only: a Chinese or Japanese description shares characters with its term by nature.)
        if form == .termToAnswer, !wording.language.isCJK, StudyText.wordCount(key) <= 4, StudyText.givesAway(key, in: worded.prompt) {
            return nil
        }
        // A fill-in-the-blank is one whole sentence with one gap: a gap that opens it leaves a headless fragment, and
        // a sentence that does not end as one (`…也可以是时间____；`) is a piece of a line.
        if form == .cloze, !Self.isWholeClozeSentence(worded.shown) || !KeywordFacts(language: wording.language).standsAlone(worded.shown) {
            return nil
        }
        let tiers = form.asksForTerm ? termTiers(for: fact) : answerTiers(for: fact)
        let distractors = picker.distractors(for: key, bareKey: form.asksForTerm ? fact.comparableTerm : fact.comparableAnswer,
                                             from: tiers, prompt: worded.prompt,
                                             excluded: form.asksForTerm ? fact.aliases : [])
        guard distractors.count >= 2 else {
            // `Recurrence relation: fib(i) = …` gives an instance, not a meaning: asked openly, it answers another question.
            if fact.kind == .definition, form == .termToAnswer, fact.answer.contains(where: TermFilter.operators.contains) { return nil }
            // Nothing of the same kind to choose from: asked openly, as a card to recall.
            return recallCard(for: worded, key: key)
        }
        // `Light intensity` → "More light raises the rate…" among choices that never say light: the echo gives it away,
        // so the fact is asked openly instead.
        if form == .termToAnswer, StudyText.givesAway(fact.term, in: key),
           !distractors.contains(where: { StudyText.givesAway(fact.term, in: $0) }) {
            return recallCard(for: worded, key: key)
        }
        var choices = [key] + distractors
        if wording.language == .english, form == .cloze, !worded.shown.hasPrefix(StudyText.blank) {
            // The blank sits mid-sentence: choices read as lower-case words there.
            choices = choices.map(StudyText.lowercasingPlainWord)
        } else if wording.language == .english, fact.kind == .definition || form == .cloze {
            choices = choices.map(StudyText.capitalisingFirstWord)
        }
        return Question(prompt: worded.prompt, choices: choices, answer: 0, explanation: wording.explanation(for: fact),
                        origin: .offline)
    }

    /// `worded` asked openly: its recall prompt, with `key` to recall.
    func recallCard(for worded: WordedDraft, key: String) -> Question {
        let fact = worded.draft.fact
        return Question(prompt: wording.recallPrompt(worded.draft.form, fact: fact, shown: worded.shown), recall: key,
                        explanation: wording.explanation(for: fact), origin: .offline)
    }

    /// Wrong terms: the other terms of the same group in this note (one list, one section's definitions, one table
    /// column). Never another note's: a student is tested on this note, and a term from elsewhere is one they can
    /// rule out without knowing the answer.
    func termTiers(for fact: Fact) -> [() -> [DistractorPicker.Choice]] {
        [{ poolFacts(of: fact).filter { !sameAnswer($0, fact) }.map { DistractorPicker.Choice($0.term, bare: $0.comparableTerm) } }]
    }

    /// Wrong answers: what the note says about the other terms of the same group, or of the same attribute of other
    /// topics.
    func answerTiers(for fact: Fact) -> [() -> [DistractorPicker.Choice]] {
        // A wrong answer that names the term (`差分化により…` for 差分化) reads as the right one.
        [{ poolFacts(of: fact).filter { $0.comparableTerm != fact.comparableTerm && !StudyText.includes($0.comparableAnswer, fact.comparableTerm) }
            .map { DistractorPicker.Choice($0.answer, bare: $0.comparableAnswer) } }]
    }

    /// One gap, not at the start nor inside brackets (`(e.g., muscle ____)`), in a sentence that ends as a sentence
    /// does: a line that ends on a bracket (`Contaminated drinking ____ (cholera)`) is a note, not a sentence.
    static func isWholeClozeSentence(_ shown: String) -> Bool {
        let parts = shown.components(separatedBy: StudyText.blank)
        guard !shown.hasPrefix(StudyText.blank), parts.count == 2 else { return false }
        let before = parts[0]
        let opened = before.filter { "(（".contains($0) }.count, closed = before.filter { ")）".contains($0) }.count
        guard opened == closed else { return false }
        let ending = shown.trimmingWhitespace.suffix(2)
        guard let last = ending.last else { return false }
        return ".!?。！？".contains(last) || ("」）)".contains(last) && ending.first.map { ".!?。！？".contains($0) } == true)
    }

    func poolFacts(of fact: Fact) -> [Fact] {
        // Facts of one pool differ in key when their terms do.
        (factsByPool[fact.pool] ?? []).filter { $0.comparableTerm != fact.comparableTerm }
    }

    func sameAnswer(_ lhs: Fact, _ rhs: Fact) -> Bool {
        lhs.comparableAnswer == rhs.comparableAnswer
    }
}
