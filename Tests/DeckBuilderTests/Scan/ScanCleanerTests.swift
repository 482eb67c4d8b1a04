import Testing
@testable import DeckBuilder

/// Each cleanup rule on small hand-made inputs.
@Suite("Scan cleaner")
struct ScanCleanerTests {
    private func clean(_ text: String, lang: String = "en") -> String {
        ScanCleaner(wordList: nil).clean(text, lang: lang).markdown
    }

    @Test("a word broken at a line end is rejoined")
    func hyphenRejoined() {
        #expect(clean("The federal con-\nstitution holds.\n") == "The federal constitution holds.\n")
    }

    @Test("a compound attested elsewhere keeps its hyphen")
    func compoundKept() {
        let text = "Her self-control was admired by all of them.\nShe showed great self-\ncontrol at the meeting.\n"
        #expect(clean(text).contains("great self-control at"))
        // A prefix with no joined form attested keeps it too.
        #expect(clean("They praised his self-\ncontrol at length.\n").contains("self-control"))
    }

    @Test("the joined form, when attested, wins over a prefix")
    func joinedWins() {
        #expect(clean("A cooperative shop opened here today.\nThe co-\noperative shop is new.\n").contains("The cooperative shop"))
    }

    @Test("a word broken without a hyphen is rejoined only when the text attests it")
    func unhyphenatedBreak() {
        #expect(clean("The Chicago paper said so, as usual.\nThe Chi\ncago paper had said it first.\n").contains("The Chicago paper had"))
        #expect(clean("He walked a\nround the field at noon.\n").contains("a round"))
    }

    @Test("a running head with OCR noise and page numbers are removed")
    func runningHeads() {
        let pages = [
            "OF FRYER BACON. 221\nthe matter was very glad hereof, and\ncaused the combatants to come.\n12",
            "0F FRYER BAC0N. 222\nthen were they bid to returne three\ndays after in the court.\n13",
            "OF FRYER BACON 223\nthe body hee did cause to be bound\nto a stake, naked to the middle.\n14",
        ]
        let result = ScanCleaner().clean(pages.joined(separator: "\u{0C}"))
        #expect(!result.markdown.contains("FRYER"))
        #expect(!result.markdown.contains("12") && !result.markdown.contains("14"))
        #expect(result.notes.contains("3 running heads removed"))
        #expect(result.notes.contains("3 page numbers removed"))
    }

    @Test("page number forms", arguments: ["12", "- 12 -", "— 7 —", "Page 12 of 30", "page 3", "xiv", "IV", "12/30"])
    func pageNumberForms(_ line: String) {
        #expect(PageNumbers.isPageNumber(line, strongOnly: false))
    }

    @Test("ordinary lines are not page numbers", arguments: ["I", "mix", "Chapter 12", "civil", "1871 was a year"])
    func notPageNumbers(_ line: String) {
        #expect(!PageNumbers.isPageNumber(line, strongOnly: false))
    }

    @Test("a bare number on a one-page text is kept; a strong form goes")
    func singlePageNumbers() {
        #expect(clean("Some text here.\n12\n").contains("12"))
        #expect(!clean("Some text here.\n- 12 -\n").contains("12"))
    }

    @Test("bullets become list items")
    func bullets() {
        let markdown = clean("Tools:\n\n• a hammer\n▪ a saw\n◦ a drill\n– a plane\n* a file\n· a rasp\n")
        #expect(markdown == "Tools:\n\n- a hammer\n- a saw\n- a drill\n- a plane\n- a file\n- a rasp\n")
    }

    @Test("numbered headings")
    func numberedHeadings() {
        #expect(clean("1.2 Methods of Study\n\nWe looked at the data.\n") == "### Methods of Study\n\nWe looked at the data.\n".replacingOccurrences(of: "### ", with: "### 1.2 "))
        #expect(clean("2 Results\n\nThey were good.\n").hasPrefix("## 2 Results\n"))
    }

    @Test("a short line in capitals is a heading")
    func capitalHeading() {
        #expect(clean("CURRENT NOTES.\nThe surviving soldiers of the war hold their meeting today.\n")
            == "## CURRENT NOTES.\n\nThe surviving soldiers of the war hold their meeting today.\n")
    }

    @Test("a table block is kept as preformatted text")
    func tableKept() {
        let table = "Name      Age   Town\nAlice      34   Paris\nBob        27   Lyon\n"
        let markdown = clean("The people:\n\n" + table)
        #expect(markdown == "The people:\n\n```\n" + table + "```\n")
    }

    @Test("CJK lines are joined without spaces")
    func cjkJoined() {
        #expect(clean("四大发明是指中国古代对世界具有很大影响的四种发明，即造纸术、指南针、\n火药和印刷术。\n", lang: "zh")
            == "四大发明是指中国古代对世界具有很大影响的四种发明，即造纸术、指南针、火药和印刷术。\n")
        #expect(clean("English words wrap\nwith a space.\n") == "English words wrap with a space.\n")
    }

    @Test("ligatures and control characters are normalised")
    func ligatures() {
        let result = ScanCleaner().clean("The \u{FB01}rst \u{FB02}ow of\u{0007} e\u{FB00}ort.\n")
        #expect(result.markdown == "The first flow of effort.\n")
        #expect(result.notes.contains("3 ligatures spelled out"))
        #expect(result.notes.contains("1 control character removed"))
    }

    @Test("accidental Markdown is escaped", arguments: [
        ("# not a heading", "\\# not a heading"),
        ("> not a quote", "\\> not a quote"),
        ("| not a table |", "\\| not a table |"),
        ("a *stray* pair", "a \\*stray\\* pair"),
        ("a _stray_ pair", "a \\_stray\\_ pair"),
        ("1871. A year", "1871\\. A year"),
        ("snake_case stays", "snake_case stays"),
    ])
    func escaping(_ input: String, _ expected: String) {
        #expect(clean(input + "\n") == expected + "\n")
    }

    @Test("paragraphs: a short sentence end, a blank line, an indented first line")
    func paragraphs() {
        let text = """
        This line is long enough to set the width of
        the column for this little test, it ends.
        Short end.
        Next paragraph starts here and it goes on for
        a while until a blank line comes, on and on

        Third paragraph runs for a while and then an
          indented line starts a fourth one, on purpose
        to see it split.
        """
        let markdown = clean(text)
        #expect(markdown.components(separatedBy: "\n\n").count == 4, "\(markdown)")
    }

    @Test("a blank line inside a sentence does not split the paragraph")
    func blankInsideSentence() {
        #expect(clean("the light-dependent reacti-\n\nons release oxygen.\n") == "the light-dependent reactions release oxygen.\n")
    }
}

@Suite("Scan cleaner on hostile text")
struct ScanCleanerHostileTests {
    @Test("one paragraph of 20,000 lines is joined in one pass, not copied at every line")
    func longParagraph() {
        let start = ContinuousClock.now
        let cleaned = ScanCleaner().clean(String(repeating: "a\n", count: 20_000)).markdown
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(cleaned.utf8.count >= 39_000)
    }

    @Test("thousands of pages with varying heads are compared in linear time")
    func manyPages() {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN")
        let pages = (0..<2_000).map { page in
            "HEADING\(letters[page % 40])\nx\ny\nHEADING\(letters[(page * 7) % 40])\n"
        }.joined(separator: "\u{0C}")
        let start = ContinuousClock.now
        _ = ScanCleaner().clean(pages)
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
