/// Turns one fact into the questions it can make, each with its distractors, checked by the validator.
struct QuestionComposer: Sendable {
    var note: NoteFacts
    var siblings: [NoteFacts]
    var wording: QuestionWording
    var picker = DistractorPicker()
    var validator = QuestionValidator()
    /// The note's facts by pool, in note order.
    private let factsByPool: [String: [Fact]]

    init(note: NoteFacts, siblings: [NoteFacts], wording: QuestionWording) {
        self.note = note
        self.siblings = siblings
        self.wording = wording
        factsByPool = Dictionary(grouping: note.facts, by: \.pool)
    }

    /// The questions `fact` (at position `order`) could make, before distractors: those whose prompt can be put.
    func drafts(for fact: Fact, order: Int) -> [QuestionDraft] {
        // A cell most rows share (every operation O(1)) makes a question one can answer by guessing the common value.
        let common = fact.kind == .tableCell && poolFacts(of: fact).contains { sameAnswer($0, fact) }
        let answerNamesTerm = fact.answerMentionsAName
        return QuestionForm.allCases.compactMap { form in
            guard let shown = shown(for: fact, form: form, isCommonCell: common, answerNamesTerm: answerNamesTerm) else { return nil }
            return QuestionDraft(fact: fact, form: form, shown: shown, prompt: wording.prompt(form, fact: fact, shown: shown),
                                 order: order, isCommonCell: common)
        }
    }

    /// The finished question for `draft`, with its distractors; nil when too few distractors are found or the
    /// validator turns it away (`rejected`).
    func candidate(from draft: QuestionDraft) -> (candidate: Candidate?, rejected: Bool) {
        guard let question = question(for: draft) else { return (nil, false) }
        // Warnings (an answer much longer than the rest) mark a question a reader could guess; drop those too.
        guard validator.problems(in: question).isEmpty else { return (nil, true) }
        return (Candidate(draft: draft, question: question), false)
    }
}

// MARK: - Building

private extension QuestionComposer {
    /// What the prompt shows of `fact` in `form`; nil when the fact cannot be asked that way. `isCommonCell`:
    /// another row of the table has the same cell; `answerNamesTerm`: `fact.answerMentionsAName`.
    func shown(for fact: Fact, form: QuestionForm, isCommonCell: Bool, answerNamesTerm: Bool) -> String? {
        switch form {
        case .termToAnswer:
            // An answer that names its term gives itself away.
            guard !answerNamesTerm else { return nil }
            return fact.answer
        case .answerToTerm:
            // A table cell naming its row (`java.util.Queue` for Java) cannot be blanked into sense.
            if fact.kind == .tableCell, answerNamesTerm { return nil }
            // A table row is only one answer when no other row has the same cell.
            if isCommonCell { return nil }
            // A one-letter cell is too little to go on.
            if fact.kind == .tableCell, fact.comparableAnswer.characterCount < 2 { return nil }
            return StudyText.blanking(fact.names, in: fact.answer) ?? fact.answer
        case .cloze:
            guard let sentence = fact.sentence else { return nil }
            return StudyText.blanking(fact.names, in: sentence)
        }
    }

    func question(for draft: QuestionDraft) -> Question? {
        let fact = draft.fact, form = draft.form
        let key = form.asksForTerm ? fact.term : fact.answer
        let tiers = form.asksForTerm ? termTiers(for: fact) : answerTiers(for: fact)
        let distractors = picker.distractors(for: key, bareKey: form.asksForTerm ? fact.comparableTerm : fact.comparableAnswer,
                                             from: tiers, prompt: draft.prompt,
                                             excluded: form.asksForTerm ? fact.aliases : [])
        guard distractors.count >= 2 else { return nil }
        var choices = [key] + distractors
        if wording.language == .english, form == .cloze, !draft.shown.hasPrefix(StudyText.blank) {
            // The blank sits mid-sentence: choices read as lower-case words there.
            choices = choices.map(StudyText.lowercasingPlainWord)
        } else if wording.language == .english, fact.kind == .definition || form == .cloze {
            choices = choices.map(StudyText.capitalisingFirstWord)
        }
        return Question(prompt: draft.prompt, choices: choices, answer: 0, explanation: wording.explanation(for: fact),
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
        (factsByPool[fact.pool] ?? []).filter { $0.key != fact.key }
    }

    /// The siblings' facts in `fact`'s sibling pool, in sibling order.
    func siblingFacts(of fact: Fact) -> [Fact] {
        siblings.flatMap { $0.factsBySiblingPool[fact.siblingPool] ?? [] }
    }

    func sameAnswer(_ lhs: Fact, _ rhs: Fact) -> Bool {
        lhs.comparableAnswer == rhs.comparableAnswer
    }
}
