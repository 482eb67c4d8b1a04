import Testing
@testable import DeckBuilder

@Suite("QuestionMarkup")
struct QuestionMarkupTests {
    @Test("a hand-written question's inline Markdown is rendered, and read as plain text")
    func markdownRendered() {
        let question = Question(prompt: "What does `map` return for **each** x<sup>2</sup>?",
                                choices: ["A *new* array", "`nil`", "H<sub>2</sub>O"], answer: 0,
                                explanation: "`map` makes a new array.\nSee [the docs](https://example.com/map).")
        let markup = QuestionMarkup(question)
        #expect(markup.prompt.html == "What does <code>map</code> return for <strong>each</strong> x<sup>2</sup>?")
        #expect(markup.prompt.plain == "What does map return for each x2?")
        #expect(markup.choices.map(\.html) == ["A <em>new</em> array", "<code>nil</code>", "H<sub>2</sub>O"])
        #expect(markup.explanation.map(\.html) == ["<code>map</code> makes a new array.",
                                                   "See <a href=\"https://example.com/map\">the docs</a>."])
        #expect(!markup.isPlain)
    }

    @Test("the offline generator's text is plain: escaped as it is, never read as Markdown")
    func offlineTextIsPlain() {
        let question = Question(prompt: "Which type holds List<String> and 2*3*4?", choices: ["a_b_c", "x"], answer: 0,
                                explanation: "Because.", origin: .offline)
        let markup = QuestionMarkup(question)
        #expect(markup.prompt.html == "Which type holds List&lt;String&gt; and 2*3*4?")
        #expect(markup.prompt.plain == question.prompt)
        #expect(markup.isPlain)
    }

    @Test("a tag off the allowlist in a question shows as written; nothing hostile survives")
    func unlistedTagsShowAsText() {
        let text = QuestionMarkup.text("Is List<String> a <script>alert(1)</script> or <img src=x onerror=alert(1)>?", markdown: true)
        #expect(text.html == "Is List&lt;String&gt; a &lt;script&gt;alert(1)&lt;/script&gt; or ?")
        #expect(text.plain == "Is List<String> a <script>alert(1)</script> or ?")
        #expect(QuestionMarkup.text("Which <T> fits?", markdown: true).html == "Which &lt;T&gt; fits?")
        #expect(QuestionMarkup.text("Two\n*lines*", markdown: true).html == "Two<br /><em>lines</em>")
    }

    @Test("a question's line is never a block: headings, lists, quotes and fences stay text", arguments: [
        ("# of cases", "# of cases"), ("- not a list", "- not a list"), ("1. first", "1. first"), ("> quoted", "&gt; quoted"),
        ("```", "```"), ("    `indented`", "<code>indented</code>"), ("<div>block</div> tag", "&lt;div&gt;block tag"), ("* star", "* star"), ("***", "***"),
    ])
    func linesStayInline(_ source: String, _ html: String) {
        #expect(QuestionMarkup.text(source, markdown: true).html == html)
    }

    @Test("links go only to the web; a path or a script is blanked")
    func linksOnlyToTheWeb() {
        #expect(QuestionMarkup.text("[a](notes/x.md) [b](javascript:alert(1))", markdown: true).html == "<a href=\"\">a</a> <a href=\"\">b</a>")
    }

    @Test("a formula becomes MathML, read aloud as its TeX")
    func formulaAsMathML() {
        let text = QuestionMarkup.text("What is $x^2$ at 3?", markdown: true)
        #expect(text.html.hasPrefix("What is <math"))
        #expect(text.plain == "What is x^2 at 3?")
    }

    @Test("the page data carries the built HTML only for questions that need it")
    func pageDataCarriesHTMLWhenNeeded() throws {
        let questions = [Question(prompt: "Plain?", choices: ["yes", "no"], answer: 0, explanation: "So."),
                         Question(prompt: "Is `x` code?", choices: ["yes", "no"], answer: 0, explanation: "So.")]
        let deck = RenderedDeck(slug: "d", sourcePath: "d.md", title: "D", lang: "en", tags: [], section: "", order: nil,
                                html: "", assets: [], outline: NoteOutline(), quizBlocks: [], questions: questions)
        let data = DeckPageData(deck, ids: questions.map(\.id))
        #expect(data.json == (try JSONTextTests.encoded(data)))
        let json = String(decoding: data.json, as: UTF8.self)
        #expect(json.components(separatedBy: "\"html\":").count == 2)
        #expect(json.contains("\"prompt\":\"Is <code>x</code> code?\""))
        #expect(json.contains("\"prompt\":\"Is x code?\""))
    }
}
