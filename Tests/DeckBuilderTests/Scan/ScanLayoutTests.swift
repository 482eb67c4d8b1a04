import Testing
@testable import DeckBuilder

/// Word-list evidence for broken words, misread bullets, and paragraphs that go on across OCR's blank lines.
@Suite("Scan layout and word evidence")
struct ScanLayoutTests {
    private let words = WordList(text: "con\nconstitution\nbed\ntick\nworld\nwide\nworldwide\nround\nsome\nthing\nIsrael\nit's\n")

    private func clean(_ text: String, lang: String = "en", words: WordList? = nil) -> String {
        ScanCleaner(wordList: words).clean(text, lang: lang).markdown
    }

    @Test("the word list keeps names and possessives out")
    func wordListFilters() {
        #expect(words.contains("Constitution"))
        #expect(!words.contains("israel"))
        #expect(!words.contains("it's"))
    }

    @Test("a hyphen OCR lost at a line end: joined when the list has the word and not the tail")
    func lostHyphen() {
        let text = "It is a democracy which honours the federal con\nstitution in every way.\n"
        #expect(clean(text, words: words).contains("federal constitution in"))
        #expect(clean(text).contains("federal con stitution"), "without a list, the text alone decides")
        // `some` + `thing` are both words: the tail being a word keeps them apart.
        #expect(clean("They said there was some\nthing wrong with it.\n", words: words).contains("some thing"))
    }

    @Test("two listed words that make no word together keep their hyphen")
    func listedCompound() {
        #expect(clean("He wore a shirt of bed-\ntick cloth to town.\n", words: words).contains("bed-tick cloth"))
        #expect(clean("He won world-\nwide fame for it.\n", words: words).contains("worldwide fame"))
    }

    @Test("the word list is for English only")
    func englishOnly() {
        let text = "It is a democracy which honours the federal con\nstitution in every way.\n"
        #expect(clean(text, lang: "fr", words: words).contains("con stitution"))
    }

    @Test("misread bullets beside other items become items", arguments: ["¢", "©", "°", "«", "e"])
    func misreadBullets(_ mark: String) {
        let text = "The three stages are listed here in order of their appearance in the cell.\n\n"
            + "\(mark) Light reactions: thylakoid membranes\n\(mark) Calvin cycle: stroma\n- Photorespiration: waste\n"
        let cleaned = clean(text)
        #expect(cleaned.contains("- Light reactions: thylakoid membranes\n- Calvin cycle: stroma\n- Photorespiration: waste"), "\(cleaned)")
    }

    @Test("a lone line starting with a lookalike is left alone")
    func loneLookalike() {
        #expect(clean("The cost was 5 dollars.\n\n° Celsius is the unit used here.\n").contains("° Celsius"))
        #expect(clean("A short line.\n\ne mail is how they wrote it then.\n").contains("e mail is"))
    }

    @Test("CJK bullets with no space after them")
    func cjkBullets() {
        let text = "幕府は鎖国政策をとった。\n\n・参勤交代：大名の制度\n・鎖国：海外との交流の制限\n\n町人文化も発展した。\n"
        #expect(clean(text, lang: "ja") == "幕府は鎖国政策をとった。\n\n- 参勤交代：大名の制度\n- 鎖国：海外との交流の制限\n\n町人文化も発展した。\n")
        let chinese = "四大发明影响深远。\n\n“造纸术：东汉\n“活字印刷术：北宋\n"
        #expect(clean(chinese, lang: "zh").contains("- 造纸术：东汉\n- 活字印刷术：北宋"))
    }

    @Test("an item wrapped across a blank line goes on; the next paragraph does not join it")
    func itemsAcrossBlankLines() {
        let text = "The stages of the process are these, listed in order of appearance.\n\n"
            + "• Light reactions: thylakoid membranes and the other\n\nparts of the chloroplast\n• Calvin cycle\n\nThe next paragraph starts here and runs on for a while.\n"
        let cleaned = clean(text)
        #expect(cleaned.contains("- Light reactions: thylakoid membranes and the other parts of the chloroplast\n- Calvin cycle\n\nThe next"), "\(cleaned)")
    }

    @Test("a full line cut by a blank line continues into a capitalised word")
    func fullLineContinues() {
        let text = "The fortress held only seven prisoners, but its fall showed that the army would\n"
            + "no longer maintain order for the king in the capital city of\n\nParis.\n\nIn August the Assembly met.\n"
        let cleaned = clean(text)
        #expect(cleaned.contains("capital city of Paris.\n\nIn August"), "\(cleaned)")
    }

    @Test("a line-end hyphen before a number stays, with no space")
    func hyphenBeforeNumber() {
        #expect(clean("Better known as Ribulose-\n1,5-bisphosphate, it is abundant.\n").contains("Ribulose-1,5-bisphosphate"))
    }
}
