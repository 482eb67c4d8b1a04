import Foundation
import Testing
@testable import DeckBuilder

@Suite("Anki export")
struct AnkiExportTests {
    static let header = ["#separator:tab", "#html:true", "#guid column:1", "#notetype:Basic", "#deck column:4", "#tags column:5",
                         "#columns:Id\tFront\tBack\tDeck\tTags"]

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

    @Test("the header names the separator, HTML, the deck and tags columns and every column")
    func header() {
        let text = AnkiExport(decks: [], siteTitle: "Study decks").text
        #expect(text == Self.header.joined(separator: "\n") + "\n")
    }

    @Test("one line per question with five columns: id, front, back, deck, tags")
    func columns() throws {
        let question = Question(prompt: "Which organelle makes proteins?", choices: ["Nucleus", "Ribosome", "Vacuole"],
                                answer: 1, explanation: "Ribosomes join amino acids.")
        let text = AnkiExport(decks: [deck(tags: ["biology", "cell parts"], questions: [question])], siteTitle: "Study decks").text
        let row = try #require(rows(text).first)
        #expect(rows(text).count == 1)
        #expect(row == [
            "deckgen-biology-cells-\(question.id)",
            #"<p>Which organelle makes proteins?</p><ol type="A"><li>Nucleus</li><li>Ribosome</li><li>Vacuole</li></ol>"#,
            "<p><b>B.</b> Ribosome</p><p>Ribosomes join amino acids.</p>",
            "Study decks::biology::Cells",
            "deckgen biology cell_parts",
        ])
    }

    @Test("hostile text is escaped and cannot add a column or a line")
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
        #expect(rows(text).allSatisfy { $0.count == 5 })
        for forbidden in ["<script", "<img", "<i>", "\r", "\"quoted", "'right", "second::level"] {
            #expect(!text.contains(forbidden), "\(forbidden)")
        }
        let row = try #require(rows(text).first)
        #expect(row[1].hasPrefix("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Which<br>one&#39;s &#39;right&#39;?</p>"))
        #expect(row[1].contains("<li>a b</li><li>&lt;img src=x onerror=alert(1)&gt;</li><li>c<br>d</li><li>&quot;quoted&quot;</li>"))
        #expect(row[2] == "<p><b>C.</b> c<br>d</p><p>first<br>second<br>third &amp; &lt;b&gt;bold&lt;/b&gt;</p>")
        // Deck and tags are plain names in Anki: not escaped, but kept on one line and free of `"`.
        #expect(row[3] == "My 'site'::bio logy::sub::Cells ‹b›&‹/b› second:level")
        #expect(row[4] == "deckgen ‹i›x‹/i› two_words")
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
        #expect(rows(first).allSatisfy { $0.count == 5 && $0[0].hasPrefix("deckgen-biology-cells-") })
        #expect(rows(first).allSatisfy { $0[3] == "Revision::biology::Cells" && $0[4] == "deckgen biology cell_parts" })

        let reordered = Self.note
            .replacingOccurrences(of: "- [ ] Nucleus\n- [x] Ribosome\n- [ ] Vacuole", with: "- [ ] Vacuole\n- [ ] Nucleus\n- [x] Ribosome")
            .replacingOccurrences(of: "- [ ] Cell membrane\n- [x] Cell wall", with: "- [x] Cell wall\n- [ ] Cell membrane")
        #expect(reordered != Self.note)
        try folder.write(reordered, to: "content/biology/cells.md")
        let after = try export(folder, to: "after.txt")
        #expect(rows(after).map { $0[0] }.sorted() == rows(first).map { $0[0] }.sorted())
    }
}
