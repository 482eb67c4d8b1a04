/// What a model's answer yielded: the questions that may be shown, and everything wrong with the rest.
public struct QuestionPayload: Sendable, Equatable {
    /// How the answer was read.
    public enum Format: String, Sendable, Equatable {
        /// JSON following `QuestionSchema` (possibly inside a ```` ```json ```` fence).
        case json
        /// The quiz-block text format, from a server that ignored JSON mode.
        case quizBlock
        /// Neither: nothing could be read.
        case unreadable
    }

    public var format: Format
    /// Questions that passed both the shape check and `QuestionValidator`, in answer order.
    public var questions: [Question]
    /// Every problem found, errors first per question; the errors are what the repair prompt sends back.
    public var problems: [PayloadProblem]
    /// How many questions the answer held, valid or not (0 when it could not be read).
    public var questionCount: Int

    public init(format: Format, questions: [Question], problems: [PayloadProblem], questionCount: Int) {
        self.format = format
        self.questions = questions
        self.problems = problems
        self.questionCount = questionCount
    }

    /// The problems that make a question (or the whole answer) unusable.
    public var errors: [PayloadProblem] {
        problems.filter { $0.severity == .error }
    }
}

/// One thing wrong with a model's answer, tied to a question where it concerns one.
public struct PayloadProblem: Sendable, Equatable, CustomStringConvertible {
    public var severity: Diagnostic.Severity
    /// The 0-based position of the question in the answer; nil when the problem concerns the whole answer.
    public var index: Int?
    /// The question's text where it could be read, so the repair prompt can quote it.
    public var prompt: String?
    public var message: String

    public init(_ severity: Diagnostic.Severity = .error, index: Int? = nil, prompt: String? = nil, message: String) {
        self.severity = severity
        self.index = index
        self.prompt = prompt
        self.message = message
    }

    /// `question 2: message` (1-based, as people count), or just the message for the whole answer.
    public var description: String {
        index.map { "question \($0 + 1): \(message)" } ?? message
    }
}
