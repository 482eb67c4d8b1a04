import Testing
@testable import DeckBuilder

@Suite("Quiz block printer")
struct QuizBlockPrinterTests {
    let parser = QuizBlockParser()

    @Test("writes the canonical form")
    func canonicalForm() {
        let question = Question(prompt: "Which organelle carries out photosynthesis?",
                                choices: ["Mitochondrion", "Chloroplast", "Ribosome"], answer: 1,
                                explanation: "Chloroplasts hold chlorophyll,\n\nwhich captures light.")
        #expect(QuizBlockPrinter.text(of: question) == """
        Q: Which organelle carries out photosynthesis?
        - [ ] Mitochondrion
        - [x] Chloroplast
        - [ ] Ribosome
        > Chloroplasts hold chlorophyll,
        >
        > which captures light.

        """)
    }

    @Test("separates questions with one blank line")
    func severalQuestions() {
        let one = Question(prompt: "One?", choices: ["a", "b"], answer: 0)
        let two = Question(prompt: "Two?", choices: ["c", "d"], answer: 1, explanation: "Because.")
        #expect(QuizBlockPrinter.text(of: [one, two]) == "Q: One?\n- [x] a\n- [ ] b\n\nQ: Two?\n- [ ] c\n- [x] d\n> Because.\n")
        #expect(QuizBlockPrinter.text(of: [Question]()) == "")
    }

    @Test("writes line breaks in prompts and choices as spaces, and trims them")
    func lineBreaksBecomeSpaces() throws {
        let question = Question(prompt: "  Which\nline\r\nbreaks?\n", choices: ["one\ntwo", "\tthree "], answer: 0)
        let text = QuizBlockPrinter.text(of: question)
        #expect(text == "Q: Which line breaks?\n- [x] one two\n- [ ] three\n")
        let parsed = try #require(parser.parse(text, firstLine: 1).questions.first)
        #expect(parsed.prompt == "Which line breaks?")
        #expect(parsed.choices == ["one two", "three"])
    }

    @Test("keeps a choice that starts with [x] and text that looks like the format")
    func textLookingLikeMarks() throws {
        let question = Question(prompt: "Q: - [x] > tricky?", choices: ["[x] marks the spot", "[ ] empty", "> arrow"], answer: 2,
                                explanation: "> quoted\n- [x] not a choice\nQ: not a question")
        let text = QuizBlockPrinter.text(of: question)
        #expect(text.hasPrefix("Q: Q: - [x] > tricky?\n- [ ] [x] marks the spot\n- [ ] [ ] empty\n- [x] > arrow\n> > quoted\n"))
        let parsed = try #require(parser.parse(text, firstLine: 1).questions.first)
        expectSameContent(parsed, question)
    }

    @Test("drops blank lines around the explanation and trailing spaces on its lines")
    func tidiesExplanation() {
        let question = Question(prompt: "Why?", choices: ["a", "b"], answer: 0, explanation: "\n \nFirst.  \n\n   \n  Second.\t\n\n")
        #expect(QuizBlockPrinter.text(of: question) == "Q: Why?\n- [x] a\n- [ ] b\n> First.\n>\n>\n>   Second.\n")
        let blank = Question(prompt: "Why?", choices: ["a", "b"], answer: 0, explanation: " \n\t")
        #expect(QuizBlockPrinter.text(of: blank) == "Q: Why?\n- [x] a\n- [ ] b\n")
    }

    @Test("writes no [x] when the answer is outside the choices, which the parser then reports")
    func answerOutOfRange() {
        let text = QuizBlockPrinter.text(of: Question(prompt: "Lost?", choices: ["a", "b"], answer: 7))
        #expect(!text.contains("[x]"))
        #expect(parser.parse(text, firstLine: 1).errors.count == 1)
    }

    // MARK: - Round trips

    @Test("printing then parsing gives back the question, for 2,000 varied questions")
    func printThenParse() throws {
        var samples = QuestionSamples(seed: 1)
        let questions = (0..<2_000).map { _ in samples.canonicalQuestion() }
        let (parsed, errors) = parser.parse(QuizBlockPrinter.text(of: questions), firstLine: 1)
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        try #require(parsed.count == questions.count)
        for (original, read) in zip(questions, parsed) {
            expectSameContent(read, original)
        }
    }

    @Test("parsing then printing canonical text gives back the same text, question by question")
    func parseThenPrint() throws {
        var samples = QuestionSamples(seed: 2)
        for _ in 0..<1_000 {
            let text = QuizBlockPrinter.text(of: samples.canonicalQuestion())
            let (parsed, errors) = parser.parse(text, firstLine: 1)
            #expect(errors.isEmpty, "\(errors)")
            #expect(QuizBlockPrinter.text(of: parsed) == text)
        }
    }

    @Test("untidy questions print as their tidy forms, and the tidy form is stable")
    func untidyQuestions() throws {
        var samples = QuestionSamples(seed: 3)
        for _ in 0..<1_000 {
            let tidy = samples.canonicalQuestion()
            let untidy = samples.untidy(tidy)
            let text = QuizBlockPrinter.text(of: untidy)
            #expect(text == QuizBlockPrinter.text(of: tidy))
            let parsed = try #require(parser.parse(text, firstLine: 1).questions.first)
            expectSameContent(parsed, tidy)
            #expect(QuizBlockPrinter.text(of: parsed) == text)
        }
    }

    @Test("hand-written canonical blocks read and print unchanged", arguments: [
        "Q: Which organelle carries out photosynthesis?\n- [ ] Mitochondrion\n- [x] Chloroplast\n- [ ] Ribosome\n- [ ] Nucleus\n> Chloroplasts hold chlorophyll, which captures light energy.\n",
        "Q: 光合作用发生在哪个细胞器？\n- [ ] 线粒体\n- [x] 叶绿体\n> 叶绿体含有叶绿素。\n>\n> 第二段。\n\nQ: 日本の首都は？\n- [x] 東京\n- [ ] 大阪\n",
        "Q: 한국의 수도는?\n- [ ] 부산\n- [ ] 인천\n- [ ] 대구\n- [ ] 광주\n- [ ] 대전\n- [x] 서울\n",
    ])
    func handWrittenCanonical(_ text: String) {
        let (questions, errors) = parser.parse(text, firstLine: 1)
        #expect(errors.isEmpty)
        #expect(QuizBlockPrinter.text(of: questions) == text)
    }

    private func expectSameContent(_ actual: Question, _ expected: Question, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.prompt == expected.prompt, sourceLocation: sourceLocation)
        #expect(actual.choices == expected.choices, sourceLocation: sourceLocation)
        #expect(actual.answer == expected.answer, sourceLocation: sourceLocation)
        #expect(actual.explanation == expected.explanation, sourceLocation: sourceLocation)
    }
}

/// One line of a printed question, made on bytes for ASCII, as the Character version makes it.
@Suite("Quiz block printer single lines")
struct QuizBlockPrinterSingleLineTests {
    @Test("ASCII on bytes agrees with the Character version", arguments: [
        "plain", "  two\nlines  ", "crlf\r\nend", "cr\ralone", "lf then cr\n\rx", "cr cr lf\r\r\nz", "tab\tand\u{0B}vt\u{0C}ff",
        "\n\n", "", "trailing\r\n",
    ])
    func agrees(_ text: String) {
        #expect(QuizBlockPrinter.singleLine(text) == String(text.map { $0.isNewline ? " " : $0 }).trimmingWhitespace)
    }

    @Test("a printed question ends with exactly one line feed, whatever breaks its text held (store files rely on it)")
    func oneClosingLineFeed() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("a \t\n\r\r\n\u{0B}\u{0C}\u{85}\u{2028}\u{2029}é")
        let texts = generator.samples(["", "\n\n", "x\r\n", "x\n\n\n", "\u{2028}"], from: alphabet, maximumLength: 12, count: 1_000)
        for (index, text) in texts.enumerated() {
            let question = Question(prompt: text, choices: [text, "b" + text], answer: index % 3, explanation: text)
            let printed = QuizBlockPrinter.text(of: question)
            #expect(printed.hasSuffix("\n") && !printed.hasSuffix("\n\n") && !printed.hasSuffix("\r\n"),
                    "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("any text, line breaks of every kind among curly quotes and accents, agrees with the Character version")
    func randomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("a \t\n\r\r\n\u{0B}\u{0C}\u{85}\u{2028}\u{2029}“”é\u{301}Å\u{A0}—")
        for text in generator.samples([], from: alphabet, maximumLength: 12, count: 3_000) {
            #expect(QuizBlockPrinter.singleLine(text) == String(text.map { $0.isNewline ? " " : $0 }).trimmingWhitespace,
                    "\(text.unicodeScalars.map(\.value))")
            #expect(text.trimmingWhitespace == text[...].trimmingWhitespace, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("a store file hashes exactly the questions it prints")
    func fileHashMatchesPrinted() {
        let entry = QuestionStoreEntry(source: "a.md", sourceHash: "x", generator: "offline", model: "-", promptVersion: "1",
                                       questions: [Question(prompt: "Q one?", choices: ["a", "b"], answer: 0, explanation: "Because."),
                                                   Question(prompt: "Q two?", choices: ["c", "d"], answer: 1, explanation: "Why.")])
        #expect(entry.fileText.contains("questions-sha256: \(entry.questionsHash)\n"))
    }
}
