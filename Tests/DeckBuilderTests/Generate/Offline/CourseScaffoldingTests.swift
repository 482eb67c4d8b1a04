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

/// Answers cut where they should not be, and names hung on clauses.
@Suite("Answers cut whole")
struct AnswerCuttingTests {
    @Test("a Chinese answer is not cut down to a bare kind, nor a Japanese one after a continuative verb")
    func notCutShort() {
        #expect(ChoiceText.firstClause("一个网络，它接收一个随机向量，并生成图像作为输出") == "一个网络，它接收一个随机向量，并生成图像作为输出")
        #expect(ChoiceText.firstClause("画像内の特徴的な部分を取り、それらのフレーム間の軌跡を構築します") == "画像内の特徴的な部分を取り、それらのフレーム間の軌跡を構築します")
        #expect(ChoiceText.firstClause("一种基于虚拟化技术的轻量级容器，它与虚拟机不同") == "一种基于虚拟化技术的轻量级容器")
    }

    @Test("a doubled dash is no part of an answer; a sample cut short is none")
    func dashesAndSamples() {
        #expect(ChoiceText(language: .chinese).answer(from: "—与 CBoW 相反，模型预测上下文中的单词。") == "与 CBoW 相反，模型预测上下文中的单词")
        #expect(ChoiceText(language: .english).answer(from: "AP - A company founded by a researcher won a grant to develop...") == nil)
    }

    @Test("an English name given to a clause (`…, which is called X`) or to what was said before is no definition", arguments: [
        "However, we might want to use raw data for training feature extractors, which is called self-supervised learning.",
        "Such representation of text is called bag of words.",
    ])
    func clauseNames(sentence: String) {
        #expect(NamingSentence(language: .english).definitions(in: sentence, strong: []).isEmpty)
    }

    @Test("a quiz's heading names no topic", arguments: ["Pre-lecture quiz", "事前講義クイズ", "课前测验"])
    func quizHeading(heading: String) {
        #expect(FactExtractor.isGenericHeading(heading))
    }
}

/// Examples annotated word by word are read, not asked.
@Suite("Annotated examples")
struct AnnotatedExampleTests {
    @Test("a table of one sentence's words and their tags gives no facts")
    func tokenTable() {
        let markdown = """
        Tricuspid valve regurgitation and lithium carbonate toxicity in a newborn infant.

        | Token | Tag |
        | --- | --- |
        | Tricuspid | B-DIS |
        | valve | I-DIS |
        | regurgitation | I-DIS |
        | lithium | B-CHEM |
        """
        #expect(FactExtractor.isTokenTable(keys: ["Tricuspid", "valve", "regurgitation", "lithium"], markdown: markdown))
        #expect(!FactExtractor.isTokenTable(keys: ["Mitosis", "Meiosis", "Osmosis"], markdown: markdown))
    }

    @Test("a Latin word in a Japanese sentence is no keyword")
    func latinInJapanese() {
        let text = "ジョンは友達と **play** したいと思っていますが、それは遊びのことです。"
        let outline = MarkdownRenderer(options: .site).render(text).outline
        #expect(FactExtractor(language: .japanese, markdown: text).facts(in: outline).facts.isEmpty)
    }
}

/// The note's own labels for its options and steps, and answers to its own questions.
@Suite("The note's own labels")
struct NoteLabelTests {
    @Test("labels of the note's own options are no terms; names with ordinals are", arguments: [
        ("Option 2", false), ("Another intuition", false), ("Second common choice", false), ("What you should remember", false),
        ("The best approach", false), ("Second law of thermodynamics", true), ("New Deal", true), ("First World War", true),
    ])
    func labels(term: String, accepted: Bool) {
        #expect(TermFilter.accepts(term) == accepted)
    }

    @Test("an answer marked as the answer to the note's question is none")
    func questionAndAnswer() {
        #expect(ChoiceText(language: .chinese).answer(from: "A：强化学习是智能体与环境交互的学习方法。") == nil)
    }

    @Test("a Chinese comparison or passive is no naming", arguments: [
        "Q 函数也被称为动作价值函数。", "行为策略像一个探索者，它不断地尝试新的动作。",
    ])
    func chineseComparison(sentence: String) {
        let found = NamingSentence(language: .chinese).definitions(in: sentence, strong: [])
        #expect(found.allSatisfy { !$0.term.hasSuffix("也被") && !$0.term.hasSuffix("像") })
    }
}
