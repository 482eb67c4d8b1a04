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

    /// Set after a fact's key to make a draft's tie-breaker: a separator no key holds, then the form.
    var tieBreakerSuffix: String {
        switch self {
        case .termToAnswer: "\u{1F}termToAnswer"
        case .answerToTerm: "\u{1F}answerToTerm"
        case .cloze: "\u{1F}cloze"
        }
    }
}
