// Every reference to a footnote adds a numbered back-link to its definition, about 200 bytes of
// HTML each: 5 MB of `[^1]` renders to 300 MB in two seconds. Past a count no note needs, the
// guard renders the input without footnotes, leaving `[^…]` as text.

extension MarkdownInputGuard {
    func footnoteVerdict(_ text: UnsafeBufferPointer<UInt8>) -> Verdict {
        var markers = 0
        var firstLine: Int?
        Self.forEachLine(in: text) { line, start, end in
            var index = start
            while index + 1 < end {
                if text[index] == MarkdownByte.backslash {
                    index += 1
                } else if text[index] == UInt8(ascii: "["), text[index + 1] == UInt8(ascii: "^") {
                    markers += 1
                    if firstLine == nil { firstLine = line }
                }
                index += 1
            }
        }
        guard markers > limits.footnoteMarkers else { return Verdict() }
        return Verdict(disable: .footnotes, warnings: [.warning(
            "\(markers) footnote markers `[^…]`; footnotes rendered as plain text; expected at most \(limits.footnoteMarkers)",
            line: firstLine)])
    }
}
