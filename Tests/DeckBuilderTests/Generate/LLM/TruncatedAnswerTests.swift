import Testing
@testable import DeckBuilder

@Suite("Cut-off answers")
struct TruncatedAnswerTests {
    static let first = #"{"question": "Which law says a body stays at rest unless a force acts on it?", "choices": ["The first law {inertia}", "The second law", "The third law"], "answer": 0, "explanation": "The note says: \"an object stays at rest\"."}"#
    static let second = #"{"question": "What does F = ma relate?", "choices": ["Force, mass and acceleration", "Speed and time"], "answer": 0, "explanation": "The second law."}"#

    @Test("keeps the questions that closed before the cut, braces and quotes inside strings included")
    func salvage() {
        let cut = #"{ "questions": ["# + Self.first + ", " + Self.second + #", {"question": "Which law is about pairs of forc"#
        #expect(TruncatedAnswer.completeQuestions(in: cut) == #"{"questions": ["# + Self.first + ", " + Self.second + "]}")
    }

    @Test("nothing to keep: no questions key, no finished item")
    func nothing() {
        #expect(TruncatedAnswer.completeQuestions(in: #"{"items": [{"a": 1}"#) == nil)
        #expect(TruncatedAnswer.completeQuestions(in: #"{"questions": [{"question": "Wh"#) == nil)
    }

    @Test("the parser uses what was finished, checks it strictly, and says the answer was cut off")
    func parser() {
        let cut = #"{"questions": ["# + Self.first + #", {"question": "What does F = ma rel"#
        let payload = QuestionPayloadParser(origin: .provider("openai")).parse(cut)
        #expect(payload.format == .json)
        #expect(payload.questions.map(\.prompt) == ["Which law says a body stays at rest unless a force acts on it?"])
        #expect(payload.errors.isEmpty)
        #expect(payload.problems.contains { $0.message.hasPrefix("the answer was cut off after 1 complete question") })
        let bad = #"{"questions": [{"question": "Which?", "choices": ["A", "B"], "answer": 9, "explanation": "x"}, {"quest"#
        #expect(QuestionPayloadParser(origin: .provider("openai")).parse(bad).questions.isEmpty)
    }

    @Test("an invalid answer whose first item closes is read once, not salvaged again and again")
    func invalidStaysInvalid() {
        let answer = #"{"questions": [{"question": "Where", "choices": ["a", "b",], answer: 1}"#
        let payload = QuestionPayloadParser(origin: .provider("openai")).parse(answer)
        #expect(payload.questions.isEmpty)
        #expect(payload.format == .unreadable)
    }
}
