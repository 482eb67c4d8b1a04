/// Turns Mustache source into nodes in one pass over its UTF-8 bytes, applying the spec's standalone-line rules.
struct MustacheParser {
    private let bytes: [UInt8]
    private let name: String
    /// Where the literal text not yet turned into a node begins.
    private var textStart = 0
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    /// The open sections, innermost last; the first frame is the template itself.
    private var frames: [Frame] = [Frame(name: "", path: [], inverted: false, tagStart: 0, expectedEnd: "", children: [])]

    /// Far deeper than any page needs.
    static let maximumSectionDepth = 100

    init(source: String, name: String) {
        self.bytes = Array(source.utf8)
        self.name = name
    }

    mutating func parse() throws(TemplateError) -> [MustacheNode] {
        var position = 0
        while let tagStart = find(open, from: position) {
            position = try parseTag(at: tagStart)
        }
        appendText(upTo: bytes.count)
        if let unclosed = frames.last, frames.count > 1 {
            throw error(at: unclosed.tagStart, "unclosed section \"\(unclosed.name)\"; expected \(unclosed.expectedEnd)")
        }
        return frames[0].children
    }
}

// MARK: - Tags

private extension MustacheParser {
    struct Frame {
        let name: String
        let path: [String]
        let inverted: Bool
        let tagStart: Int
        /// The closing tag in the delimiters in force where the section opened, for the error message.
        let expectedEnd: String
        var children: [MustacheNode]
    }

    /// Reads the tag starting at `tagStart` and returns where scanning resumes.
    mutating func parseTag(at tagStart: Int) throws(TemplateError) -> Int {
        var contentStart = tagStart + open.count
        let sigil: UInt8? = contentStart < bytes.count ? bytes[contentStart] : nil
        var closing = close
        switch sigil {
        case UInt8(ascii: "{"):
            closing = Array("}".utf8) + close
            contentStart += 1
        case UInt8(ascii: "="):
            // The content may hold the new closing delimiter, so search for `=` + the current one.
            closing = Array("=".utf8) + close
            contentStart += 1
        case UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: ">"):
            contentStart += 1
        default:
            break
        }
        guard let contentEnd = find(closing, from: contentStart) else {
            let what = sigil == UInt8(ascii: "=") ? "delimiter change" : "tag"
            throw error(at: tagStart, "unclosed \(what) \"\(snippet(from: tagStart))\"; expected \"\(text(closing))\"")
        }
        let tagEnd = contentEnd + closing.count
        let content = trimmed(contentStart..<contentEnd)
        let tag = text(tagStart..<tagEnd)
        let isStandaloneKind = sigil.map { Array("#^/!>=".utf8).contains($0) } ?? false

        var indent: String?
        var resume = tagEnd
        if isStandaloneKind, let line = standaloneLine(tagStart: tagStart, tagEnd: tagEnd) {
            appendText(upTo: line.start)
            indent = text(line.start..<tagStart)
            resume = line.next
        } else {
            appendText(upTo: tagStart)
        }
        textStart = resume

        switch sigil {
        case UInt8(ascii: "!"):
            break
        case UInt8(ascii: "="):
            try changeDelimiters(content, tag: tag, at: tagStart)
        case UInt8(ascii: ">"):
            let partialName = try validName(content, tag: tag, at: tagStart)
            append(.partial(name: partialName, indent: indent))
        case UInt8(ascii: "#"), UInt8(ascii: "^"):
            // Nodes nest as deep as sections: rendering, and freeing, deeper ones would overflow the stack.
            guard frames.count <= Self.maximumSectionDepth else {
                throw error(at: tagStart, "sections nested more than \(Self.maximumSectionDepth) deep; expected a few levels at most")
            }
            let sectionName = try validName(content, tag: tag, at: tagStart)
            let expectedEnd = text(open) + "/" + sectionName + text(close)
            frames.append(Frame(
                name: sectionName, path: try path(sectionName, tag: tag, at: tagStart),
                inverted: sigil == UInt8(ascii: "^"), tagStart: tagStart, expectedEnd: expectedEnd, children: []))
        case UInt8(ascii: "/"):
            try closeSection(content, tag: tag, at: tagStart)
        default:
            let variableName = try validName(content, tag: tag, at: tagStart)
            let escaped = sigil != UInt8(ascii: "{") && sigil != UInt8(ascii: "&")
            append(.variable(path: try path(variableName, tag: tag, at: tagStart), escaped: escaped))
        }
        return resume
    }

    mutating func closeSection(_ content: String, tag: String, at tagStart: Int) throws(TemplateError) {
        guard frames.count > 1, let frame = frames.last else {
            throw error(at: tagStart, "unexpected \(tag): no section is open; expected a matching \(text(open))#\(content)\(text(close)) before it")
        }
        guard frame.name == content else {
            let opened = location(of: frame.tagStart)
            throw error(at: tagStart, "\(tag) does not close section \"\(frame.name)\" opened at \(opened.line):\(opened.column); expected \(frame.expectedEnd)")
        }
        frames.removeLast()
        append(.section(path: frame.path, inverted: frame.inverted, children: frame.children))
    }

    mutating func changeDelimiters(_ content: String, tag: String, at tagStart: Int) throws(TemplateError) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(at: tagStart, "invalid delimiter change \(tag); expected two delimiters without \"=\" separated by a space, like \(text(open))=<% %>=\(text(close))")
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    /// A tag's name: not empty and without inner whitespace, which would be a typo rather than a key.
    func validName(_ content: String, tag: String, at tagStart: Int) throws(TemplateError) -> String {
        guard !content.isEmpty else {
            throw error(at: tagStart, "empty tag \(tag); expected a name inside it")
        }
        guard !content.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw error(at: tagStart, "invalid name \"\(content)\" in \(tag); expected a single name without spaces")
        }
        return content
    }

    /// Splits a dotted name into keys; `.` alone is the implicit iterator, an empty path.
    func path(_ name: String, tag: String, at tagStart: Int) throws(TemplateError) -> [String] {
        if name == "." { return [] }
        let keys = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !keys.contains(where: \.isEmpty) else {
            throw error(at: tagStart, "invalid name \"\(name)\" in \(tag); expected keys joined by single dots, like \"deck.title\"")
        }
        return keys.map(String.init)
    }
}

// MARK: - Text and standalone lines

private extension MustacheParser {
    mutating func append(_ node: MustacheNode) {
        frames[frames.count - 1].children.append(node)
    }

    mutating func appendText(upTo end: Int) {
        guard end > textStart else { return }
        append(.text(text(textStart..<end)))
    }

    /// When only spaces and tabs share the tag's line, the whole line (with its newline) belongs to the tag.
    func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, next: Int)? {
        var start = tagStart
        while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return nil }
        var end = tagEnd
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        if end == bytes.count { return (start, end) }
        if bytes[end] == UInt8(ascii: "\n") { return (start, end + 1) }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") {
            return (start, end + 2)
        }
        return nil
    }

    func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func text(_ delimiter: [UInt8]) -> String {
        String(decoding: delimiter, as: UTF8.self)
    }

    func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return text(lower..<upper)
    }
}

// MARK: - Errors

private extension MustacheParser {
    func error(at offset: Int, _ message: String) -> TemplateError {
        let position = location(of: offset)
        return TemplateError(name: name, line: position.line, column: position.column, message: message)
    }

    /// 1-based line and column; the column counts characters so it matches what an editor shows.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, text(lineStart..<offset).count + 1)
    }

    /// The start of an unclosed tag, up to the end of its line, short enough to quote in a message.
    func snippet(from start: Int) -> String {
        let lineEnd = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) ?? bytes.count
        let line = text(start..<lineEnd)
        return line.count > 30 ? line.prefix(30) + "…" : line
    }
}
