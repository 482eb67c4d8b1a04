import Testing
@testable import DeckBuilder

/// What a course page holds beside its subject (reading lists, set-up steps, tutorial files, results tables,
/// discussion prompts, emoji) is never asked.
@Suite("Course scaffolding is not asked")
struct CourseScaffoldingTests {
    func facts(_ markdown: String, _ language: GeneratorLanguage = .english) -> [Fact] {
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        return FactExtractor(language: language, markdown: markdown).facts(in: outline).leavingOutLinkText(of: markdown).facts
    }

    @Test("a reading list's entry, whose text is a link, is no definition")
    func readingList() {
        let markdown = """
        - Microsoft’s FATE research group: [FATE: Fairness, Accountability, Transparency, and Ethics in AI](https://example.org/fate)
        - Microsoft’s RAI resource center: [Responsible AI Resources – Microsoft AI](https://example.org/rai)
        - **Fairness**: treating every group of people alike in a model's decisions.
        """
        #expect(facts(markdown).map(\.term) == ["Fairness"])
    }

    @Test("set-up steps and timeline entries are no terms", arguments: [
        ("Installing Python", true), ("Setting up VS Code", true), ("Pythonのインストール", true), ("安装 Python", true),
        ("Learning rate", false), ("Clustering", false),
    ])
    func procedure(term: String, expected: Bool) {
        #expect(TermFilter.isProcedure(term) == expected)
    }

    @Test("a year opening a term marks a timeline entry")
    func year() {
        #expect(TermFilter.opensWithYear("1967 最近邻"))
        #expect(!TermFilter.opensWithYear("Algorithm 2048"))
        #expect(!TermFilter.opensWithYear("12345 items"))
    }

    @Test("a table of decimal measurements is read, not asked")
    func resultsTable() {
        #expect(FactExtractor.isResultsTable([["chinese", "0.73", "0.71"], ["indian", "0.91", "0.93"], ["thai", "0.80", "0.75"]]))
        #expect(!FactExtractor.isResultsTable([["Half", "16", "5"], ["Single", "32", "8"], ["Double", "64", "11"]]))
    }

    @Test("emoji and check marks are no part of a term or an answer")
    func pictographs() {
        #expect(StudyText.droppingPictographs("Pickle 🥒") == "Pickle")
        #expect(StudyText.droppingPictographs("✅ 多項式") == "多項式")
        #expect(StudyText.droppingPictographs("Plain words") == "Plain words")
    }

    @Test("a question in the note answers nothing")
    func question() {
        #expect(ChoiceText(language: .japanese).answer(from: "どういう意味ですか？") == nil)
        #expect(ChoiceText(language: .english).answer(from: "What does this mean for the model?") == nil)
    }

    @Test("a tutorial's file and folder names are no keywords")
    func files() {
        #expect(KeywordFacts.namesAFile("styles.css", in: "Add a file called styles.css to the css folder."))
        #expect(KeywordFacts.namesAFile("templates", in: "Create a folder named templates for the pages."))
        #expect(!KeywordFacts.namesAFile("osmosis", in: "Water crosses the membrane by osmosis."))
    }

    @Test("a discussion prompt's or a notice's label is no term", arguments: ["Discussion", "讨论", "ディスカッション", "Challenge", "免责声明", "Disclaimer"])
    func discussion(label: String) {
        #expect(!TermFilter.accepts(label))
    }
}
