/// Writes questions in the canonical quiz-block form, the one `QuizBlockParser` reads back unchanged.
///
/// ```
/// Q: Which organelle carries out photosynthesis?
/// - [ ] Mitochondrion
/// - [x] Chloroplast
/// > Chloroplasts hold chlorophyll,
/// > which captures light energy.
/// ```
/// A recall card has one `A: answer` line in place of the choices.
/// The form has one line per prompt and per choice, so a line break inside a prompt or a choice is written as a
/// space, and both are trimmed. Explanation lines lose their trailing whitespace, blank lines at the start and end of
/// the explanation are dropped, and a blank line inside it is written as a bare `>`. With those rules, parsing the
/// printed text gives the question back, and printing a parsed canonical block gives the same text.
/// A question with an answer outside its choices is written with no `[x]`, which the parser reports.
public enum QuizBlockPrinter {
    /// One question, ending with a newline.
    public static func text(of question: Question) -> String {
        // Appended into one string of about the right size, piece by piece: every question of a build is printed.
        var text = ""
        text.reserveCapacity(question.choices.reduce(question.prompt.utf8.count + question.explanation.utf8.count + 32) {
            $0 + $1.utf8.count + 8
        })
        text += "Q: "
        text += singleLine(question.prompt)
        text += "\n"
        if question.kind == .recall {
            text += "A: "
            text += singleLine(question.correctChoice ?? "")
            text += "\n"
        } else {
            for (index, choice) in question.choices.enumerated() {
                text += index == question.answer ? "- [x] " : "- [ ] "
                text += singleLine(choice)
                text += "\n"
            }
        }
        for line in explanationLines(question.explanation) {
            text += line.isEmpty ? ">" : "> "
            text += line
            text += "\n"
        }
        return text
    }

    /// Several questions, separated by one blank line: the content of a quiz block.
    public static func text(of questions: [Question]) -> String {
        questions.map(text(of:)).joined(separator: "\n")
    }
}

// MARK: - Canonical text

extension QuizBlockPrinter {
    /// `text` on one line: line breaks become spaces, and the ends are trimmed.
    static func singleLine(_ text: String) -> String {
        // Most prompts and choices hold no line break: none of line feed to carriage return, and none of the last
        // bytes of U+0085, U+2028 and U+2029, the other line breaks.
        let mayBreak = { (byte: UInt8) in (0x0A...0x0D).contains(byte) || byte == 0x85 || byte == 0xA8 || byte == 0xA9 }
        // On the contiguous bytes: through the UTF-8 view, one byte at a time, this check cost more than the rest.
        if !text.withUTF8Bytes({ $0.contains(where: mayBreak) }) {
            return text.trimmingWhitespace
        }
        guard text.isASCII else { return String(text.map { $0.isNewline ? " " : $0 }).trimmingWhitespace }
        // ASCII on bytes: line feed to carriage return are line breaks, and `\r\n` is one, as it is one Character.
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count)
        var afterCarriageReturn = false
        for byte in text.utf8 {
            if byte == 0x0A && afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = byte == 0x0D
            bytes.append((0x0A...0x0D).contains(byte) ? 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    }

    /// The explanation's lines, without trailing whitespace and without blank lines at either end.
    static func explanationLines(_ explanation: String) -> [String] {
        let lines = TextLines.anyNewline(explanation).map { trimmingTrailingWhitespace($0) }
        guard let first = lines.firstIndex(where: { !$0.isEmpty }),
              let last = lines.lastIndex(where: { !$0.isEmpty }) else { return [] }
        return Array(lines[first...last])
    }

    /// Same rule as the parser, scalar by scalar, so that what one trims the other does too.
    private static func trimmingTrailingWhitespace(_ line: Substring) -> String {
        // Most lines end in an ASCII byte that is no space: nothing to trim, and no scalars to decode.
        if let last = line.utf8.last, last < 0x80, !last.isASCIIWhitespace { return String(line) }
        let scalars = line.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex {
            let before = scalars.index(before: end)
            guard scalars[before].isWhitespace else { break }
            end = before
        }
        return String(Substring(scalars[..<end]))
    }
}
