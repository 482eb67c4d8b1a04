import Testing
@testable import DeckBuilder

@Suite("Page renderer")
struct PageRendererTests {
    @Test("explanation lines are what splitting Characters at a line feed gives")
    func explanationLines() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab \n\n\r\u{301}é中😀")
        let fixed = ["", "\n", "one", "one\ntwo", "one\n\ntwo\n", "crlf\r\nstays whole", "\n\u{301}accent after a break"]
        for sample in generator.samples(fixed, from: alphabet, maximumLength: 16) {
            #expect(PageRenderer.explanationLines(sample) == sample.split(separator: "\n").map(String.init),
                    "\(sample.unicodeScalars.map(\.value))")
        }
    }
}

/// Recall cards on a deck page: the data the script reads, and what shows without the script.
@Suite("Recall cards on a page")
struct RecallPageTests {
    static let note = """
        ---
        title: Cells
        questions: false
        ---
        # Cells

        ```quiz
        Q: Which organelle makes proteins?
        - [ ] Nucleus
        - [x] Ribosome
        > Ribosomes join amino acids into proteins.

        Q: What does RuBisCO fix in the Calvin cycle?
        A: Carbon <dioxide>
        > It fixes CO2 into sugar.
        ```
        """

    func page() throws -> String {
        let folder = try TemporaryFolder(["content/cells.md": Self.note])
        let summary = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    site: folder.url.appendingPathComponent("site"))).build()
        #expect(summary.succeeded, "\(summary.diagnostics)")
        return try folder.read("site/decks/cells.html")
    }

    @Test("without the script a recall card shows its prompt and its answer behind Show the answer, with no choices")
    func staticCard() throws {
        let html = try page()
        let start = try #require(html.range(of: "<li class=\"question recall\">"))
        // A recall card has no list inside it: its own `</li>` ends it.
        let card = html[start.lowerBound...].components(separatedBy: "</li>\n").first ?? ""
        #expect(card.contains("<p class=\"prompt\">What does RuBisCO fix in the Calvin cycle?</p>"))
        #expect(card.contains("<details class=\"answer\"><summary>Show the answer</summary>\n<p class=\"key\">Carbon &lt;dioxide&gt;</p>"))
        #expect(card.contains("<p>It fixes CO2 into sugar.</p>"))
        #expect(!card.contains("class=\"choices\""))
        // Multiple choice is as it was: lettered choices and a lettered key.
        #expect(html.contains("<li class=\"question\">\n<p class=\"prompt\">Which organelle makes proteins?</p>\n<ol class=\"choices\" type=\"A\">"))
        #expect(html.contains("<li>Carbon &lt;dioxide&gt;</li>"))
    }

    @Test("the page data tells the script each question's kind")
    func kinds() throws {
        let html = try page()
        #expect(html.contains(#""id":"#))
        #expect(html.components(separatedBy: #""kind":"choice""#).count == 2)
        #expect(html.components(separatedBy: #""kind":"recall""#).count == 2)
    }
}
