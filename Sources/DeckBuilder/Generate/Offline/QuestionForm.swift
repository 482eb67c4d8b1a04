/// The ways a fact can be asked.
enum QuestionForm: Sendable, Equatable, CaseIterable {
    /// Given the term, pick what the note says about it.
    case termToAnswer
    /// Given what the note says, pick the term.
    case answerToTerm
    /// Given the note's sentence with the term blanked out, pick the term.
    case cloze

    /// True when the correct choice is the term (and the distractors are other terms).
    var asksForTerm: Bool {
        self != .termToAnswer
    }

    /// The selection's variety group of a definition asked in this form (a literal: interpolating a case is slow).
    var varietyName: String {
        switch self {
        case .termToAnswer: "definition:termToAnswer"
        case .answerToTerm: "definition:answerToTerm"
        case .cloze: "definition:cloze"
        }
    }

    /// The form's byte in a draft's tie-breaker.
    var tieBreakerCode: UInt8 {
        switch self {
        case .termToAnswer: 1
        case .answerToTerm: 2
        case .cloze: 3
        }
    }
}
