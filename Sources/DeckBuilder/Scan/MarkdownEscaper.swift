import Foundation

/// Escapes what OCR produced by accident but Markdown would read as syntax: a line starting with `#`, `>`, `|`
/// or a list marker, stray `*`, `_`, backticks, `<tag`, `&entity;`, `[…]`.
enum MarkdownEscaper {
    /// `text` with inline syntax characters escaped.
    static func escapeInline(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : " "
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            switch character {
            case "\\", "*", "`":
                out += "\\"
            case "_" where !(previous.isLetter || previous.isNumber) || !(next.isLetter || next.isNumber):
                out += "\\"
            case "~" where next == "~" || previous == "~":
                out += "\\"
            case "<" where next.isLetter || next == "/" || next == "!" || next == "?":
                out += "\\"
            case "&" where startsEntity(characters, at: index):
                out += "\\"
            case "[" where characters[index...].contains("]"):
                out += "\\"
            default:
                break
            }
            out.append(character)
        }
        return out
    }

    /// `text` (already inline-escaped) with a block-starting marker escaped: `#`, `>`, `|`, `- `, `+ `, `1. `, `===`.
    static func escapeBlockStart(_ text: String) -> String {
        guard let first = text.first else { return text }
        if "#>|=".contains(first) { return "\\" + text }
        if "-+".contains(first), text.count == 1 || text.dropFirst().first == " " || text.allSatisfy({ $0 == first || $0 == " " }) {
            return "\\" + text
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9 {
            let rest = text.dropFirst(digits.count)
            if let marker = rest.first, marker == "." || marker == ")", rest.count == 1 || rest.dropFirst().first == " " {
                return String(digits) + "\\" + String(rest)
            }
        }
        return text
    }

    /// Heading text: inline escapes, plus a trailing `#` that would be read as a closing sequence.
    static func escapeHeading(_ text: String) -> String {
        let escaped = escapeInline(text)
        guard escaped.hasSuffix("#") else { return escaped }
        return String(escaped.dropLast()) + "\\#"
    }

    static func longestRun(of character: Character, in line: String) -> Int {
        var longest = 0
        var run = 0
        for each in line {
            run = each == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    private static func startsEntity(_ characters: [Character], at index: Int) -> Bool {
        var cursor = index + 1
        if cursor < characters.count, characters[cursor] == "#" { cursor += 1 }
        let start = cursor
        while cursor < characters.count, characters[cursor].isASCII, characters[cursor].isLetter || characters[cursor].isNumber { cursor += 1 }
        return cursor > start && cursor < characters.count && characters[cursor] == ";"
    }
}
