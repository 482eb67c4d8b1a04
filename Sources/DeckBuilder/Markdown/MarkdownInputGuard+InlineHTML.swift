// For inline raw HTML, cmark-gfm 0.29.0.gfm.6 scans from each `<?` for `?>`, from each `<![CDATA[`
// for `]]>` and from each `<!X` for `>`, to the end of the paragraph when there is none, and starts
// over at the next marker: `x <?` repeated 60,000 times takes ten seconds. An unclosed marker is
// plain text in the output anyway, so when the scans would cost too much the guard puts a
// backslash before each unclosed `<`, which renders the same text without the scan. (Inside a
// code span the backslash would show; only pathological input gets here.) A paragraph is
// approximated by the lines between blank lines.

extension MarkdownInputGuard {
    func unclosedHTMLVerdict(_ text: UnsafeBufferPointer<UInt8>) -> Verdict {
        var paragraph = HTMLMarkerScan()
        var unclosed: [Int] = []
        var cost = 0
        Self.forEachLine(in: text) { line, start, end in
            if Self.isBlank(text, start, end) {
                cost += paragraph.finish(end: start, unclosed: &unclosed)
                return
            }
            paragraph.scan(text, start, end, line: line)
        }
        cost += paragraph.finish(end: text.count, unclosed: &unclosed)

        guard cost > limits.unclosedHTMLScan else { return Verdict() }
        return Verdict(escapes: unclosed, warnings: [.warning(
            "\(unclosed.count) unclosed `<?`, `<![CDATA[` or `<!` markers rendered as text without scanning for their ends; "
                + "expected each to be closed by `?>`, `]]>` or `>` in the same paragraph",
            line: paragraph.firstUnclosedLine)])
    }
}

/// The markers of one paragraph and where their closers were last seen.
private struct HTMLMarkerScan {
    enum Kind: Int, CaseIterable {
        case processingInstruction, cdata, declaration

        /// How far past the opener's `<` the closer must start.
        var closerOffset: Int {
            switch self {
            case .processingInstruction: 2
            case .cdata: 9
            case .declaration: 3
            }
        }
    }

    var openers: [(offset: Int, kind: Kind, line: Int)] = []
    var lastCloser = [Int](repeating: -1, count: Kind.allCases.count)
    var firstUnclosedLine: Int?

    mutating func scan(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int) {
        var index = start
        while index < end {
            switch text[index] {
            case MarkdownByte.backslash:
                index += 1  // An escaped `<` opens nothing.
            case UInt8(ascii: "<") where index + 1 < end:
                if text[index + 1] == UInt8(ascii: "?") {
                    openers.append((index, .processingInstruction, line))
                } else if text[index + 1] == UInt8(ascii: "!"), index + 2 < end {
                    if Self.matches("[CDATA[", text, at: index + 2, end: end) {
                        openers.append((index, .cdata, line))
                    } else if Self.isLetter(text[index + 2]) {
                        openers.append((index, .declaration, line))
                    }
                }
            case UInt8(ascii: "?") where index + 1 < end && text[index + 1] == UInt8(ascii: ">"):
                lastCloser[Kind.processingInstruction.rawValue] = index
            case UInt8(ascii: "]") where Self.matches("]]>", text, at: index, end: end):
                lastCloser[Kind.cdata.rawValue] = index
            case UInt8(ascii: ">"):
                lastCloser[Kind.declaration.rawValue] = index
            default:
                break
            }
            index += 1
        }
    }

    /// Collects the paragraph's unclosed openers and returns the bytes cmark-gfm would scan for them.
    mutating func finish(end: Int, unclosed: inout [Int]) -> Int {
        var cost = 0
        for opener in openers where lastCloser[opener.kind.rawValue] < opener.offset + opener.kind.closerOffset {
            unclosed.append(opener.offset)
            cost += end - opener.offset
            if firstUnclosedLine == nil { firstUnclosedLine = opener.line }
        }
        openers.removeAll(keepingCapacity: true)
        lastCloser = [Int](repeating: -1, count: Kind.allCases.count)
        return cost
    }

    private static func matches(_ literal: StaticString, _ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= end else { return false }
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where text[index + offset] != bytes[offset] { return false }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
