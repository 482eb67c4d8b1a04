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
        let hasRareBreak = text.withUTF8Bytes { bytes in
            var previous: UInt8 = 0, beforePrevious: UInt8 = 0
            for byte in bytes {
                if byte == 0x0B || byte == 0x0C || (previous == 0xC2 && byte == 0x85)
                    || (beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9)) {
                    return true
                }
                beforePrevious = previous
                previous = byte
            }
            return false
        }
        return hasRareBreak ? text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) : anyBreak(text)
    }

    private static func lines(_ text: String, carriageReturnsBreak: Bool) -> [Substring] {
        // The breaks are found on the string's own bytes, by offset: stepping through its UTF-8 view's indices
        // cost ten times as much. An index at a byte offset is found at once in a native string.
        let utf8 = text.utf8
        guard let breaks = utf8.withContiguousStorageIfAvailable({ lineBreaks(in: $0, carriageReturnsBreak: carriageReturnsBreak) }) else {
            var contiguous = text
            contiguous.makeContiguousUTF8()
            return lines(contiguous, carriageReturnsBreak: carriageReturnsBreak)
        }
        var lines = [Substring]()
        lines.reserveCapacity(breaks.count + 1)
        var start = utf8.startIndex
        for (end, next) in breaks {
            lines.append(text[start..<utf8.index(utf8.startIndex, offsetBy: end)])
            start = utf8.index(utf8.startIndex, offsetBy: next)
        }
        lines.append(text[start...])
        return lines
    }

    /// Each line break's offset and the offset of the line after it.
    private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>, carriageReturnsBreak: Bool) -> [(end: Int, next: Int)] {
        var breaks = [(end: Int, next: Int)]()
        var previous: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A && (carriageReturnsBreak || previous != 0x0D) {
                breaks.append((index, index + 1))
            } else if byte == 0x0D && carriageReturnsBreak {
                // CR LF is one break.
                let next = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
                breaks.append((index, next))
                previous = byte
                index = next
                continue
            }
            previous = byte
            index += 1
        }
        return breaks
    }
}
