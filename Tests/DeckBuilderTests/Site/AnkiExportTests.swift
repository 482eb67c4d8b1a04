import Foundation
import Testing
@testable import DeckBuilder

@Suite("Anki export")
struct AnkiExportTests {
    static let header = ["#separator:tab", "#html:true", "#guid column:1", "#notetype column:2", "#deck column:5", "#tags column:6",
                         "#columns:Id\tNote type\tFront\tBack\tDeck\tTags"]

    func deck(title: String = "Cells", section: String = "biology", tags: [String] = ["biology"],
              questions: [Question]) -> RenderedDeck {
        RenderedDeck(slug: "biology-cells", sourcePath: "biology/cells.md", title: title, lang: "en", tags: tags,
                     section: section, order: nil, html: "", assets: [], outline: NoteOutline(), quizBlocks: [],
                     questions: questions)
    }

    /// The note lines after the header, each split into its columns.
    func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(Self.header.count).dropLast()
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("the header names the separator, HTML, the note type, deck and tags columns and every column")
    func header() {
        let text = AnkiExport(decks: [], siteTitle: "Study decks").text
        #expect(text == Self.header.joined(separator: "\n") + "\n")
    }

    @Test("one line per question with six columns: id, note type, front, back, deck, tags")
    func columns() throws {
        let question = Question(prompt: "Which organelle makes proteins?", choices: ["Nucleus", "Ribosome", "Vacuole"],
                                answer: 1, explanation: "Ribosomes join amino acids.")
        let text = AnkiExport(decks: [deck(tags: ["biology", "cell parts"], questions: [question])], siteTitle: "Study decks").text
        let row = try #require(rows(text).first)
        #expect(rows(text).count == 1)
        #expect(row == [
            "deckgen-biology-cells-\(question.id)",
            "Basic",
            #"<p>Which organelle makes proteins?</p><ol type="A"><li>Nucleus</li><li>Ribosome</li><li>Vacuole</li></ol>"#,
            "<p><b>B.</b> Ribosome</p><p>Ribosomes join amino acids.</p>",
            "Study decks::biology::Cells",
            "deckgen biology cell_parts",
        ])
    }

    @Test("hostile text is escaped or sanitised and cannot add a column or a line")
    func hostileText() throws {
        let question = Question(prompt: "<script>alert(\"x\")</script>\tWhich\none's 'right'?",
                                choices: ["a\tb", "<img src=x onerror=alert(1)>", "c\r\nd", "\"quoted\""], answer: 2,
                                explanation: "first\nsecond\u{2028}third & <b>bold</b>")
        let hostileDeck = deck(title: "Cells\t<b>&</b>\nsecond::level", section: "bio logy/sub", tags: ["<i>x</i>", "two\twords", "deckgen"],
                               questions: [question, question])
        let text = AnkiExport(decks: [hostileDeck], siteTitle: "My \"site\"").text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == Self.header.count + 2 + 1)
        #expect(lines.last == "")
        #expect(rows(text).allSatisfy { $0.count == 6 })
        for forbidden in ["<script", "<img", "onerror=", "<i>", "\r", "\"quoted", "second::level"] {
            #expect(!text.contains(forbidden), "\(forbidden)")
        }
        let row = try #require(rows(text).first)
        #expect(row[1] == "Basic")
        // Question text is Markdown: a tag off the allowlist shows as written, one on it is sanitised (an image with
        // no file of the folder to show is left out), and `<b>` stays bold.
        #expect(row[2].hasPrefix("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Which<br />one's 'right'?</p>"))
        #expect(row[2].contains("<li>a b</li><li></li><li>c<br>d</li><li>&quot;quoted&quot;</li>"))
        #expect(row[3] == "<p><b>C.</b> c<br>d</p><p>first<br>second<br>third &amp; <b>bold</b></p>")
        // Deck and tags are plain names in Anki: not escaped, but kept on one line and free of `"`.
        #expect(row[4] == "My 'site'::bio logy::sub::Cells ‹b›&‹/b› second:level")
        #expect(row[5] == "deckgen ‹i›x‹/i› two_words")
    }

    @Test("a recall card is a Basic note: the prompt on the front, the answer and explanation on the back")
    func recallCard() throws {
        let question = Question(prompt: "What does <RuBisCO> fix?", recall: "Carbon dioxide & water\nnot oxygen",
                                explanation: "From the Calvin cycle.")
        let row = try #require(rows(AnkiExport(decks: [deck(questions: [question])], siteTitle: "Study decks").text).first)
        #expect(row == [
            "deckgen-biology-cells-\(question.id)",
            "Basic",
            "<p>What does &lt;RuBisCO&gt; fix?</p>",
            "<p>Carbon dioxide &amp; water<br />not oxygen</p><p>From the Calvin cycle.</p>",
            "Study decks::biology::Cells",
            "deckgen biology",
        ])
    }

    @Test("a cloze card is a Cloze note: its blank becomes {{c1::answer}}, and the back is the explanation")
    func clozeCard() throws {
        let cloze = Question(prompt: "The \(Question.blank) holds the cell's DNA.", recall: "nucleus", explanation: "It keeps the chromosomes.")
        let bare = Question(prompt: "\(Question.blank) is made of <cellulose>", recall: "The cell wall")
        let text = AnkiExport(decks: [deck(questions: [cloze, bare])], siteTitle: "Study decks").text
        let table = rows(text)
        #expect(table.count == 2 && table.allSatisfy { $0.count == 6 })
        #expect(table[0][1] == "Cloze" && table[1][1] == "Cloze")
        #expect(table[0][2] == "<p>The {{c1::nucleus}} holds the cell's DNA.</p>")
        #expect(table[0][3] == "<p>It keeps the chromosomes.</p>")
        #expect(table[1][2] == "<p>{{c1::The cell wall}} is made of &lt;cellulose&gt;</p>")
        #expect(table[1][3] == "")
    }

    @Test("a cloze card's own braces and an answer's colons cannot make or cut a deletion")
    func clozeSyntaxIsEscaped() throws {
        let question = Question(prompt: "In {{c2::x}} notation, \(Question.blank) comes first.", recall: "a::b}}")
        let row = try #require(rows(AnkiExport(decks: [deck(questions: [question])], siteTitle: "S").text).first)
        #expect(row[2] == "<p>In &#123;&#123;c2::x&#125;&#125; notation, {{c1::a&#58;&#58;b&#125;&#125;}} comes first.</p>")
        #expect(row[2].components(separatedBy: "{{").count == 2 && row[2].components(separatedBy: "}}").count == 2)
    }

    // MARK: - Through a build

    static let note = """
        ---
        title: Cells
        tags: [biology, cell parts]
        questions: false
        ---
        # Cells

        ```quiz
        Q: Which organelle makes proteins?
        - [ ] Nucleus
        - [x] Ribosome
        - [ ] Vacuole
        > Ribosomes join amino acids into proteins.

        Q: Which part of a plant cell is made of cellulose?
        - [ ] Cell membrane
        - [x] Cell wall
        - [ ] Vacuole
        - [ ] Chloroplast
        > The cell wall is made of cellulose.
        ```
        """

    func export(_ folder: TemporaryFolder, to name: String) throws -> String {
        let builder = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    site: folder.url.appendingPathComponent("site")))
        let summary = builder.exportAnki(to: folder.url.appendingPathComponent(name))
        #expect(summary.errorCount == 0, "\(summary.diagnostics)")
        #expect(summary.questions == 2)
        return try folder.read(name)
    }

    @Test("two builds give the same bytes, and reordering a note's choices keeps every note's id")
    func stableIds() throws {
        let folder = try TemporaryFolder(["content/biology/cells.md": Self.note, "content/deckgen.yml": "title: Revision\n"])
        let first = try export(folder, to: "first.txt")
        #expect(try export(folder, to: "second.txt") == first)
        #expect(first.hasPrefix(Self.header.joined(separator: "\n") + "\n"))
        #expect(rows(first).count == 2)
        #expect(rows(first).allSatisfy { $0.count == 6 && $0[0].hasPrefix("deckgen-biology-cells-") && $0[1] == "Basic" })
        #expect(rows(first).allSatisfy { $0[4] == "Revision::biology::Cells" && $0[5] == "deckgen biology cell_parts" })

        let reordered = Self.note
            .replacingOccurrences(of: "- [ ] Nucleus\n- [x] Ribosome\n- [ ] Vacuole", with: "- [ ] Vacuole\n- [ ] Nucleus\n- [x] Ribosome")
            .replacingOccurrences(of: "- [ ] Cell membrane\n- [x] Cell wall", with: "- [x] Cell wall\n- [ ] Cell membrane")
        #expect(reordered != Self.note)
        try folder.write(reordered, to: "content/biology/cells.md")
        let after = try export(folder, to: "after.txt")
        #expect(rows(after).map { $0[0] }.sorted() == rows(first).map { $0[0] }.sorted())
    }
}
