/// Turns one fact into the questions it can make, each with its distractors, checked by the validator.
struct QuestionComposer: Sendable {
    var note: NoteFacts
    var siblings: [NoteFacts]
    var wording: QuestionWording
    var picker = DistractorPicker()
    var validator = QuestionValidator()
    /// The note's facts by pool, in note order.
    private let factsByPool: [String: [Fact]]
    /// How many facts of each pool have each answer: a term is in its pool once, so more than one means another row
    /// shares it. Counted once, where asking each fact's pool again made a table of thousands of rows take minutes.
    private let answersByPool: [String: [String: Int]]

    init(note: NoteFacts, siblings: [NoteFacts], wording: QuestionWording) {
        self.note = note
        self.siblings = siblings
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
            guard let sentence = fact.sentence, let blanked = StudyText.blanking(fact.names, in: sentence) else { return nil }
            shown = blanked
        }
        return WordedDraft(draft: draft, shown: shown, prompt: wording.prompt(draft.form, fact: fact, shown: shown))
    }

    /// The finished question for `draft`, with its distractors; nil when too few distractors are found or the
    /// validator turns it away (`rejected`).
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
            // An answer that names its term gives itself away.
            return !answerNamesTerm
        case .answerToTerm:
            // A table cell naming its row (`java.util.Queue` for Java) cannot be blanked into sense.
            if fact.kind == .tableCell, answerNamesTerm { return false }
            // A table row is only one answer when no other row has the same cell.
            if isCommonCell { return false }
            // A one-letter cell is too little to go on.
            return !(fact.kind == .tableCell && fact.comparableAnswer.characterCount < 2)
        case .cloze:
            return fact.sentence != nil
        }
    }

    func question(for worded: WordedDraft) -> Question? {
        let draft = worded.draft, fact = draft.fact, form = draft.form
        let key = form.asksForTerm ? fact.term : fact.answer
        let tiers = form.asksForTerm ? termTiers(for: fact) : answerTiers(for: fact)
        let distractors = picker.distractors(for: key, bareKey: form.asksForTerm ? fact.comparableTerm : fact.comparableAnswer,
                                             from: tiers, prompt: worded.prompt,
                                             excluded: form.asksForTerm ? fact.aliases : [])
        guard distractors.count >= 2 else { return nil }
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

    /// Wrong terms: the same kind of fact's terms in this note, then in the folder's other notes, then bold words.
    /// Each tier is made when the picker reaches it.
    func termTiers(for fact: Fact) -> [() -> [DistractorPicker.Choice]] {
        let term = { (other: Fact) in DistractorPicker.Choice(other.term, bare: other.comparableTerm) }
        let local = { poolFacts(of: fact).filter { !sameAnswer($0, fact) }.map(term) }
        let nearby = { siblingFacts(of: fact).filter { !sameAnswer($0, fact) }.map(term) }
        switch fact.kind {
        case .definition:
            return [local, nearby, { note.boldTerms.map(DistractorPicker.Choice.init) }]
        case .heading:
            let level = Int(fact.pool.split(separator: ":").last ?? "") ?? 0
            return [{ (note.headings[level] ?? []).map(DistractorPicker.Choice.init) }, nearby,
                    { siblings.flatMap { $0.headings[level] ?? [] }.map(DistractorPicker.Choice.init) }]
        case .tableCell:
            return [local, nearby]
        }
    }

    /// Wrong answers: what the note says about other terms of the same kind, then what other notes say.
    func answerTiers(for fact: Fact) -> [() -> [DistractorPicker.Choice]] {
        let isOther = { (other: Fact) in other.comparableTerm != fact.comparableTerm }
        let answer = { (other: Fact) in DistractorPicker.Choice(other.answer, bare: other.comparableAnswer) }
        return [{ poolFacts(of: fact).filter(isOther).map(answer) }, { siblingFacts(of: fact).filter(isOther).map(answer) }]
    }

    func poolFacts(of fact: Fact) -> [Fact] {
        // Facts of one pool differ in key when their terms do.
        (factsByPool[fact.pool] ?? []).filter { $0.comparableTerm != fact.comparableTerm }
    }

    /// The siblings' facts in `fact`'s sibling pool, in sibling order.
    func siblingFacts(of fact: Fact) -> [Fact] {
        siblings.flatMap { $0.factsBySiblingPool[fact.siblingPool] ?? [] }
    }

    func sameAnswer(_ lhs: Fact, _ rhs: Fact) -> Bool {
        lhs.comparableAnswer == rhs.comparableAnswer
    }
}
