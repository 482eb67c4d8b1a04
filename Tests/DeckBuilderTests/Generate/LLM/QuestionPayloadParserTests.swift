import Testing
@testable import DeckBuilder

@Suite("Question payload parser")
struct QuestionPayloadParserTests {
    let parser = QuestionPayloadParser(origin: .provider("openai"))

    static let good = """
    {"questions": [
      {"question": "Which organelle carries out photosynthesis?",
       "choices": ["Mitochondrion", "Chloroplast", "Ribosome", "Nucleus"],
       "answer": 1,
       "explanation": "Chloroplasts hold chlorophyll, which captures light energy."}
    ]}
    """

    @Test("reads a well-formed answer")
    func wellFormed() throws {
        let payload = parser.parse(Self.good)
        #expect(payload.format == .json)
        #expect(payload.problems.isEmpty)
        #expect(payload.questionCount == 1)
        let question = try #require(payload.questions.first)
        #expect(question.prompt == "Which organelle carries out photosynthesis?")
        #expect(question.choices == ["Mitochondrion", "Chloroplast", "Ribosome", "Nucleus"])
        #expect(question.answer == 1)
        #expect(question.origin == .provider("openai"))
        #expect(question.line == nil)
    }

    @Test("reads a recall card, whose one choice is its answer; a bad kind or a card with several choices is a problem")
    func recall() throws {
        let payload = parser.parse(#"{"questions": [{"question": "What does RuBisCO do?", "kind": "recall", "choices": ["It fixes carbon dioxide."], "answer": 0, "explanation": "The note says so."}, {"question": "Q2?", "kind": "choice", "choices": ["a", "b"], "answer": 1, "explanation": "e"}]}"#)
        #expect(payload.problems.isEmpty)
        #expect(payload.questions.map(\.kind) == [.recall, .choice])
        #expect(payload.questions.first?.correctChoice == "It fixes carbon dioxide.")
        let bad = parser.parse(#"{"questions": [{"question": "Q?", "kind": "essay", "choices": ["a"], "answer": 0, "explanation": "e"}, {"question": "R?", "kind": "recall", "choices": ["a", "b"], "answer": 1, "explanation": "e"}]}"#)
        #expect(bad.questions.isEmpty)
        #expect(bad.problems.map(\.message).contains { $0.contains("\"kind\" is a string; expected \"choice\" or \"recall\"") })
        #expect(bad.problems.map(\.message).contains { $0.contains("a recall card has 2 choices") })
    }

    @Test("strips a ```json fence and the prose around it")
    func fenced() {
        let payload = parser.parse("Here are your questions:\n\n```json\n\(Self.good)\n```\nGood luck!")
        #expect(payload.format == .json)
        #expect(payload.questions.count == 1)
        #expect(payload.errors.isEmpty)
    }

    @Test("bare JSON is not searched for fences")
    func bareJSONWithFenceText() throws {
        let text = "{\"questions\": [{\"question\": \"Which fence opens a code block?\",\n\"choices\": [\"Backticks\", \"Brackets\"],\n\"answer\": 0, \"explanation\": \"Three backticks:\n```\nopen one.\", \"quote\": \"Three backticks ``` open a code block.\"}]}"
        let fences = QuestionPayloadParser(origin: .provider("openai"), note: "Three backticks ``` open a code block.")
        let payload = fences.parse(text.replacingOccurrences(of: "ticks:\n```\nopen", with: "ticks: ``` open"))
        #expect(payload.questions.count == 1)
        let pretty = "{\"questions\": [\n```\n]}"
        #expect(parser.parse(pretty).format == .unreadable)
        #expect(parser.parse(pretty).errors.first?.message.contains("not valid JSON") == true)
    }

    @Test("finds a JSON object inside prose without a fence")
    func prose() {
        let payload = parser.parse("Sure! \(Self.good) Let me know if you need more.")
        #expect(payload.format == .json)
        #expect(payload.questions.count == 1)
    }

    static let scriptQuestion = """
        {"questions": [{"question": "What does <script>alert(1)</script> do in a page?",
          "choices": ["Runs code", "Shows an image", "Links a style", "Sets the title"],
          "answer": 0, "explanation": "A <script> element runs JavaScript & may \\"escape\\".",
          "quote": "A page runs code in a `<script>` element"}]}
        """

    @Test("refuses markup the note does not contain: a made-up <script> or event handler is an injection sign")
    func inventedMarkup() {
        let payload = QuestionPayloadParser(origin: .provider("openai"), note: "Mars is the Red Planet.").parse(Self.scriptQuestion)
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.contains { $0.message.contains("contains markup the note does not (`<script`, `</script`)") })
        let handler = #"{"questions": [{"question": "Which planet is red?", "choices": ["Mars", "Venus <img src=x onerror=alert(1)>"], "answer": 0, "explanation": "javascript:alert(2)"}]}"#
        #expect(QuestionPayloadParser(origin: .provider("openai"), note: "Mars is red.").parse(handler).questions.isEmpty)
    }

    @Test("keeps markup the note itself quotes, as plain text for the page to escape")
    func quotedMarkup() throws {
        let note = "A page runs code in a `<script>` element: `<script>alert(1)</script>` shows a dialog."
        let question = try #require(QuestionPayloadParser(origin: .provider("openai"), note: note).parse(Self.scriptQuestion).questions.first)
        #expect(question.prompt == "What does <script>alert(1)</script> do in a page?")
        // The source quote follows the explanation on a line of its own.
        #expect(question.explanation == "A <script> element runs JavaScript & may \"escape\".\n“A page runs code in a `<script>` element”")
    }

    @Test("a truncated answer is unreadable, not a guess")
    func truncated() {
        let cut = String(Self.good.prefix(120))
        let payload = parser.parse(cut)
        #expect(payload.format == .unreadable)
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.first?.message.contains("cut off") == true)
        // An unclosed fence is cut-off JSON too.
        #expect(parser.parse("```json\n" + cut).format == .unreadable)
    }

    @Test("reports each shape problem per question and keeps the good ones")
    func shapeProblems() {
        let text = """
        {"questions": [
          {"question": "Which gas do plants take in?", "choices": ["Oxygen", "Carbon dioxide", "Nitrogen"], "answer": 1,
           "explanation": "Plants take in carbon dioxide.", "difficulty": "easy"},
          {"question": "Where is chlorophyll?", "choices": ["Chloroplast", 7, null], "answer": 0, "explanation": "In chloroplasts."},
          {"question": "What is made?", "choices": ["Glucose", "Salt"], "answer": 2, "explanation": "Glucose."},
          {"question": "What is released?", "choices": ["Oxygen", "Helium"], "answer": 1.5, "explanation": "Oxygen."},
          {"question": "What powers it?", "choices": ["Light", "Sound"], "answer": "0", "explanation": "Light."},
          {"question": "Which is true?", "choices": ["Light", "Sound"], "answer": true, "explanation": "Light."},
          {"choices": ["Light", "Sound"], "answer": 0},
          "just a string",
          {"question": 42, "choices": "Light, Sound", "answer": 0, "explanation": ["no"]},
          {"question": "Which pigment absorbs light?", "choices": ["Chlorophyll", "Keratin", "Melanin"], "answer": 0,
           "explanation": "Chlorophyll absorbs light."}
        ]}
        """
        let payload = parser.parse(text)
        #expect(payload.format == .json)
        #expect(payload.questionCount == 10)
        #expect(payload.questions.map(\.prompt) == ["Which pigment absorbs light?"])
        func messages(_ index: Int) -> [String] {
            payload.errors.filter { $0.index == index }.map(\.message)
        }
        #expect(messages(0) == [#"unexpected key "difficulty"; expected only "question", "choices", "answer", "explanation", "quote""#])
        #expect(messages(1) == ["choice 2 is the number 7; expected a string", "choice 3 is null; expected a string"])
        #expect(messages(2) == [#""answer" is 2 but there are 2 choices; expected an index from 0 to 1"#])
        #expect(messages(3) == [#""answer" is the number 1.5; expected the integer index of the correct choice"#])
        #expect(messages(4) == [#""answer" is a string; expected the integer index of the correct choice"#])
        #expect(messages(5) == [#""answer" is a boolean; expected the integer index of the correct choice"#])
        #expect(messages(6).count == 2)
        #expect(messages(6).allSatisfy { $0.hasPrefix("missing") })
        #expect(messages(7) == [#"the question is a string; expected an object with "question", "choices", "answer", "explanation", "quote""#])
        #expect(messages(8).count == 3)
        #expect(payload.errors.filter { $0.index == 2 }.first?.prompt == "What is made?")
        #expect(messages(9).isEmpty)
    }

    @Test("runs the validator: duplicate choices and catch-alls are refused with its messages")
    func validatorProblems() {
        let text = """
        {"questions": [
          {"question": "Where does photosynthesis happen?", "choices": ["Chloroplast", "chloroplast", "Nucleus"],
           "answer": 0, "explanation": "In chloroplasts."},
          {"question": "Which gas is released?", "choices": ["Oxygen", "None of the above"], "answer": 0, "explanation": "Oxygen."},
          {"question": "Which gas is taken in?", "choices": ["Carbon dioxide", "Argon"], "answer": 0, "explanation": " "}
        ]}
        """
        let payload = parser.parse(text)
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.contains { $0.index == 0 && $0.message == "choice 2 repeats choice 1; expected different choices" })
        #expect(payload.errors.contains { $0.index == 1 && $0.message.contains("catch-all") })
        #expect(payload.errors.contains { $0.index == 2 && $0.message.hasPrefix("no explanation") })
    }

    @Test("refuses a question asked twice in one answer")
    func repeatedQuestion() {
        let one = #"{"question": "Which gas is released?", "choices": ["Oxygen", "Argon"], "answer": 0, "explanation": "Oxygen is released."}"#
        let payload = parser.parse(#"{"questions": [\#(one), \#(one)]}"#)
        #expect(payload.questions.count == 1)
        #expect(payload.errors.map(\.index) == [1])
    }

    @Test("a bare array or extra top-level keys are warned about but their questions still checked")
    func looseWrappers() {
        let item = #"{"question": "Which gas is released?", "choices": ["Oxygen", "Argon"], "answer": 0, "explanation": "Oxygen."}"#
        let bare = parser.parse("[\(item)]")
        #expect(bare.questions.count == 1)
        #expect(bare.errors.isEmpty)
        #expect(bare.problems.count == 1)
        let extra = parser.parse(#"{"questions": [\#(item)], "note": "hi"}"#)
        #expect(extra.questions.count == 1)
        #expect(extra.problems.map(\.severity) == [.warning])
    }

    @Test("wrong top-level shapes read nothing", arguments: [
        #"{"items": []}"#, #"{"questions": "none"}"#, "42", #""questions""#,
    ])
    func wrongTopLevel(text: String) {
        let payload = parser.parse(text)
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.count == 1)
        #expect(payload.errors.first?.index == nil)
    }

    @Test("falls back to quiz blocks when the server ignored JSON mode")
    func quizBlocks() throws {
        let text = """
        Here you go:

        ```quiz
        Q: Which organelle carries out photosynthesis?
        - [ ] Mitochondrion
        - [x] Chloroplast
        - [ ] Ribosome
        > Chloroplasts hold chlorophyll.

        Q: Which gas is released?
        - [x] Oxygen
        - [ ] Oxygen
        > Oxygen is released.
        ```
        """
        let payload = parser.parse(text)
        #expect(payload.format == .quizBlock)
        #expect(payload.questionCount == 2)
        let question = try #require(payload.questions.first)
        #expect(payload.questions.count == 1)
        #expect(question.choices == ["Mitochondrion", "Chloroplast", "Ribosome"])
        #expect(question.origin == .provider("openai"))
        #expect(question.line == nil)
        #expect(payload.errors.map(\.index) == [1])
    }

    @Test("prose with neither JSON nor quiz blocks is unreadable", arguments: ["", "I cannot help with that.", "{not json}"])
    func unreadable(text: String) {
        let payload = parser.parse(text)
        #expect(payload.format == .unreadable)
        #expect(payload.questions.isEmpty)
        #expect(payload.errors.count == 1)
    }
}
