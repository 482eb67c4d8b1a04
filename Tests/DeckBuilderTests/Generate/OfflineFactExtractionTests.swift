import Testing
@testable import DeckBuilder

/// Each pattern the offline generator reads facts from, in English, Korean, Chinese and Japanese.
@Suite("Offline generator fact extraction")
struct OfflineFactExtractionTests {
    func facts(_ markdown: String, _ language: GeneratorLanguage = .english) -> [Fact] {
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        return FactExtractor(language: language, markdown: markdown).facts(in: outline).facts
    }

    @Test("a bold term and its definition, whatever the separator", arguments: [":", "—", "–", "-", "："])
    func boldSeparators(separator: String) throws {
        let found = facts("- **Stack** \(separator) a last-in, first-out collection of items.")
        let fact = try #require(found.first)
        #expect(fact.term == "Stack")
        #expect(fact.answer == "A last-in, first-out collection of items")
        #expect(fact.kind == .definition && fact.reliability == 3)
    }

    @Test("a separator inside the bold span")
    func separatorInsideBold() throws {
        let fact = try #require(facts("**Queue:** a first-in, first-out collection.").first)
        #expect(fact.term == "Queue")
        #expect(fact.answer == "A first-in, first-out collection")
    }

    @Test("an English definition sentence with a bold term keeps the sentence for a cloze item")
    func englishVerb() throws {
        let fact = try #require(facts("**Photosynthesis** is the process by which plants turn light into sugar. It happens in leaves.").first)
        #expect(fact.term == "Photosynthesis")
        #expect(fact.answer == "The process by which plants turn light into sugar")
        #expect(fact.sentence == "Photosynthesis is the process by which plants turn light into sugar.")
    }

    @Test("a plain English definition sentence, with an alias in brackets")
    func englishSentence() throws {
        let fact = try #require(facts("A hash table (hash map) is a data structure that maps keys to values.").first)
        #expect(fact.term == "hash table")
        #expect(fact.aliases == ["hash map"])
        #expect(fact.answer == "A data structure that maps keys to values")
    }

    @Test("a plain list item `Term - definition`")
    func plainListItem() throws {
        let fact = try #require(facts("- Subarray - A range of contiguous values within an array.").first)
        #expect(fact.term == "Subarray")
        #expect(fact.answer == "A range of contiguous values within an array")
        #expect(fact.reliability == 2)
    }

    @Test("Korean: a bold term with 는/은 and a sentence ending 이다")
    func korean() throws {
        let fact = try #require(facts("**프로세스**는 실행 중인 프로그램의 인스턴스이다.", .korean).first)
        #expect(fact.term == "프로세스")
        #expect(fact.answer == "실행 중인 프로그램의 인스턴스")
        #expect(fact.sentence != nil)
    }

    @Test("Korean: a spaced particle and a plain `용어 : 정의` list item")
    func koreanPlain() throws {
        let sentence = try #require(facts("PCB 는 프로세스에 대한 정보를 저장하는 자료 구조이다.", .korean).first)
        #expect(sentence.term == "PCB")
        #expect(sentence.answer == "프로세스에 대한 정보를 저장하는 자료 구조")
        let item = try #require(facts("* Edge (간선) : 노드와 노드를 연결하는 선을 의미한다.", .korean).first)
        #expect(item.term == "Edge")
        #expect(item.aliases == ["간선"])
        #expect(item.answer == "노드와 노드를 연결하는 선")
    }

    @Test("Chinese: 是 and the full-width colon")
    func chinese() throws {
        let verb = try #require(facts("**火药**是由硝石、硫磺和木炭混合而成的发明。", .chinese).first)
        #expect(verb.term == "火药")
        #expect(verb.answer == "由硝石、硫磺和木炭混合而成的发明")
        let colon = try #require(facts("- **雕版印刷**：唐代已经广泛使用的印刷方法。后来传到日本。", .chinese).first)
        #expect(colon.term == "雕版印刷")
        #expect(colon.answer == "唐代已经广泛使用的印刷方法")
    }

    @Test("Japanese: は and a sentence ending である")
    func japanese() throws {
        let fact = try #require(facts("**光合成**は植物が光エネルギーを化学エネルギーに変える過程である。", .japanese).first)
        #expect(fact.term == "光合成")
        #expect(fact.answer == "植物が光エネルギーを化学エネルギーに変える過程")
    }

    @Test("formatting labels and long bold text are not terms", arguments: [
        "**Note**: remember to sleep well before the exam.",
        "**TL;DR**: stacks are last in, first out.",
        "**Example** - pushing three plates onto a pile.",
        "**This bold sentence is far too long to be a term that anyone would want to be quizzed on**: it is emphasis.",
    ])
    func labels(markdown: String) {
        #expect(facts(markdown).isEmpty)
    }

    @Test("links in reading lists are not definitions")
    func readingList() {
        #expect(facts("- [Hashing: a gentle guide](https://example.com), basecs").isEmpty)
    }

    @Test("a table gives one fact per row and column, named by the headers")
    func table() throws {
        let found = facts("""
        ## Stages

        | Stage | Where | Produces |
        |---|---|---|
        | Light-dependent | Thylakoid | ATP |
        | Calvin cycle | Stroma | Glucose |
        | Glycolysis | Cytoplasm | Pyruvate |
        """)
        #expect(found.count == 6)
        let fact = try #require(found.first)
        #expect(fact.kind == .tableCell)
        #expect((fact.term, fact.column, fact.answer, fact.keyColumn) == ("Light-dependent", "Where", "Thylakoid", "Stage"))
        #expect(fact.heading == "Stages")
    }

    @Test("a heading and the sentence that opens its section are no fact: the sentence is as often an aside")
    func heading() throws {
        let found = facts("""
        ## Stack

        A stack keeps items in last-in, first-out order.

        ## Learning resources

        Read the chapters about stacks in your textbook first.
        """)
        #expect(found.isEmpty)
    }

    @Test("blanking a term leaves words that merely contain it")
    func blankingWholeWords() {
        #expect(StudyText.blanking(["Math"], in: "Math needs mathematical care.") == "____ needs mathematical care.")
        #expect(StudyText.blanking(["트리"], in: "트리는 자료구조이다.") == "____는 자료구조이다.")
        #expect(StudyText.blanking(["hash table", "hash map"], in: "A hash table (hash map) maps keys.") == "A ____ maps keys.")
    }
}

@Suite("Table cells worth asking")
struct TableCellTests {
    @Test("a measured quantity is not asked; a year, a date, a complexity or a word is", arguments: [
        ("0.5 m/s²", true), ("2,400 N", true), ("20 kg", true), ("15%", true), ("-3 °C", true), ("37°C", true),
        ("1789", false), ("21 September 1792", false), ("O(1)", false), ("Stroma", false), ("3 (three)", false),
    ])
    func quantities(cell: String, isQuantity: Bool) {
        #expect(FactExtractor.isQuantity(cell) == isQuantity)
    }

    @Test("the ASCII path tells quantities as the Character path does")
    func asciiQuantities() {
        var random = SplitMix64(seed: 11)
        let pieces = ["1", "20", "0.5", "2,400", " ", "  ", "\t", "-", "+", "kg", "m/s", "%", "(", ")", "N", "x", ".", ",", "\n"]
        var cells = ["", " ", "7", "-7", "- 7", "7 ", "7 kg ", " 12 (kg)", "3 big units", "1234567 abcdefg", "9\r\nkg", "5 é"]
        for _ in 0..<3000 {
            cells.append((0..<Int(random.next() % 5)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for cell in cells {
            #expect(FactExtractor.isQuantity(cell) == FactExtractor.characterIsQuantity(cell), "\(cell.debugDescription)")
        }
        #expect(FactExtractor.asciiIsQuantity("9\r\nkg") == nil)
        #expect(FactExtractor.asciiIsQuantity("5 é") == nil)
    }
}
