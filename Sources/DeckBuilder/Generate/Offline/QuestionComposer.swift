/// Turns one fact into the questions it can make, each with its distractors, checked by the validator.
struct QuestionComposer: Sendable {
    var note: NoteFacts
    var siblings: [NoteFacts]
    var wording: QuestionWording
    var picker = DistractorPicker()
    var validator = QuestionValidator()
    /// The siblings' facts by pool, in sibling order: grouped once, not filtered again for every fact and form.
    private let siblingFactsByPool: [String: [Fact]]
    /// The note's facts by pool, in note order.
    private let factsByPool: [String: [Fact]]

    init(note: NoteFacts, siblings: [NoteFacts], wording: QuestionWording) {
        self.note = note
        self.siblings = siblings
        self.wording = wording
        siblingFactsByPool = Dictionary(grouping: siblings.flatMap(\.facts), by: \.siblingPool)
        factsByPool = Dictionary(grouping: note.facts, by: \.pool)
    }

    /// Candidates for `fact` (at position `order`), and how many were dropped for failing the validator.
    func candidates(for fact: Fact, order: Int) -> (candidates: [Candidate], dropped: Int) {
        var result = [Candidate]()
        var dropped = 0
        for form in QuestionForm.allCases {
            guard let question = question(for: fact, form: form) else { continue }
            let problems = validator.problems(in: question)
            // Warnings (an answer much longer than the rest) mark a question a reader could guess; drop those too.
            guard problems.isEmpty else {
                dropped += 1
                continue
            }
            result.append(Candidate(question: question, fact: fact, form: form, quality: quality(of: question, fact: fact),
                                    order: order, tieBreaker: SHA256.hex(question.prompt)))
        }
        return (result, dropped)
    }
}

// MARK: - Building

private extension QuestionComposer {
    func question(for fact: Fact, form: QuestionForm) -> Question? {
        let shown: String
        switch form {
        case .termToAnswer:
            // An answer that names its term gives itself away.
            guard !fact.names.contains(where: { StudyText.mentions(fact.answer, $0) }) else { return nil }
            shown = fact.answer
        case .answerToTerm:
            // A table cell naming its row (`java.util.Queue` for Java) cannot be blanked into sense.
            if fact.kind == .tableCell, fact.names.contains(where: { StudyText.mentions(fact.answer, $0) }) { return nil }
            shown = StudyText.blanking(fact.names, in: fact.answer) ?? fact.answer
            // A table row is only one answer when no other row has the same cell.
            if fact.kind == .tableCell, poolFacts(of: fact).contains(where: { sameAnswer($0, fact) }) { return nil }
            // A one-letter cell is too little to go on.
            if fact.kind == .tableCell, TextNormaliser.comparable(fact.answer).count < 2 { return nil }
        case .cloze:
            guard let sentence = fact.sentence, let blanked = StudyText.blanking(fact.names, in: sentence) else { return nil }
            shown = blanked
        }
        let prompt = wording.prompt(form, fact: fact, shown: shown)
        let key = form.asksForTerm ? fact.term : fact.answer
        let tiers = form.asksForTerm ? termTiers(for: fact) : answerTiers(for: fact)
        let distractors = picker.distractors(for: key, from: tiers, prompt: prompt, excluded: form.asksForTerm ? fact.aliases : [])
        guard distractors.count >= 2 else { return nil }
        var choices = [key] + distractors
        if wording.language == .english, form == .cloze, !shown.hasPrefix(StudyText.blank) {
            // The blank sits mid-sentence: choices read as lower-case words there.
            choices = choices.map(StudyText.lowercasingPlainWord)
        } else if wording.language == .english, fact.kind == .definition || form == .cloze {
            choices = choices.map(StudyText.capitalisingFirstWord)
        }
        return Question(prompt: prompt, choices: choices, answer: 0, explanation: wording.explanation(for: fact), origin: .offline)
    }

    /// Wrong terms: the same kind of fact's terms in this note, then in the folder's other notes, then bold words.
    func termTiers(for fact: Fact) -> [[String]] {
        let local = poolFacts(of: fact).filter { !sameAnswer($0, fact) }.map(\.term)
        let nearby = siblingFacts(of: fact).filter { !sameAnswer($0, fact) }.map(\.term)
        switch fact.kind {
        case .definition:
            return [local, nearby, note.boldTerms]
        case .heading:
            let level = Int(fact.pool.split(separator: ":").last ?? "") ?? 0
            return [note.headings[level] ?? [], nearby, siblings.flatMap { $0.headings[level] ?? [] }]
        case .tableCell:
            return [local, nearby]
        }
    }

    /// Wrong answers: what the note says about other terms of the same kind, then what other notes say.
    func answerTiers(for fact: Fact) -> [[String]] {
        let isOther = { (other: Fact) in other.comparableTerm != fact.comparableTerm }
        return [poolFacts(of: fact).filter(isOther).map(\.answer), siblingFacts(of: fact).filter(isOther).map(\.answer)]
    }

    func poolFacts(of fact: Fact) -> [Fact] {
        (factsByPool[fact.pool] ?? []).filter { $0.key != fact.key }
    }

    func siblingFacts(of fact: Fact) -> [Fact] {
        siblingFactsByPool[fact.siblingPool] ?? []
    }

    func sameAnswer(_ lhs: Fact, _ rhs: Fact) -> Bool {
        lhs.comparableAnswer == rhs.comparableAnswer
    }

    /// Trusted extraction counts most; then a full set of choices; then choices of like length.
    func quality(of question: Question, fact: Fact) -> Int {
        let lengths = question.choices.map(\.count)
        let even = (lengths.max() ?? 0) <= 3 * max(lengths.min() ?? 1, 1)
        // A cell most rows share (every operation O(1)) makes a question one can answer by guessing the common value.
        let common = fact.kind == .tableCell && poolFacts(of: fact).contains { sameAnswer($0, fact) }
        return fact.reliability * 4 + (question.choices.count == 4 ? 2 : 0) + (even ? 1 : 0) - (common ? 3 : 0)
    }
}
