/// A question the offline generator could ask, with what the selection weighs.
struct Candidate: Sendable {
    var question: Question
    var fact: Fact
    var form: QuestionForm
    /// Higher is better: trusted extraction, four choices, choices of like length.
    var quality: Int
    /// Where the fact stands in the note, to put the chosen questions in the note's order.
    var order: Int
    /// A content-derived tie-breaker, so equal candidates are ordered the same way on every run.
    var tieBreaker: String

    /// The group whose overuse the selection avoids: forms of definitions, and table and heading questions.
    var variety: String {
        switch fact.kind {
        case .definition: "definition:\(form)"
        case .tableCell: "table:\(fact.pool.split(separator: ":").dropLast().joined(separator: ":"))"
        case .heading: "heading"
        }
    }
}
