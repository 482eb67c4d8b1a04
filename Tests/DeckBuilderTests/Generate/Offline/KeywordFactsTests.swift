import Testing
@testable import DeckBuilder

/// Bold key words in prose become fill-in-the-blank recall cards, and only where the sentence stands alone.
@Suite("Keyword facts")
struct KeywordFactsTests {
    func facts(_ markdown: String, _ language: GeneratorLanguage = .english) -> [Fact] {
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        return FactExtractor(language: language, markdown: markdown).facts(in: outline).facts.filter { $0.kind == .keyword }
    }

    @Test("a bold word inside a whole sentence is a keyword with that sentence")
    func keyword() throws {
        let fact = try #require(facts("Water crosses the cell membrane by **osmosis** from a dilute solution.").first)
        #expect(fact.term == "osmosis" && fact.sentence == "Water crosses the cell membrane by osmosis from a dilute solution.")
    }

    @Test("no keyword from a sentence pointing elsewhere, a stressed word, a number or a fragment", arguments: [
        "This is why **osmosis** matters so much for every plant cell.",
        "The code below shows how **recursion** unwinds after the base case.",
        "A prime number **cannot** be made by multiplying other whole numbers.",
        "Add **3** to the odd number and keep going until the end.",
        "Higher **temperature** means faster diffusion",
    ])
    func rejected(markdown: String) {
        #expect(facts(markdown).isEmpty)
    }

    @Test("Japanese bold that CommonMark leaves as asterisks is still read, its gloss left out of the card")
    func literalStrongJapanese() throws {
        let fact = try #require(facts("計算の途中で**例外(exception)**が発生すると、プログラムはそこで止まってしまう。", .japanese).first)
        #expect(fact.term == "例外")
        #expect(fact.sentence == "計算の途中で例外が発生すると、プログラムはそこで止まってしまう。")
    }

    @Test("Korean bold marks predicates as often as names: no keywords")
    func noKorean() {
        #expect(facts("Max Heap이란, 각 노드의 값이 해당 자식의 값보다 **크거나 같은** 완전 이진 트리를 말한다.", .korean).isEmpty)
    }

    @Test("a keyword becomes a recall card that blanks it mid-sentence")
    func recallCard() throws {
        let markdown = "# Cells\n\nWater crosses the cell membrane by **osmosis** from a dilute solution.\n"
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        let request = GenerationRequest(notePath: "n.md", title: "Cells", lang: "en", count: 5, markdown: markdown, outline: outline)
        let question = try #require(try OfflineGenerator().questions(for: request).first)
        #expect(question.kind == .recall && question.isCloze)
        #expect(question.prompt == "In “Cells”, fill in the blank: Water crosses the cell membrane by ____ from a dilute solution.")
        #expect(question.choices == ["osmosis"])
    }

    @Test("a sentence naming what the one before describes is asked with that one", arguments: [
        ("Water moves from a dilute solution to a concentrated one across a membrane. This is called **osmosis**.",
         GeneratorLanguage.english, "osmosis"),
        ("コードポイントが決まったら、メモリに格納する方法を決めなくてはいけない。これを **符号化** と呼ぶ。", .japanese, "符号化"),
    ])
    func backReference(text: String, language: GeneratorLanguage, term: String) throws {
        let outline = MarkdownRenderer(options: .site).render(text).outline
        let facts = FactExtractor(language: language, markdown: text).facts(in: outline).facts.filter { $0.kind == .keyword }
        let fact = try #require(facts.first)
        #expect(fact.term == term)
        #expect(fact.sentence?.hasPrefix(language == .english ? "Water" : "コードポイント") == true)
    }

    @Test("a back-reference giving two names is not asked")
    func twoNames() {
        let text = "文字の形を知っている必要がある。これを字形もしくは **書体** と呼ぶ。"
        let outline = MarkdownRenderer(options: .site).render(text).outline
        #expect(FactExtractor(language: .japanese, markdown: text).facts(in: outline).facts.filter { $0.kind == .keyword }.isEmpty)
    }
}
