import Foundation

/// The YAML block at the top of a note: `title`, `tags`, `questions`, `lang`, `order`.
public struct FrontMatter: Sendable, Equatable {
    /// How many questions a note asks for.
    public enum QuestionCount: Sendable, Equatable {
        /// The configured default.
        case automatic
        /// No generated questions (`questions: false`).
        case none
        case count(Int)
    }

    public var title: String?
    public var tags: [String] = []
    public var questions: QuestionCount = .automatic
    public var lang: String?
    public var order: Int?

    public init() {}

    /// Reads the settings from a parsed YAML block whose first line is `firstLine` of the file.
    public init(yaml: YAMLNode?) throws(Diagnostic) {
        guard let yaml, !yaml.isNull else { return }
        guard case .mapping(let pairs) = yaml.value else {
            throw .error("front matter is \(yaml.kindName); expected `key: value` lines such as `title: Cells`",
                         line: yaml.line, column: yaml.column)
        }
        var seen = Set<String>()
        for pair in pairs {
            guard let key = pair.key.text else {
                throw .error("front matter key is \(pair.key.kindName); expected a name such as `title`",
                             line: pair.key.line, column: pair.key.column)
            }
            guard seen.insert(key).inserted else {
                throw .error("`\(key)` is given twice; expected each key once", line: pair.key.line, column: pair.key.column)
            }
            try read(key: key, value: pair.value)
        }
    }

    private mutating func read(key: String, value: YAMLNode) throws(Diagnostic) {
        switch key {
        case "title":
            title = try Self.text(value, key: key, example: "title: Photosynthesis")
        case "tags":
            tags = try Self.tags(value)
        case "questions":
            questions = try Self.questionCount(value)
        case "lang":
            let code = try Self.text(value, key: key, example: "lang: en")
            guard let code, Self.isLanguageTag(code) else {
                throw .error("`lang: \(code ?? "")` is not a language tag; expected a code such as `en`, `zh-Hans` or `ja`",
                             line: value.line, column: value.column)
            }
            lang = code
        case "order":
            guard let number = value.int else {
                throw .error("`order` is \(value.text.map { "`\($0)`" } ?? value.kindName); expected a whole number such as `order: 2`",
                             line: value.line, column: value.column)
            }
            order = number
        default:
            // Keys other tools use (date, author, draft…) are allowed and ignored; a secret is not, since notes are
            // committed and published.
            if Self.looksLikeSecret(key: key, value: value.text ?? "") {
                throw .error("`\(key)` looks like an API key, which would be committed and published with the note; refused. Expected the key in an environment variable such as OPENAI_API_KEY",
                             line: value.line, column: value.column)
            }
        }
    }

    /// A key named like an API key, or a value shaped like an OpenAI or Google one.
    static func looksLikeSecret(key: String, value: String) -> Bool {
        let name = key.lowercased().filter { $0.isLetter }
        if name.hasSuffix("apikey") || name == "secret" || name.hasSuffix("secretkey") { return true }
        let text = value.trimmingWhitespace
        let isKeyCharacter = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") }
        return text.count >= 30 && text.allSatisfy(isKeyCharacter) && (text.hasPrefix("sk-") || text.hasPrefix("AIza"))
    }

    private static func text(_ node: YAMLNode, key: String, example: String) throws(Diagnostic) -> String? {
        if node.isNull { return nil }
        guard let text = node.text else {
            throw .error("`\(key)` is \(node.kindName); expected text such as `\(example)`", line: node.line, column: node.column)
        }
        let trimmed = text.trimmingWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func tags(_ node: YAMLNode) throws(Diagnostic) -> [String] {
        let raw: [String]
        switch node.value {
        case .scalar(let text, _):
            raw = node.isNull ? [] : text.split(separator: ",").map(String.init)
        case .sequence(let items):
            var names = [String]()
            for item in items {
                guard let text = item.text else {
                    throw .error("a tag is \(item.kindName); expected text such as `tags: [biology, cells]`",
                                 line: item.line, column: item.column)
                }
                names.append(text)
            }
            raw = names
        case .mapping:
            throw .error("`tags` is a mapping; expected a list such as `tags: [biology, cells]`", line: node.line, column: node.column)
        }
        var unique = [String]()
        for tag in raw.map(\.trimmingWhitespace) where !tag.isEmpty && !unique.contains(tag) {
            unique.append(tag)
        }
        return unique
    }

    private static func questionCount(_ node: YAMLNode) throws(Diagnostic) -> QuestionCount {
        if node.isNull { return .automatic }
        if node.bool == false { return .none }
        if node.bool == true { return .automatic }
        if let count = node.int, (0...100).contains(count) { return count == 0 ? .none : .count(count) }
        throw .error("`questions: \(node.text ?? node.kindName)` is not a count; expected a number from 0 to 100, or `false`",
                     line: node.line, column: node.column)
    }

    /// A BCP 47-shaped tag: letters, then subtags of letters and digits joined by `-`.
    static func isLanguageTag(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

extension Substring {
    /// The text without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}

extension Unicode.Scalar {
    /// Unicode's whitespace, with ASCII answered without a property lookup: most text is ASCII, and the lookup
    /// was a large share of reading thousands of notes and stored questions.
    var isWhitespace: Bool {
        isASCII ? UInt8(value).isASCIIWhitespace : properties.isWhitespace
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when every byte is ASCII; eight bytes at a time, since text is tested for ASCII before every byte path.
    var isASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var seen: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        var last: UInt8 = 0
        while index < count {
            last |= base[index]
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0 && last < 0x80
    }

    /// `range` without the ASCII whitespace at either end.
    func trimmingASCIIWhitespace(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, self[lower].isASCIIWhitespace { lower += 1 }
        while upper > lower, self[upper - 1].isASCIIWhitespace { upper -= 1 }
        return lower..<upper
    }
}

extension UInt8 {
    /// A space, tab, line feed, vertical tab, form feed or carriage return: Unicode's whitespace within ASCII.
    var isASCIIWhitespace: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }

    /// `A`–`Z` or `a`–`z`.
    var isASCIILetter: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }

    /// The byte with `A`–`Z` made `a`–`z`; any other byte as it is.
    var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self + 0x20 : self
    }
}

extension String {
    /// True when every character is ASCII: text that normalisation and case folding leave as it is.
    var isASCII: Bool {
        utf8.withContiguousStorageIfAvailable(\.isASCII) ?? utf8.allSatisfy { $0 < 0x80 }
    }

    /// True for ASCII without a carriage return, where every byte is a Character of its own (`\r\n` is one
    /// Character), so counts and tests on bytes give what they give on Characters.
    var isOneCharacterPerByte: Bool {
        // Two quick passes, eight bytes and then many bytes at a time: choices and terms are tested before every count.
        withUTF8Bytes { bytes in bytes.isASCII && (bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) == nil } ?? true) }
    }

    /// `count`, read off the bytes when `isOneCharacterPerByte`: counting Characters breaks graphemes, and choices
    /// and answers are counted for every candidate question.
    var characterCount: Int {
        isOneCharacterPerByte ? utf8.count : count
    }

    /// The string without leading and trailing whitespace and newlines; the string itself when it has none there.
    var trimmingWhitespace: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last, !first.isWhitespace, !last.isWhitespace else {
            return self[...].trimmingWhitespace
        }
        return self
    }
}
