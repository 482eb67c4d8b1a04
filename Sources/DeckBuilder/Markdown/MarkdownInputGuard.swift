/// Screens Markdown for input that would make Debian's cmark-gfm (0.29.0.gfm.6) slow, before it is parsed.
///
/// That version predates the fixes for polynomial-time inputs released upstream in 0.29.0.gfm.7 to
/// .13, and these were measured slow on it: tables with thousands of columns or millions of cells,
/// long unbroken runs of bare URLs or e-mail addresses, unclosed `<?`, `<![CDATA[` and `<!X`
/// markers, `![` openers piling up before links, and megabytes of little but Markdown markers.
/// Each check is one linear pass over the bytes that estimates the work cmark-gfm would do. Over
/// budget, the guard turns the extension off for this input, escapes the offending markers so that
/// they render as the text they would have been anyway, or (for the last case) renders the input
/// as preformatted text, and reports a warning with the line where it has one.
struct MarkdownInputGuard: Sendable {
    /// How much work each construct may cost before the guard steps in; the defaults keep any input
    /// of a few megabytes well under a second of parsing.
    struct Limits: Sendable {
        /// Cells in one table row; GitHub caps tables similarly. cmark-gfm's row parser is quadratic in it.
        var tableColumns = 1_000
        /// Cells in all tables of one input, counting the empty cells cmark-gfm adds to short rows.
        var tableCells = 100_000
        /// Estimated bytes the autolink extension rescans (about 3 ns each).
        var autolinkScan = 30_000_000
        /// Estimated bytes scanned for the ends of unclosed `<?`, `<![CDATA[` and `<!X` (about 1.3 ns each).
        var unclosedHTMLScan = 100_000_000
        /// Estimated steps cmark-gfm spends walking `![` openers when a link closes (about 4 ns each).
        var imageOpenerWalk = 25_000_000
        /// `[^` footnote markers; each reference to a footnote also adds a back-link to its definition.
        var footnoteMarkers = 10_000
        /// Weighted Markdown markers in one input (eight units are about 0.15 µs of cmark-gfm's time)
        /// before it is shown as preformatted text.
        var markupWeight = 4_000_000
    }

    /// What to parse instead of the input, and with which options turned off.
    struct Outcome: Sendable {
        /// The input, with a backslash inserted before each marker the guard escaped.
        var markdown: [UInt8]
        var disabledOptions: MarkdownOptions
        var warnings: [Diagnostic]
    }

    /// One check's finding.
    struct Verdict {
        var disable: MarkdownOptions = []
        /// Byte offsets to put a backslash in front of.
        var escapes: [Int] = []
        var warnings: [Diagnostic] = []
    }

    var limits = Limits()

    func screen(_ markdown: [UInt8], options: MarkdownOptions) -> Outcome {
        let counts = markdown.withUnsafeBufferPointer(ByteCounts.init)
        if densityMayExceed(counts), let fallback = markdown.withUnsafeBufferPointer(densityFallback) { return fallback }
        let verdicts = markdown.withUnsafeBufferPointer { text -> [Verdict] in
            var verdicts: [Verdict] = []
            if options.contains(.tables), tablesMayExceed(counts) { verdicts.append(tableVerdict(text)) }
            if options.contains(.autolinks), autolinksMayExceed(counts) { verdicts.append(autolinkVerdict(text)) }
            if options.contains(.footnotes), footnotesMayExceed(counts) { verdicts.append(footnoteVerdict(text)) }
            if unclosedHTMLMayExceed(counts) { verdicts.append(unclosedHTMLVerdict(text)) }
            if imageOpenersMayExceed(counts) { verdicts.append(imageOpenerVerdict(text)) }
            return verdicts
        }
        let escapes = verdicts.flatMap(\.escapes)
        return Outcome(
            markdown: escapes.isEmpty ? markdown : Self.inserting(backslashesBefore: escapes, in: markdown),
            disabledOptions: verdicts.reduce([]) { $0.union($1.disable) },
            warnings: verdicts.flatMap(\.warnings)
        )
    }
}

// MARK: - Shared helpers

extension MarkdownInputGuard {
    /// Calls `body` with each line's number (from 1) and byte range, excluding the line ending.
    static func forEachLine(in text: UnsafeBufferPointer<UInt8>, _ body: (_ line: Int, _ start: Int, _ end: Int) -> Void) {
        var line = 1
        var start = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == MarkdownByte.newline || byte == MarkdownByte.carriageReturn {
                body(line, start, index)
                if byte == MarkdownByte.carriageReturn, index + 1 < text.count, text[index + 1] == MarkdownByte.newline { index += 1 }
                line += 1
                start = index + 1
            }
            index += 1
        }
        if start < text.count { body(line, start, text.count) }
    }

    /// Whether the line holds nothing but spaces and tabs, which ends a paragraph and a table.
    static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            if text[index] != MarkdownByte.space && text[index] != MarkdownByte.tab { return false }
            index += 1
        }
        return true
    }

    static func inserting(backslashesBefore offsets: [Int], in markdown: [UInt8]) -> [UInt8] {
        let sorted = Set(offsets).sorted()
        var result: [UInt8] = []
        result.reserveCapacity(markdown.count + sorted.count)
        var copied = 0
        for offset in sorted {
            result.append(contentsOf: markdown[copied..<offset])
            result.append(MarkdownByte.backslash)
            copied = offset
        }
        result.append(contentsOf: markdown[copied...])
        return result
    }
}

/// ASCII bytes the guard's scanners look for.
enum MarkdownByte {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let backslash = UInt8(ascii: "\\")
}
