/// Normalises HTML before comparing spec examples, after `test/normalize.py` in cmark-gfm (a close, simplified port).
///
/// What it normalises, as normalize.py does:
/// - whitespace: outside `<pre>`, runs of ASCII whitespace in text become one space; whitespace is
///   dropped before a block-level start or end tag, at the start of text after a block-level start
///   tag, around text after a block-level end tag, and newlines right after `<br>`;
/// - tags: names and attribute names lowercased; attributes sorted by name then value; values
///   written double-quoted with `&`, `<`, `>`, `"` escaped (after decoding the entities below);
///   `<x />` written as `<x>`; end tags as `</x>`;
/// - character references in text: numeric ones and `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` are
///   decoded, then `&`, `<`, `>`, `"` escaped again; other named references stay as written.
/// Comments, CDATA, declarations and processing instructions are kept verbatim.
/// Simplifications: no HTML5 named-entity table, ASCII whitespace only, and `<script>`/`<style>`
/// content is tokenised like other text. Both sides go through the same code, so these only
/// matter if the two HTML strings differ in exactly those ways.
enum SpecHTMLNormalizer {
    static func normalize(_ html: String) -> String {
        var state = State()
        var tokens = Tokenizer(Array(html.utf8))
        while let token = tokens.next() {
            state.handle(token)
        }
        return String(decoding: state.output, as: UTF8.self)
    }
}

// MARK: - Tokens

private enum Token {
    case text([UInt8])
    case verbatim([UInt8])
    case startTag(name: String, attributes: [(name: String, value: String?)], selfClosing: Bool)
    case endTag(name: String)
}

private struct Tokenizer {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> Token? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "<") {
            if let token = markup() { return token }
            index += 1
            return .text([UInt8(ascii: "<")])
        }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        return .text(Array(bytes[start..<index]))
    }

    private mutating func markup() -> Token? {
        for (open, close) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", ">"), ("<!", ">")] where has(open, at: index) {
            guard let end = find(close, from: index + open.utf8.count) else { return nil }
            defer { index = end + close.utf8.count }
            return .verbatim(Array(bytes[index..<(end + close.utf8.count)]))
        }
        let isEnd = has("</", at: index)
        let nameStart = index + (isEnd ? 2 : 1)
        guard nameStart < bytes.count, isLetter(bytes[nameStart]), let close = tagEnd(from: nameStart) else { return nil }
        var cursor = nameStart
        let name = word(&cursor)
        if isEnd {
            index = close + 1
            return .endTag(name: name)
        }
        var attributes: [(name: String, value: String?)] = []
        while true {
            skipSpace(&cursor)
            guard cursor < close, bytes[cursor] != UInt8(ascii: "/") else { break }
            let attribute = word(&cursor)
            guard !attribute.isEmpty else { cursor += 1; continue }
            skipSpace(&cursor)
            guard cursor < close, bytes[cursor] == UInt8(ascii: "=") else {
                attributes.append((attribute, nil))
                continue
            }
            cursor += 1
            skipSpace(&cursor)
            attributes.append((attribute, decodeReferences(value(&cursor, limit: close))))
        }
        let selfClosing = close > nameStart && bytes[close - 1] == UInt8(ascii: "/")
        index = close + 1
        return .startTag(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// The `>` that ends a tag, skipping quoted attribute values.
    private func tagEnd(from start: Int) -> Int? {
        var quote: UInt8?
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return cursor
            }
            cursor += 1
        }
        return nil
    }

    private func word(_ cursor: inout Int) -> String {
        let start = cursor
        while cursor < bytes.count, !isSpace(bytes[cursor]),
              ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[cursor]) {
            cursor += 1
        }
        return String(decoding: bytes[start..<cursor], as: UTF8.self).lowercased()
    }

    private func value(_ cursor: inout Int, limit: Int) -> [UInt8] {
        guard cursor < limit else { return [] }
        let quote = bytes[cursor]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = cursor + 1
            cursor = start
            while cursor < limit, bytes[cursor] != quote { cursor += 1 }
            defer { cursor += 1 }
            return Array(bytes[start..<cursor])
        }
        let start = cursor
        while cursor < limit, !isSpace(bytes[cursor]) { cursor += 1 }
        return Array(bytes[start..<cursor])
    }

    private func skipSpace(_ cursor: inout Int) {
        while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
    }

    private func has(_ literal: String, at position: Int) -> Bool {
        let pattern = Array(literal.utf8)
        guard position + pattern.count <= bytes.count else { return false }
        return bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ literal: String, from position: Int) -> Int? {
        var cursor = position
        while cursor < bytes.count {
            if has(literal, at: cursor) { return cursor }
            cursor += 1
        }
        return nil
    }
}

// MARK: - Whitespace and output

private struct State {
    enum Last { case startTag, endTag, text, other }

    var output: [UInt8] = []
    var last = Last.startTag
    var lastTag = ""
    var inPre = false

    mutating func handle(_ token: Token) {
        switch token {
        case .text(let raw):
            text(raw)
        case .verbatim(let raw):
            output += raw
            last = .other
        case .startTag(let name, let attributes, let selfClosing):
            if name == "pre" { inPre = true }
            if blockTags.contains(name) { trimTrailingSpace() }
            output += Array("<\(name)".utf8)
            for attribute in attributes.sorted(by: { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }) {
                output += Array(" \(attribute.name)".utf8)
                if let value = attribute.value { output += Array("=\"\(escape(value))\"".utf8) }
            }
            output += Array(">".utf8)
            lastTag = name
            last = selfClosing ? .endTag : .startTag
        case .endTag(let name):
            if name == "pre" {
                inPre = false
            } else if blockTags.contains(name) {
                trimTrailingSpace()
            }
            output += Array("</\(name)>".utf8)
            lastTag = name
            last = .endTag
        }
    }

    private mutating func text(_ raw: [UInt8]) {
        var data = raw
        let afterTag = last == .startTag || last == .endTag
        if afterTag, lastTag == "br" { data = Array(data.drop { $0 == UInt8(ascii: "\n") }) }
        if !inPre { data = collapseSpace(data) }
        if afterTag, blockTags.contains(lastTag), !inPre {
            data = Array(data.drop(while: isSpace))
            if last == .endTag {
                while let byte = data.last, isSpace(byte) { data.removeLast() }
            }
        }
        output += Array(escapeReferences(data).utf8)
        last = .text
    }

    private mutating func trimTrailingSpace() {
        while let byte = output.last, isSpace(byte) { output.removeLast() }
    }

    private func collapseSpace(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var inSpace = false
        for byte in data {
            if isSpace(byte) {
                if !inSpace { result.append(UInt8(ascii: " ")) }
                inSpace = true
            } else {
                result.append(byte)
                inSpace = false
            }
        }
        return result
    }

    /// Text with its decodable references decoded and re-escaped, like normalize.py's `output_char`.
    private func escapeReferences(_ data: [UInt8]) -> String {
        replacingReferences(in: data) { escape(String($0)) }
    }

    private func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

// MARK: - Character references

private let namedReferences: [String: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

/// The character a reference at `index` stands for and the reference's length, if it is one normalize.py decodes.
private func reference(in data: [UInt8], at index: Int) -> (Character, Int)? {
    guard let semicolon = data[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else { return nil }
    let body = String(decoding: data[(index + 1)..<semicolon], as: UTF8.self)
    let length = semicolon - index + 1
    if let character = namedReferences[body] { return (character, length) }
    guard body.hasPrefix("#") else { return nil }
    let digits = body.dropFirst()
    let code: UInt32? = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    guard let code, let scalar = Unicode.Scalar(code) else { return nil }
    return (Character(scalar), length)
}

private func decodeReferences(_ data: [UInt8]) -> String {
    replacingReferences(in: data) { String($0) }
}

/// The text of `data` with each decodable character reference replaced by `replacement` of its character.
private func replacingReferences(in data: [UInt8], with replacement: (Character) -> String) -> String {
    var result = ""
    var index = 0
    while index < data.count {
        if data[index] == UInt8(ascii: "&"), let (character, length) = reference(in: data, at: index) {
            result += replacement(character)
            index += length
        } else {
            let start = index
            index += 1
            while index < data.count, data[index] != UInt8(ascii: "&") { index += 1 }
            result += String(decoding: data[start..<index], as: UTF8.self)
        }
    }
    return result
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == 0x0C
}

private func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

/// normalize.py's list of block-level tags.
private let blockTags: Set<String> = [
    "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button", "object",
    "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div", "section", "dl",
    "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption", "th", "figure", "thead",
    "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video", "script", "style",
]
