import Foundation

/// Joins wrapped OCR lines into blocks: paragraphs, headings, list items and preformatted tables.
///
/// A paragraph ends at a blank line, or after a line that ends a sentence and is noticeably shorter than the
/// typical line; an indented line starts one. Words broken at a line end are put back by `Hyphenation`.
struct ParagraphJoiner {
    /// What joining did, for the notes.
    struct Counts: Sendable {
        var rejoined = 0
        var compounds = 0
        var unhyphenated = 0
        var headings = 0
        var items = 0
        var tables = 0
    }

    let hyphenation: Hyphenation
    let lang: String
    private(set) var counts = Counts()

    init(hyphenation: Hyphenation, lang: String) {
        self.hyphenation = hyphenation
        self.lang = lang
    }

    /// The blocks of `lines` (one text, pages already put end to end).
    mutating func blocks(of lines: [String]) -> [ScanBlock] {
        let tables = TableBlocks.runs(in: lines)
        let tableStarts = Dictionary(tables.map { ($0.lowerBound, $0) }, uniquingKeysWith: { first, _ in first })
        let textLines = lines.indices.filter { index in !tables.contains { $0.contains(index) } }.map { lines[$0] }
        let typical = Self.typicalWidth(of: textLines)
        let baseIndent = Self.commonIndent(of: textLines)

        let lines = LineKinds.bulletsRestored(lines)
        var blocks = [ScanBlock]()
        var current: (isItem: Bool, text: String)?
        var ended = true
        var lastWidth = 0
        func flush() {
            if let open = current { blocks.append(open.isItem ? .item(open.text) : .paragraph(open.text)) }
            current = nil
            ended = true
        }

        var index = 0
        while index < lines.count {
            if let table = tableStarts[index] {
                flush()
                blocks.append(.preformatted(Self.dedented(Array(lines[table]))))
                counts.tables += 1
                index = table.upperBound
                continue
            }
            let line = lines[index]
            index += 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                // OCR engines put blank lines inside paragraphs: a line that ends mid-sentence followed by one
                // starting in lowercase (or CJK text going on) is the same paragraph.
                if let open = current, let next = lines[index...].first(where: { !$0.allSatisfy(\.isWhitespace) }),
                   Self.continues(open.text, next.trimmingCharacters(in: .whitespaces), fullLine: lastWidth * 10 >= typical * 9,
                                  isItem: open.isItem) {
                    continue
                }
                flush()
                continue
            }
            let shortEnd = Self.endsParagraph(text, next: index < lines.count ? lines[index] : nil, typical: typical)
            lastWidth = LineKinds.width(text)
            if let item = LineKinds.bulletText(line) {
                flush()
                current = (true, item)
                counts.items += 1
                // An item wraps only from a line that nearly fills the width.
                ended = shortEnd || LineKinds.width(text) * 10 < typical * 7
                continue
            }
            if ended, let level = headingLevel(text, next: index < lines.count ? lines[index] : nil, typical: typical) {
                flush()
                if case .heading(let previousLevel, let previous)? = blocks.last, previousLevel == level,
                   LineKinds.isCapitalHeading(previous), LineKinds.isCapitalHeading(text) {
                    var joined = previous
                    join(into: &joined, text)
                    blocks[blocks.count - 1] = .heading(level: level, joined)
                } else {
                    blocks.append(.heading(level: level, text))
                    counts.headings += 1
                }
                continue
            }
            if current != nil, !ended, LineKinds.indent(line) < baseIndent + 2 {
                // In place: a paragraph of thousands of lines copied whole at each line took minutes.
                join(into: &current!.text, text)
            } else {
                flush()
                current = (false, text)
            }
            ended = shortEnd
        }
        flush()
        return blocks
    }

    // MARK: - Joining two lines

    /// `head` followed by the next line's `tail`, appended in place: a broken word rejoined, no space between CJK
    /// characters.
    private mutating func join(into head: inout String, _ tail: String) {
        let joining = joint(&head, tail)
        head += joining
    }

    /// What goes after `head` to join `tail` to it: `tail`, with a space before it, or in place of a hyphen that
    /// `head` ends on, which `joint` removes.
    private mutating func joint(_ head: inout String, _ tail: String) -> String {
        guard let last = head.last, let first = tail.first else { return tail }
        if CJK.isUnspaced(last) && CJK.isUnspaced(first) { return tail }
        if (lang.hasPrefix("zh") || lang.hasPrefix("ja")) && (CJK.isUnspaced(last) || CJK.isUnspaced(first)) {
            return tail
        }
        // The last word, found from the end: splitting the whole paragraph at every line made long ones quadratic.
        let headWord = String(head[(head.lastIndex(of: " ").map(head.index(after:)) ?? head.startIndex)...])
        let tailWord = String(tail.prefix { $0.isLetter })
        if last == "-", headWord.count >= 2, first.isNumber, headWord.dropLast().last?.isLetter == true {
            counts.compounds += 1
            return tail
        }
        if last == "-", headWord.count >= 2 {
            let stem = String(headWord.dropLast())
            let letters = String(stem.reversed().prefix { $0.isLetter }.reversed())
            if !letters.isEmpty, letters.count == stem.count || stem.dropLast(letters.count).last == "-",
               let decision = hyphenation.joinHyphenated(letters, tailWord) {
                switch decision {
                case .word:
                    counts.rejoined += 1
                    head.removeLast()
                    return tail
                case .compound:
                    counts.compounds += 1
                    return tail
                }
            }
            return " " + tail
        }
        if hyphenation.joinsUnhyphenated(headWord, tailWord) {
            counts.unhyphenated += 1
            return tail
        }
        return " " + tail
    }

    // MARK: - Paragraph ends

    /// Whether a paragraph ends after `text`: a sentence ends on a noticeably short line; or, since OCR often
    /// loses a final full stop, a line much shorter than usual is followed by one that starts with a capital.
    static func endsParagraph(_ text: String, next: String?, typical: Int) -> Bool {
        let width = Double(LineKinds.width(text))
        if LineKinds.endsSentence(text) { return width < Double(typical) * 0.8 }
        guard width < Double(typical) * 0.7, let last = text.last, last.isLetter || last.isNumber,
              let first = next?.trimmingCharacters(in: .whitespaces).first else { return false }
        return first.isUppercase
    }

    /// Whether `next` goes on the paragraph `text` across a blank line: `text` stops mid-sentence and `next`
    /// starts in lowercase (or `text`'s last line ran the full width and ends on a comma or a word like `of`),
    /// or both are CJK and `text` ends on no punctuation.
    static func continues(_ text: String, _ next: String, fullLine: Bool = false, isItem: Bool = false) -> Bool {
        guard let last = text.last, let first = next.first, !LineKinds.endsSentence(text) else { return false }
        if first.isLowercase { return last.isLetter || last == "-" || last == "," }
        // Items are short by nature: only a lowercase start shows that one goes on.
        if isItem { return false }
        if fullLine, first.isLetter, last == "," || Self.danglingWords.contains(Hyphenation.word(text.split(separator: " ").last ?? "")),
           LineKinds.bulletText(next) == nil, LineKinds.numberedHeadingLevel(next) == nil, !LineKinds.isCapitalHeading(next) {
            return true
        }
        return CJK.isUnspaced(last) && CJK.isUnspaced(first) && !"。！？：；，、」』）”".contains(last)
            && LineKinds.bulletText(next) == nil && !"“\"".contains(first)
    }

    /// English words no sentence ends on: a full line ending with one goes on past a blank line.
    static let danglingWords: Set<String> = [
        "a", "an", "the", "of", "in", "to", "for", "and", "or", "but", "nor", "with", "by", "at", "from", "into",
        "than", "its", "their", "our", "my", "your", "is", "was", "are", "were", "whose", "which", "that",
    ]

    // MARK: - Headings

    private func headingLevel(_ text: String, next: String?, typical: Int) -> Int? {
        guard LineKinds.width(text) <= max(20, typical * 9 / 10) else { return nil }
        if let level = LineKinds.numberedHeadingLevel(text) {
            // `1 Apples` followed by `2 Pears` is a list, not two headings.
            if level == 2, let number = LineKinds.leadingNumber(text),
               let next, LineKinds.leadingNumber(next.trimmingCharacters(in: .whitespaces)) == number + 1 { return nil }
            return level
        }
        return LineKinds.isCapitalHeading(text) ? 2 : nil
    }

    // MARK: - Measures

    /// The width most lines reach: the median of lines longer than a fifth of the longest.
    static func typicalWidth(of lines: [String]) -> Int {
        let widths = lines.map { LineKinds.width($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
        guard let longest = widths.max() else { return 0 }
        let counted = widths.filter { $0 * 5 >= longest }.sorted()
        return counted[counted.count / 2]
    }

    /// The indent most lines have.
    static func commonIndent(of lines: [String]) -> Int {
        var tally = [Int: Int]()
        for line in lines where !line.allSatisfy(\.isWhitespace) { tally[LineKinds.indent(line), default: 0] += 1 }
        return tally.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
    }

    /// Lines with their common leading spaces removed (a fence keeps the rest).
    static func dedented(_ lines: [String]) -> [String] {
        let least = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map(LineKinds.indent).min() ?? 0
        return lines.map { line in
            var dropped = 0
            return String(line.drop { character in
                guard dropped < least, character == " " else { return false }
                dropped += 1
                return true
            }).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
