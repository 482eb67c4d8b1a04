/// Turns OCR text (broken lines, hyphenation, page numbers, running heads) into a Markdown note.
///
/// Conservative by design: only what the layout or the text itself gives evidence for is changed; OCR's
/// misread letters are left as they are.
public struct ScanCleaner: Sendable {
    /// The word list given, or nil to read the system's (once, on the first English text cleaned).
    private let givenList: WordList??

    /// A cleaner that takes evidence from the system word list when one is installed.
    public init() { givenList = nil }

    /// A cleaner with `wordList` (nil: none) in place of the system's, for tests.
    init(wordList: WordList?) { givenList = .some(wordList) }

    private var wordList: WordList? { givenList ?? WordList.english }

    /// What cleanup made of one scanned text.
    public struct Result: Sendable, Equatable {
        /// The cleaned note, as Markdown.
        public var markdown: String
        /// What the reader should know, such as "3 running heads removed"; no path, no line.
        public var notes: [String]
    }

    /// The cleaned Markdown of `text`; `lang` (BCP 47) tells how wrapped lines are joined (no space between CJK characters).
    public func clean(_ text: String, lang: String = "en") -> Result {
        let normal = Ligatures.normalise(text)
        var pages = PageSplitter.pages(of: normal.text)
        let stripped = RunningHeads.strip(&pages)
        let lines = pages.flatMap { $0 }
        // The word list is English; other languages decide from the text alone.
        let dictionary = lang.lowercased().hasPrefix("en") ? wordList : nil
        let hyphenation = Hyphenation(evidence: lines.joined(separator: "\n"), dictionary: dictionary)
        var joiner = ParagraphJoiner(hyphenation: hyphenation, lang: lang.lowercased())
        let blocks = joiner.blocks(of: lines)
        var markdown = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                // Items one after another make one tight list.
                if case .item = block, case .item = blocks[index - 1] { markdown += "\n" } else { markdown += "\n\n" }
            }
            markdown += block.markdown
        }

        let counts = joiner.counts
        let notes = [
            Self.count(pages.count > 1 ? pages.count : 0, "page", "put end to end"),
            Self.count(stripped.heads, "running head", "removed"),
            Self.count(stripped.numbers, "page number", "removed"),
            Self.count(counts.rejoined, "hyphenated word", "rejoined"),
            Self.count(counts.compounds, "hyphenated compound", "kept across a line end"),
            Self.count(counts.unhyphenated, "word broken without a hyphen", "rejoined", plural: "words broken without a hyphen"),
            Self.count(normal.ligatures, "ligature", "spelled out"),
            Self.count(normal.controls, "control character", "removed"),
            Self.count(counts.headings, "heading", "made"),
            Self.count(counts.items, "list item", "made"),
            Self.count(counts.tables, "table", "kept as preformatted text"),
        ].compactMap { $0 }
        return Result(markdown: markdown.isEmpty ? "" : markdown + "\n", notes: notes)
    }

    private static func count(_ number: Int, _ noun: String, _ verb: String, plural: String? = nil) -> String? {
        guard number > 0 else { return nil }
        return "\(number) \(number == 1 ? noun : plural ?? noun + "s") \(verb)"
    }
}
