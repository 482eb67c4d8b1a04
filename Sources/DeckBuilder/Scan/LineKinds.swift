import Foundation

/// What one OCR line looks like on its own: a bullet, a possible heading, a sentence end, its width.
enum LineKinds {
    static let bullets: Set<Character> = ["•", "▪", "◦", "–", "*", "·", "●", "■", "‣", "⁃", "-", "・"]

    /// The text after the bullet, when `line` starts with a bullet and a space.
    static func bulletText(_ line: String) -> String? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let first = text.first, bullets.contains(first) else { return nil }
        let rest = text.dropFirst()
        // CJK text puts no space after its bullet: `・参勤交代`.
        guard let space = rest.first, space == " " || space == "\t" || CJK.isUnspaced(space) && first != "-" && first != "*" else { return nil }
        let body = rest.trimmingCharacters(in: .whitespaces)
        // `- 12 -` is a page number, `* * *` a divider: neither is an item.
        guard body.contains(where: \.isLetter) || body.contains(where: { $0.isNumber }) && !body.hasSuffix(String(first)) else { return nil }
        return body
    }

    /// What OCR engines make of a printed bullet: tesseract reads `•` as `¢`, `©`, `°`, `«` or `e`, and as `“` in Chinese.
    static let bulletLookalikes: Set<Character> = ["¢", "©", "°", "«", "»", "®", "e", "o", "+", "~", "“"]

    /// `lines` with misread bullets put back as `•`: a line starting with a lookalike and a space counts as an item
    /// only beside another item (a real bullet, or a line starting with the same lookalike), the nearest
    /// non-blank line before or after.
    static func bulletsRestored(_ lines: [String]) -> [String] {
        func lookalike(_ line: String) -> Character? {
            let text = line.drop { $0 == " " || $0 == "\t" }
            guard let first = text.first, bulletLookalikes.contains(first) else { return nil }
            let rest = text.dropFirst()
            guard let start = rest.first(where: { $0 != " " }), start.isLetter || start.isNumber,
                  rest.first == " " || CJK.isUnspaced(start) else { return nil }
            return first
        }
        let filled = lines.indices.filter { !lines[$0].allSatisfy(\.isWhitespace) }
        var restored = lines
        for (position, index) in filled.enumerated() {
            guard let mark = lookalike(lines[index]) else { continue }
            let neighbours = [position > 0 ? filled[position - 1] : nil, position + 1 < filled.count ? filled[position + 1] : nil]
            let besideItem = neighbours.contains { neighbour in
                guard let neighbour else { return false }
                return bulletText(lines[neighbour]) != nil || lookalike(lines[neighbour]) == mark
            }
            guard besideItem else { continue }
            let text = lines[index].drop { $0 == " " || $0 == "\t" }
            restored[index] = "• " + text.dropFirst().drop { $0 == " " }
        }
        return restored
    }

    /// Whether `text` (trimmed) is a short line in capitals, such as `CURRENT NOTES.`
    static func isCapitalHeading(_ text: String) -> Bool {
        let letters = text.filter(\.isLetter)
        guard letters.count >= 3, text.count <= 60 else { return false }
        guard letters.allSatisfy({ !$0.isLowercase }), letters.contains(where: \.isUppercase) else { return false }
        guard let last = text.last, ![",", ";", "-", "&"].contains(last) else { return false }
        return text.split(separator: " ").count <= 10
    }

    /// The heading level of a numbered heading such as `1.2 Title` (3) or `2 Methods` (2); nil for other lines.
    static func numberedHeadingLevel(_ text: String) -> Int? {
        guard text.count <= 70,
              let match = text.range(of: #"^\d{1,2}(\.\d{1,2})*\.?\s+\p{Lu}"#, options: .regularExpression) else { return nil }
        guard let last = text.last, !".,;:-".contains(last) else { return nil }
        let number = text[match].prefix { $0.isNumber || $0 == "." }
        let levels = number.split(separator: ".").count
        return levels >= 2 ? 3 : 2
    }

    /// The number of a line that starts like an ordered list item (`3. ` or `3 `), for telling lists from headings.
    static func leadingNumber(_ text: String) -> Int? {
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count <= 2 else { return nil }
        return Int(digits)
    }

    /// Whether `line` ends a sentence (`.`, `!`, `?`, or their CJK forms, before any closing quotes or brackets).
    static func endsSentence(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard let last = text.last(where: { !"\"'”’»)]）」』".contains($0) }) else { return false }
        return ".!?。！？…".contains(last)
    }

    /// The width of `line` as shown: CJK characters take two columns.
    static func width(_ line: String) -> Int {
        line.reduce(0) { $0 + (CJK.isWide($1) ? 2 : 1) }
    }

    /// The count of leading spaces (a tab counts four).
    static func indent(_ line: String) -> Int {
        var count = 0
        for character in line {
            if character == " " { count += 1 } else if character == "\t" { count += 4 } else { break }
        }
        return count
    }
}

/// Chinese, Japanese and Korean characters, which are written without spaces between them (Korean words aside).
enum CJK {
    /// Han, kana, CJK punctuation and fullwidth forms: characters joined without a space.
    static func isUnspaced(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    /// Characters that take two columns on a terminal or a page: the unspaced ones and Hangul.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return isUnspaced(character) || (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
    }
}
