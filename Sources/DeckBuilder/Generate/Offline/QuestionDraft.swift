/// A question the offline generator could ask, before its distractors are picked. Picking and checking
/// distractors is most of the generator's work, and a deck needs only a few questions, so the selection
/// ranks drafts by the best quality they could reach and finishes only those that could be chosen.
struct QuestionDraft: Sendable {
    var fact: Fact
    var form: QuestionForm
    /// What the prompt shows: the answer, the answer with its term blanked, or the blanked sentence.
    var shown: String
    var prompt: String
    /// Where the fact stands in the note, to put the chosen questions in the note's order.
    var order: Int
    /// A content-derived tie-breaker, so equal candidates are ordered the same way on every run: the prompt's
    /// digest, which orders as its hex form did. Worked out when asked: only drafts tied for the best need it.
    var tieBreaker: SHA256.Ordered {
        SHA256.ordered(prompt)
    }
    /// True for a table cell most rows share, which one could answer by guessing the common value.
    var isCommonCell: Bool
    /// The quality the finished question would have with four choices of like length; never exceeded.
    var bestQuality: Int
    /// `fact.identity`, worked out once: the selection compares it for every draft on every pick.
    var factIdentity: String
    /// The group whose overuse the selection avoids: forms of definitions, and table and heading questions.
    var variety: String

    init(fact: Fact, form: QuestionForm, shown: String, prompt: String, order: Int, isCommonCell: Bool) {
        self.fact = fact
        self.form = form
        self.shown = shown
        self.prompt = prompt
        self.order = order
        self.isCommonCell = isCommonCell
        bestQuality = Candidate.quality(reliability: fact.reliability, fourChoices: true, evenLengths: true,
                                        commonCell: isCommonCell)
        factIdentity = fact.identity
        switch fact.kind {
        case .definition: variety = form.varietyName
        case .tableCell: variety = "table:\(fact.poolGroup)"
        case .heading: variety = "heading"
        }
    }
}
