/// Text cut into lines on the bytes of its line breaks: the same lines as splitting its Characters, without
/// grapheme breaking, which cost more than reading the question store. A line break is always a Character of its
/// own (CR LF is one), so looking at bytes finds the same breaks.
enum TextLines {
    /// Lines ending at `\n`, `\r\n` or `\r`, as Markdown and quiz blocks count them; the last may be empty.
    static func anyBreak(_ text: String) -> [Substring] {
        lines(text, carriageReturnsBreak: true)
    }

    /// Lines ending at each `\n` that is a Character of its own: a CR LF pair is one Character, so it ends no line.
    /// The same as `text.split(separator: "\n", omittingEmptySubsequences: false)`.
    static func lineFeeds(_ text: String) -> [Substring] {
        lines(text, carriageReturnsBreak: false)
    }

    private static func lines(_ text: String, carriageReturnsBreak: Bool) -> [Substring] {
        var lines = [Substring]()
        let bytes = text.utf8
        var start = bytes.startIndex, index = bytes.startIndex
        var previous: UInt8 = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == 0x0A && (carriageReturnsBreak || previous != 0x0D) {
                lines.append(text[start..<index])
                start = next
            } else if byte == 0x0D && carriageReturnsBreak {
                lines.append(text[start..<index])
                // CR LF is one break.
                start = next < bytes.endIndex && bytes[next] == 0x0A ? bytes.index(after: next) : next
                previous = byte
                index = start
                continue
            }
            previous = byte
            index = next
        }
        lines.append(text[start...])
        return lines
    }
}
