import Testing
@testable import DeckBuilder

@Suite("Quiz block parser")
struct QuizBlockParserTests {
    let parser = QuizBlockParser()

    @Test("reads the example from DESIGN.md")
    func designExample() throws {
        let text = """
        Q: Which organelle carries out photosynthesis?
        - [ ] Mitochondrion
        - [x] Chloroplast
        - [ ] Ribosome
        - [ ] Nucleus
        > Chloroplasts hold chlorophyll, which captures light energy.

        """
        let (questions, errors) = parser.parse(text, firstLine: 12)
        #expect(errors.isEmpty)
        let question = try #require(questions.first)
        #expect(questions.count == 1)
        #expect(question.prompt == "Which organelle carries out photosynthesis?")
        #expect(question.choices == ["Mitochondrion", "Chloroplast", "Ribosome", "Nucleus"])
        #expect(question.answer == 1)
        #expect(question.correctChoice == "Chloroplast")
        #expect(question.explanation == "Chloroplasts hold chlorophyll, which captures light energy.")
        #expect(question.line == 12)
        #expect(question.origin == .handWritten)
    }

    @Test("reads Chinese, Japanese and Korean questions")
    func cjk() {
        let text = """
        Q: 光合作用发生在哪个细胞器？
        - [ ] 线粒体
        - [x] 叶绿体
        > 叶绿体含有叶绿素。

        Q: 日本の首都はどこですか？
        - [x] 東京
        - [ ] 大阪
        - [ ] 京都

        Q: 한국의 수도는 어디입니까?
        - [ ] 부산
        - [x] 서울
        > 서울은 1394년부터 수도였다.
        """
        let (questions, errors) = parser.parse(text, firstLine: 1)
        #expect(errors.isEmpty)
        #expect(questions.map(\.prompt) == ["光合作用发生在哪个细胞器？", "日本の首都はどこですか？", "한국의 수도는 어디입니까?"])
        #expect(questions.map(\.correctChoice) == ["叶绿体", "東京", "서울"])
        #expect(questions.map(\.explanation) == ["叶绿体含有叶绿素。", "", "서울은 1394년부터 수도였다."])
        #expect(questions.map(\.line) == [1, 6, 11])
    }

    @Test("reads several questions separated by any number of blank lines, with file line numbers")
    func severalQuestions() {
        let text = "\n\nQ: One?\n- [x] a\n- [ ] b\n\n\n\nQ: Two?\n- [ ] c\n- [x] d\n- [ ] e\n\nQ: Three?\n- [x] f\n- [ ] g\n\n"
        let (questions, errors) = parser.parse(text, firstLine: 40)
        #expect(errors.isEmpty)
        #expect(questions.map(\.prompt) == ["One?", "Two?", "Three?"])
        #expect(questions.map(\.answer) == [0, 1, 0])
        #expect(questions.map(\.line) == [42, 48, 53])
    }

    @Test("accepts `*` bullets, `[X]`, tabs after the bullet, indentation and trailing spaces")
    func looseSpacing() throws {
        let text = "Q:   Spaced out?   \n*\t[ ]\tone  \n  -  [X]  two\t\n- [ ] three \n"
        let (questions, errors) = parser.parse(text, firstLine: 1)
        #expect(errors.isEmpty)
        let question = try #require(questions.first)
        #expect(question.prompt == "Spaced out?")
        #expect(question.choices == ["one", "two", "three"])
        #expect(question.answer == 1)
    }

    @Test("joins `>` lines with newlines, a bare `>` being an empty line, keeping text after the first space")
    func explanationLines() throws {
        let text = "Q: Why?\n- [x] a\n- [ ] b\n> First line.\n>\n>  indented\n>no space\n> > quoted\n"
        let question = try #require(parser.parse(text, firstLine: 1).questions.first)
        #expect(question.explanation == "First line.\n\n indented\nno space\n> quoted")
    }

    @Test("takes the first mark only, so a choice may itself start with [x]")
    func choiceStartingWithMark() throws {
        let text = "Q: Which is the treasure map's mark?\n- [ ] [x] marks the spot\n- [x] [ ] nothing\n"
        let question = try #require(parser.parse(text, firstLine: 1).questions.first)
        #expect(question.choices == ["[x] marks the spot", "[ ] nothing"])
        #expect(question.answer == 1)
    }

    @Test("accepts two and six choices")
    func choiceCountBounds() {
        let two = "Q: Two?\n- [x] a\n- [ ] b"
        let six = "Q: Six?\n- [ ] a\n- [ ] b\n- [ ] c\n- [ ] d\n- [ ] e\n- [x] f"
        #expect(parser.parse(two, firstLine: 1).questions.first?.choices.count == 2)
        #expect(parser.parse(six, firstLine: 1).questions.first?.answer == 5)
    }

    @Test("gives every question the parser's origin")
    func origin() {
        let questions = QuizBlockParser(origin: .store).parse("Q: A?\n- [x] a\n- [ ] b\n\nQ: B?\n- [x] c\n- [ ] d", firstLine: 3).questions
        #expect(questions.map(\.origin) == [.store, .store])
    }

    @Test("reads CRLF line endings as well")
    func crlf() {
        let (questions, errors) = parser.parse("Q: A?\r\n- [x] a\r\n- [ ] b\r\n\r\nQ: B?\r\n- [ ] c\r\n- [x] d\r\n", firstLine: 1)
        #expect(errors.isEmpty)
        #expect(questions.map(\.line) == [1, 5])
        #expect(questions.map(\.choices) == [["a", "b"], ["c", "d"]])
    }

    // MARK: - Errors

    /// A malformed block, the one error it must give (line relative to the block, column) and a fragment of it.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let line: Int
        let column: Int
        let fragment: String

        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "empty mark", text: "Q: A?\n- [x] Chloroplast\n- [] Ribosome\n", line: 2, column: 1,
                  fragment: "\"- [] Ribosome\" is not a choice; expected \"- [ ] text\" or \"- [x] text\""),
        Malformed(name: "no space after Q:", text: "Q:A?\n- [x] a\n- [ ] b", line: 0, column: 1,
                  fragment: "\"Q:A?\" is not a question; expected \"Q: question\""),
        Malformed(name: "Q: without text", text: "Q:\n- [x] a\n- [ ] b", line: 0, column: 1, fragment: "expected \"Q: question\""),
        Malformed(name: "choices without a question", text: "\n- [x] a\n- [ ] b", line: 1, column: 1,
                  fragment: "\"- [x] a\" is outside a question; expected \"Q: question\" to start a question"),
        Malformed(name: "choice after the explanation", text: "Q: A?\n- [x] a\n- [ ] b\n> why\n- [ ] c", line: 4, column: 1,
                  fragment: "a choice after the explanation; expected choices before \">\" lines"),
        Malformed(name: "one choice", text: "Q: A?\n- [x] a\n> why", line: 0, column: 1,
                  fragment: "\"Q: A?\" has 1 choice; expected 2 to 6 choices"),
        Malformed(name: "no choice", text: "Q: A?\n\nQ: B?\n- [x] a\n- [ ] b", line: 0, column: 1, fragment: "has 0 choices; expected 2 to 6"),
        Malformed(name: "no [x]", text: "Q: A?\n- [ ] a\n- [ ] b\n", line: 0, column: 1,
                  fragment: "has no choice marked [x]; expected exactly one \"- [x] text\""),
        Malformed(name: "two [x]", text: "Q: A?\n- [x] a\n- [X] b\n- [ ] c", line: 2, column: 1,
                  fragment: "\"- [X] b\" is a second choice marked [x]; expected exactly one"),
        Malformed(name: "seven choices", text: "Q: A?\n- [x] a\n- [ ] b\n- [ ] c\n- [ ] d\n- [ ] e\n- [ ] f\n- [ ] g\n- [ ] h",
                  line: 7, column: 1, fragment: "is choice 7; expected at most 6 choices"),
        Malformed(name: "choice without text", text: "Q: A?\n- [x] a\n- [ ]\n", line: 2, column: 1,
                  fragment: "\"- [ ]\" has no text; expected \"- [ ] text\""),
        Malformed(name: "no blank line between questions", text: "Q: A?\n- [x] a\n- [ ] b\nQ: B?\n- [x] c\n- [ ] d", line: 3, column: 1,
                  fragment: "starts a question before the last one ended; expected a blank line between questions"),
        Malformed(name: "text after the explanation", text: "Q: A?\n- [x] a\n- [ ] b\n> why\nbecause", line: 4, column: 1,
                  fragment: "\"because\" is not part of the explanation; expected \"> text\", or a blank line"),
        Malformed(name: "indented choice without a space after the mark", text: "Q: A?\n  - [x]a\n- [ ] b", line: 1, column: 3,
                  fragment: "\"- [x]a\" is not a choice; expected"),
        Malformed(name: "no space after the bullet", text: "Q: A?\n- [x] a\n-[ ] b", line: 2, column: 1, fragment: "\"-[ ] b\" is not a choice"),
        Malformed(name: "unknown mark", text: "Q: A?\n- [x] a\n- [o] b", line: 2, column: 1, fragment: "\"- [o] b\" is not a choice"),
        Malformed(name: "plain line among choices", text: "Q: A?\nMitochondrion\n- [x] b\n- [ ] c", line: 1, column: 1,
                  fragment: "\"Mitochondrion\" is not a choice"),
        Malformed(name: "lowercase q", text: "\tq: A?\n- [x] a\n- [ ] b", line: 0, column: 2, fragment: "is outside a question; expected \"Q: question\""),
        Malformed(name: "explanation before choices", text: "Q: A?\n> why\n- [x] a\n- [ ] b", line: 2, column: 1,
                  fragment: "is a choice after the explanation; expected choices before"),
        Malformed(name: "empty block", text: "\n \n", line: 0, column: 1, fragment: "the quiz block is empty; expected"),
    ]

    @Test("reports exactly one error, at the right line and column, saying what was expected", arguments: malformed)
    func malformedBlock(_ example: Malformed) throws {
        let (questions, errors) = parser.parse(example.text, firstLine: 20)
        try #require(errors.count == 1, "\(errors)")
        let error = errors[0]
        #expect(error.severity == .error)
        #expect(error.path.isEmpty)
        #expect(error.line == 20 + example.line)
        #expect(error.column == example.column)
        #expect(error.message.contains("expected"))
        #expect(error.message.contains(example.fragment), "\(error.message)")
        // Only the broken question is dropped; the "no choice" example has a good one after it.
        #expect(questions.count == (example.name == "no choice" ? 1 : 0))
    }

    @Test("reports every error in a block and keeps the good questions")
    func everyError() {
        let text = """
        Q: Good one?
        - [x] a
        - [ ] b

        Q: Bad mark?
        - [] a
        - [x] b
        - [ ] still skipped, no second error

        Q: Also good?
        - [ ] c
        - [x] d

        stray text
        Q: skipped with the stray text

        Q: Two keys?
        - [x] e
        - [x] f
        """
        let (questions, errors) = parser.parse(text, firstLine: 100)
        #expect(questions.map(\.prompt) == ["Good one?", "Also good?"])
        #expect(questions.map(\.line) == [100, 109])
        #expect(errors.map(\.line) == [105, 113, 118])
        #expect(errors.allSatisfy { $0.column == 1 && $0.message.contains("expected") })
    }

    @Test("cuts a very long line short when quoting it")
    func longLineQuoted() throws {
        let long = String(repeating: "word ", count: 40)
        let error = try #require(parser.parse("Q: A?\n\(long)\n- [x] a\n- [ ] b", firstLine: 1).errors.first)
        #expect(error.message.contains("…\" is not a choice"))
        #expect(error.message.count < 160)
    }
}
