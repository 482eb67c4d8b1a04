import Testing
@testable import DeckBuilder

/// Recall cards in the quiz-block format: `Q:`, one `A:`, then the explanation; parsed, printed and validated by the
/// same code as multiple choice.
@Suite("Recall cards")
struct RecallCardTests {
    let parser = QuizBlockParser()

    @Test("a Q line, an A line and an explanation make a recall card")
    func reads() {
        let text = "Q: What does RuBisCO do in the Calvin cycle?\nA: It fixes carbon dioxide.\n> From “Calvin cycle”.\n\nQ: 赤霉素的主要作用是什么？\nA:\t促进细胞伸长\n"
        let (questions, errors) = parser.parse(text, firstLine: 10)
        #expect(errors.isEmpty)
        #expect(questions == [
            Question(prompt: "What does RuBisCO do in the Calvin cycle?", recall: "It fixes carbon dioxide.", explanation: "From “Calvin cycle”.", line: 10),
            Question(prompt: "赤霉素的主要作用是什么？", recall: "促进细胞伸长", line: 14),
        ])
        #expect(questions.allSatisfy { $0.kind == .recall && !$0.isCloze })
        #expect(Question(prompt: "The \(Question.blank) holds the DNA.", recall: "nucleus").isCloze)
    }

    @Test("an answer with choices, a second answer, an answer out of place or an empty one is an error at its line", arguments: [
        ("Q: x?\nA: y\n- [ ] a\n- [x] b\n", 3, "a choice after an answer"),
        ("Q: x?\n- [ ] a\n- [x] b\nA: y\n", 4, "an answer after choices"),
        ("Q: x?\nA: y\nA: z\n", 3, "an answer after another answer"),
        ("Q: x?\nA: y\n> why\nA: z\n", 4, "an answer after another answer"),
        ("A: y\n", 1, "an answer outside a question"),
        ("Q: x?\nA:\n", 2, "is not an answer"),
        ("Q: x?\nA:y\n", 2, "is not an answer"),
    ])
    func errors(text: String, line: Int, message: String) {
        let (questions, errors) = parser.parse(text, firstLine: 1)
        #expect(questions.isEmpty)
        #expect(errors.first?.line == line && errors.first?.message.contains(message) == true, "\(errors)")
    }

    @Test("printing and parsing give the card back, mixed with multiple choice")
    func roundTrip() {
        let questions = [
            Question(prompt: "What is osmosis?", recall: "The diffusion of water across a partially permeable membrane.", explanation: "From “Transport”.\n\nSee the note."),
            Question(prompt: "Which organelle holds the DNA?", choices: ["Nucleus", "Ribosome"], answer: 0),
        ]
        let text = QuizBlockPrinter.text(of: questions)
        #expect(text == "Q: What is osmosis?\nA: The diffusion of water across a partially permeable membrane.\n> From “Transport”.\n>\n> See the note.\n\nQ: Which organelle holds the DNA?\n- [x] Nucleus\n- [ ] Ribosome\n")
        #expect(parser.parse(text, firstLine: 1).questions.map { Question(prompt: $0.prompt, choices: $0.choices, answer: $0.answer, explanation: $0.explanation) }
                == questions.map { Question(prompt: $0.prompt, choices: $0.choices, answer: $0.answer, explanation: $0.explanation) })
        #expect(parser.parse(text, firstLine: 1).questions.map(\.kind) == [.recall, .choice])
    }

    @Test("the validator holds a card to its own rules: one short answer, not given away, in any script")
    func validates() {
        let validator = QuestionValidator()
        #expect(validator.isValid(Question(prompt: "What is osmosis?", recall: "Diffusion of water", origin: .handWritten)))
        #expect(!validator.isValid(Question(prompt: "What is osmosis?", recall: String(repeating: "long ", count: 40))))
        #expect(!validator.isValid(Question(prompt: "What is osmosis?", recall: "  ")))
        #expect(!validator.isValid(Question(prompt: "What is osmosis?", recall: "Diffusion", origin: .offline)), "a generated card explains itself")
        #expect(!validator.isValid(Question(prompt: "Which stage is the light-independent stage, the Calvin cycle?", recall: "Calvin cycle")))
        #expect(!validator.isValid(Question(prompt: "哪种激素叫赤霉素？", recall: "赤霉素")), "two Chinese characters are a word")
        #expect(!validator.isValid(Question(prompt: "生长素由色氨酸合成，它是什么？", choices: ["生长素", "乙烯"], answer: 0)))
        #expect(validator.isValid(Question(prompt: "哪种激素促进细胞伸长？", choices: ["赤霉素", "乙烯"], answer: 0)))
    }
}
