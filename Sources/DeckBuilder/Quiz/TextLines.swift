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

    /// Lines ending at every Character that is a newline (`Character.isNewline`): on bytes unless the text holds
    /// one of the rare breaks (vertical tab, form feed, U+0085, U+2028, U+2029).
    static func anyNewline(_ text: String) -> [Substring] {
        let bytes = text.utf8
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in bytes {
            let rare = byte == 0x0B || byte == 0x0C || (previous == 0xC2 && byte == 0x85)
                || (beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9))
            if rare { return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
            beforePrevious = previous
            previous = byte
        }
        return anyBreak(text)
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
