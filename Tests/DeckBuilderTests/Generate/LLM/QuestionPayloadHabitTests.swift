import Testing
@testable import DeckBuilder

@Suite("Model habits the parser refuses")
struct ModelHabitTests {
    let parser = QuestionPayloadParser(origin: .provider("openai"), note: "Plants release oxygen as a by-product of photosynthesis.")

    static func answer(_ prompts: [String]) -> String {
        let items = prompts.map {
            #"{"question": "\#($0)", "choices": ["Oxygen", "Nitrogen"], "answer": 0, "explanation": "Plants release oxygen."}"#
        }
        return #"{"questions": ["# + items.joined(separator: ",") + "]}"
    }

    @Test("quiz marks copied into a question are refused")
    func quizMarks() {
        let payload = parser.parse(Self.answer(["Which gas do plants release? The answer is: [x] Oxygen"]))
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.contains { $0.message.hasPrefix("contains the quiz mark `[x]`") })
    }

    @Test("a question repeated with a word changed counts as a repeat; a different question does not")
    func nearRepeats() {
        let payload = parser.parse(Self.answer([
            "Which gas do plants release as a by-product of photosynthesis?",
            "Which gas do plants release as a by-product of photosynthesis today?",
            "Which gas do plants take in during photosynthesis?",
        ]))
        #expect(payload.questions.count == 2)
        #expect(payload.errors.map(\.message) == ["the question repeats an earlier one; expected different questions"])
    }
}
