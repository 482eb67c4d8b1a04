/// A finished question the offline generator could ask, with what the selection weighs.
struct Candidate: Sendable {
    var draft: QuestionDraft
    var question: Question
    /// Higher is better: trusted extraction, four choices, choices of like length.
    var quality: Int

    init(draft: QuestionDraft, question: Question) {
        self.draft = draft
        self.question = question
        let lengths = question.choices.map(\.characterCount)
        let best = Self.quality(reliability: draft.fact.reliability, fourChoices: question.choices.count == 4,
                                evenLengths: (lengths.max() ?? 0) <= 3 * max(lengths.min() ?? 1, 1),
                                commonCell: draft.isCommonCell)
        // A recall card ranks below multiple choice from the same fact, and one that asks for a term (a short answer)
        // above one that asks for a description.
        quality = question.kind == .recall ? best - (draft.form.asksForTerm ? 2 : 3) : best
    }

    /// Trusted extraction counts most; then a full set of choices; then choices of like length; a cell most
    /// rows share counts against.
    static func quality(reliability: Int, fourChoices: Bool, evenLengths: Bool, commonCell: Bool) -> Int {
        reliability * 4 + (fourChoices ? 2 : 0) + (evenLengths ? 1 : 0) - (commonCell ? 3 : 0)
    }
}
