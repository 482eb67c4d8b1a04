import Testing
@testable import DeckBuilder

@Suite("Questions about the note")
struct NoteGroundingTests {
    let grounding = NoteGrounding(note: "Chloroplasts capture light. In 1779 Jan Ingenhousz showed that plants need light. 光合作用在叶绿体中进行。")

    @Test("a question sharing a word, a stem, a number or a CJK character with the note is about it", arguments: [
        "Which organelle is a chloroplast?", "Who showed that plants need light?", "What happened in 1779?", "叶绿体的作用是什么？", "?",
    ])
    func grounded(text: String) {
        #expect(grounding.isGrounded(text))
    }

    @Test("a question sharing only question words, or nothing, with the note is not", arguments: [
        "Which of the following statements are true? All humans are mortal.", "What is the capital of France?",
    ])
    func notGrounded(text: String) {
        #expect(!grounding.isGrounded(text))
    }

    @Test("the parser refuses a question about something else, with a message the repair prompt can send back")
    func parser() {
        let answer = #"{"questions": [{"question": "Which statements about mortal humans are true?", "choices": ["Chloroplasts", "Light"], "answer": 0, "explanation": "Chloroplasts capture light.", "quote": "Chloroplasts capture light."}]}"#
        let payload = QuestionPayloadParser(origin: .provider("openai"), note: "Chloroplasts capture light.").parse(answer)
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.map(\.message) == ["the question shares no word with the note; expected a question about what the note says"])
    }
}

