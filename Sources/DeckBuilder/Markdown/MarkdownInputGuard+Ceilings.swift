// Each check's estimate has a ceiling set by how often its marker bytes occur, and an ordinary note of a
// few kilobytes is far below every budget. One pass counting bytes lets the guard skip the checks that
// cannot step in: run on every note, they had cost a twentieth of a clean build. A check whose ceiling is
// over budget runs as before, so the outcome is the same either way.

extension MarkdownInputGuard {
    /// How often each byte occurs in an input, with its length, its line count and its longest stretches.
    struct ByteCounts {
        private var counts = [Int](repeating: 0, count: 256)
        let length: Int
        /// The longest line, without its line break.
        private(set) var longestLine = 0
        /// The longest run of bytes that are not `cmark_isspace`, as the autolink extension scans them.
        private(set) var longestRun = 0
        /// The most `|` on one line.
        private(set) var mostPipes = 0

        init(_ text: UnsafeBufferPointer<UInt8>) {
            length = text.count
            // Lines and runs are measured from where they start, so the common byte only adds to its count.
            var lineStart = 0, runStart = 0, pipes = 0
            let isSpecial = Self.isSpecial
            counts.withUnsafeMutableBufferPointer { counts in
                for index in text.indices {
                    let byte = text[index]
                    counts[Int(byte)] += 1
                    // Most bytes end no line, run or cell: one lookup tells them apart from the rest.
                    guard isSpecial[Int(byte)] else { continue }
                    if byte == MarkdownByte.newline || byte == MarkdownByte.carriageReturn {
                        longestLine = max(longestLine, index - lineStart)
                        mostPipes = max(mostPipes, pipes)
                        lineStart = index + 1
                        pipes = 0
                    } else if byte == UInt8(ascii: "|") {
                        pipes += 1
                    }
                    if byte == MarkdownByte.space || (byte >= 0x09 && byte <= 0x0D) {
                        longestRun = max(longestRun, index - runStart)
                        runStart = index + 1
                    }
                }
            }
            longestLine = max(longestLine, text.count - lineStart)
            mostPipes = max(mostPipes, pipes)
            longestRun = max(longestRun, text.count - runStart)
        }

        /// Line breaks, `cmark_isspace` bytes and `|`: the bytes that do more than lengthen a line and a run.
        private static let isSpecial: [Bool] = (0...255).map { byte in
            byte == 0x20 || (0x09...0x0D).contains(byte) || byte == Int(UInt8(ascii: "|"))
        }

        subscript(_ byte: Unicode.Scalar) -> Int {
            counts[Int(byte.value)]
        }

        /// At least the number of lines `forEachLine` calls back for.
        var lines: Int { self["\n"] + self["\r"] + 1 }
    }

    /// Whether `densityFallback` could find the markers over budget: a line weighs at most 8 per byte
    /// (a container opened, or the heaviest inline marker) plus 9 (its line break and a heading).
    func densityMayExceed(_ counts: ByteCounts) -> Bool {
        Self.ceiling(8, counts.length) + Self.ceiling(9, counts.lines) > Double(limits.markupWeight)
    }

    /// Whether `tableVerdict` could step in: no line splits into more cells, nor a delimiter row into more
    /// columns, than it has pipes plus one, and table regions do not share lines.
    func tablesMayExceed(_ counts: ByteCounts) -> Bool {
        let widest = counts.mostPipes + 1
        return widest > limits.tableColumns || Self.ceiling(counts.lines, widest) > Double(limits.tableCells)
    }

    /// Whether `autolinkVerdict` could: every URL candidate starts at a `:` or a `w` and scans at most the rest
    /// of its run of non-space bytes once, and again per `)` in it; every `@` scans at most the rest of its line.
    func autolinksMayExceed(_ counts: ByteCounts) -> Bool {
        let rescans = min(counts[")"], counts.longestRun) + 1
        let urls = Self.ceiling(counts[":"] + counts["w"], counts.longestRun) * Double(rescans)
        return urls + Self.ceiling(counts["@"], counts.longestLine) > Double(limits.autolinkScan)
    }

    /// Whether `footnoteVerdict` could: every marker has its own `[`.
    func footnotesMayExceed(_ counts: ByteCounts) -> Bool {
        counts["["] > limits.footnoteMarkers
    }

    /// Whether `unclosedHTMLVerdict` could: each unclosed marker's `<` scans at most to the end of the input.
    func unclosedHTMLMayExceed(_ counts: ByteCounts) -> Bool {
        Self.ceiling(counts["<"], counts.length) > Double(limits.unclosedHTMLScan)
    }

    /// Whether `imageOpenerVerdict` could: each `]` walks over at most every `![` opener.
    func imageOpenersMayExceed(_ counts: ByteCounts) -> Bool {
        Self.ceiling(counts["!"], counts["]"]) > Double(limits.imageOpenerWalk)
    }

    /// A product that cannot overflow; exact far beyond any budget.
    private static func ceiling(_ a: Int, _ b: Int) -> Double {
        Double(a) * Double(b)
    }
}
