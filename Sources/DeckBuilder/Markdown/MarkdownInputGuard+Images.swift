// When a link closes, cmark-gfm 0.29.0.gfm.6 walks back over every bracket opener of the paragraph
// to deactivate earlier link openers, passing all `![` openers still open: `![[]()` repeated
// 40,000 times takes seven seconds. The guard replays the bracket stack of each
// paragraph (lines between blank lines), counts the `![` openers on it at every `]` that may close
// a link, and, over budget, escapes `![` as `!\[` in the costliest paragraphs, which shows their
// images as text and leaves no opener to walk over.

extension MarkdownInputGuard {
    func imageOpenerVerdict(_ text: UnsafeBufferPointer<UInt8>) -> Verdict {
        var stack = BracketStack()
        var costly: [BracketStack.Paragraph] = []
        var total = 0
        Self.forEachLine(in: text) { line, start, end in
            if Self.isBlank(text, start, end) {
                if let paragraph = stack.finish() {
                    total += paragraph.cost
                    costly.append(paragraph)
                }
                return
            }
            stack.scan(text, start, end, line: line)
        }
        if let paragraph = stack.finish() {
            total += paragraph.cost
            costly.append(paragraph)
        }
        guard total > limits.imageOpenerWalk else { return Verdict() }

        var verdict = Verdict()
        for paragraph in costly.sorted(by: { $0.cost > $1.cost }) where total > limits.imageOpenerWalk {
            total -= paragraph.cost
            verdict.escapes += paragraph.imageBrackets
            verdict.warnings.append(.warning(
                "paragraph with \(paragraph.imageBrackets.count) `![` openers left open across links; its images rendered as text; "
                    + "expected each `![` closed by `](…)` before the next link",
                line: paragraph.firstLine))
        }
        return verdict
    }
}

/// The bracket openers of the current paragraph, as cmark-gfm would stack them.
private struct BracketStack {
    /// A paragraph in which links closed over open `![` openers.
    struct Paragraph {
        var cost: Int
        var firstLine: Int
        /// Offsets of the `[` of each `![` in the paragraph.
        var imageBrackets: [Int]
    }

    var isImage: [Bool] = []
    var openImages = 0
    var cost = 0
    var firstLine: Int?
    var imageBrackets: [Int] = []

    mutating func scan(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int) {
        if firstLine == nil { firstLine = line }
        var index = start
        while index < end {
            switch text[index] {
            case MarkdownByte.backslash:
                index += 1
            case UInt8(ascii: "!") where index + 1 < end && text[index + 1] == UInt8(ascii: "["):
                isImage.append(true)
                openImages += 1
                imageBrackets.append(index + 1)
                index += 1
            case UInt8(ascii: "["):
                isImage.append(false)
            case UInt8(ascii: "]"):
                guard let image = isImage.popLast() else { break }
                if image { openImages -= 1 } else { cost += openImages }
            default:
                break
            }
            index += 1
        }
    }

    /// Ends the paragraph, returning it if links closed over open `![` openers.
    mutating func finish() -> Paragraph? {
        defer {
            isImage.removeAll(keepingCapacity: true)
            imageBrackets.removeAll(keepingCapacity: true)
            openImages = 0
            cost = 0
            firstLine = nil
        }
        guard cost > 0, let firstLine else { return nil }
        return Paragraph(cost: cost, firstLine: firstLine, imageBrackets: imageBrackets)
    }
}
