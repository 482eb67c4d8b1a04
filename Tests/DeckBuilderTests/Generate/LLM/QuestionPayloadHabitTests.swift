import Foundation
import Testing
@testable import DeckBuilder

@Suite("Model habits the parser refuses")
struct ModelHabitTests {
    let parser = QuestionPayloadParser(origin: .provider("openai"), note: "Plants release oxygen as a by-product of photosynthesis.")

    static func answer(_ prompts: [String]) -> String {
        let items = prompts.map {
            #"{"question": "\#($0)", "choices": ["Oxygen", "Nitrogen"], "answer": 0, "explanation": "Plants release oxygen.", "quote": "Plants release oxygen as a by-product of photosynthesis."}"#
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

    @Test("refused: the key, control and direction characters, unclosed tags, event handlers, negative questions", arguments: [
        ("Which gas do plants release? sk-key-4242", "contains the API key"),
        ("Which gas do plants release? \u{1B}[31mred", "contains control or text-direction characters"),
        ("Which gas do plants release? \u{202E}evil", "contains control or text-direction characters"),
        ("Which gas do plants release? <script src=//x.example/x.js", "contains markup the note does not"),
        ("Which gas do plants release? x\" onerror=\"alert(1)", "contains markup the note does not"),
        ("Which gas do plants NOT release?", "is phrased negatively"),
        ("Which statement about plants is false?", "is phrased negatively"),
    ])
    func refused(prompt: String, message: String) throws {
        let parser = QuestionPayloadParser(origin: .provider("openai"), note: "Plants release oxygen as a by-product of photosynthesis.",
                                           forbidden: ["sk-key-4242"])
        let item: [String: Any] = ["question": prompt, "choices": ["Oxygen", "Nitrogen"], "answer": 0, "explanation": "Plants release oxygen."]
        let data = try JSONSerialization.data(withJSONObject: ["questions": [item]])
        let payload = parser.parse(String(decoding: data, as: UTF8.self))
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.contains { $0.message.hasPrefix(message) }, "\(payload.errors)")
    }

    @Test("a runaway answer is read only as far as the first 50 questions")
    func runaway() {
        let prompts = (1...400).map { "Which gas do plants release in experiment \($0)?" }
        let payload = parser.parse(Self.answer(prompts))
        #expect(payload.questionCount == 400)
        #expect(payload.problems.contains { $0.message == "the answer holds 400 questions; only the first 50 were read" })
    }
}
