import CGumbo
import Foundation

/// Keeps the raw HTML of a note that GitHub keeps, and nothing that could run or load: the one place deckgen touches gumbo.
///
/// It reads cmark-gfm's whole rendered page, parsed as a browser would parse it, so an element opened in one piece of
/// raw HTML and closed in another (`2<sup>n</sup>`) is judged as the one element it is. The pieces that came from the
/// note's raw HTML are marked in the page by comments carrying a nonce and their source line; elements starting inside
/// them are held to the allowlist below, their links and images resolved like Markdown's. Elements cmark-gfm wrote keep
/// only the attributes cmark-gfm writes. Everything is written out again from the parsed tree, escaped.
struct HTMLSanitiser {
    /// Something left out of the page, and the source line of the raw HTML it was in.
    struct Dropped: Equatable {
        var what: String
        var line: Int
    }

    /// The page as it may be shown, and what was left out of it.
    struct Outcome {
        var html: String
        var dropped: [Dropped]
    }

    /// The comment opening a piece of raw HTML from `line`; `nonce` is new for every page, so a note cannot forge it.
    static func openingMark(nonce: String, line: Int) -> String { "<!--\(nonce) \(line)-->" }

    /// The comment closing a piece of raw HTML.
    static func closingMark(nonce: String) -> String { "<!--\(nonce)-->" }

    let nonce: String
    /// Resolves a link or image URL written in raw HTML, as `MarkdownRenderer.render(_:rewriteURL:)` does for Markdown's.
    let resolve: (MarkdownURL) -> String?

    /// Sanitises `marked`, cmark-gfm's page with raw HTML marked.
    func sanitise(_ marked: String) -> Outcome {
        var source = marked
        return source.withUTF8 { bytes -> Outcome in
            guard let base = bytes.baseAddress else { return Outcome(html: "", dropped: []) }
            var options = kGumboDefaultOptions
            options.fragment_context = GUMBO_TAG_BODY
            options.max_errors = 0
            let parsed = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                gumbo_parse_with_options(&options, $0, bytes.count)
            }
            // As with cmark-gfm, a parser that cannot allocate leaves nothing safe to show.
            guard let parsed else { fatalError("gumbo could not allocate a parse") }
            defer { gumbo_destroy_output(&options, parsed) }
            var writer = Writer(rawRanges: Self.rawRanges(in: bytes, nonce: nonce), resolve: resolve)
            writer.markPrefix = "<!--" + nonce
            writer.writeChildren(of: parsed.pointee.root)
            return Outcome(html: String(decoding: writer.output, as: UTF8.self), dropped: writer.dropped)
        }
    }

    /// The text `html` shows, as a screen reader or speech would read it: tags gone, entities decoded, a formula as its
    /// TeX (KaTeX's MathML keeps it as an annotation), a line break as a space.
    static func plainText(of html: String) -> String {
        var options = kGumboDefaultOptions
        options.fragment_context = GUMBO_TAG_BODY
        options.max_errors = 0
        guard let parsed = gumbo_parse_with_options(&options, html, html.utf8.count) else {
            fatalError("gumbo could not allocate a parse")
        }
        defer { gumbo_destroy_output(&options, parsed) }
        var text = ""
        var nodes = Writer.children(of: parsed.pointee.root).reversed() as [UnsafeMutablePointer<GumboNode>]
        while let node = nodes.popLast() {
            switch node.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                text += String(cString: node.pointee.v.text.text)
            case GUMBO_NODE_ELEMENT:
                let element = node.pointee.v.element
                if element.tag == GUMBO_TAG_BR { text += " " }
                // In MathML only the TeX annotation is read; the presentation's letters would run together.
                let mathML = element.tag_namespace == GUMBO_NAMESPACE_MATHML
                if mathML, !["math", "semantics", "annotation"].contains(Writer.name(of: element)) { continue }
                nodes.append(contentsOf: Writer.children(of: node).reversed())
            default:
                break
            }
        }
        return text
    }

    /// The byte ranges between an opening and a closing mark, with the line the opening mark names.
    static func rawRanges(in bytes: UnsafeBufferPointer<UInt8>, nonce: String) -> [RawRange] {
        let prefix = Array("<!--\(nonce)".utf8)
        var ranges = [RawRange]()
        var open: (start: Int, line: Int)?
        var index = 0
        while index + prefix.count <= bytes.count {
            guard bytes[index] == prefix[0], bytes[index..<(index + prefix.count)].elementsEqual(prefix) else {
                index += 1
                continue
            }
            var cursor = index + prefix.count
            var line = 0
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") {
                cursor += 1
                while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]) {
                    line = line * 10 + Int(bytes[cursor] - 0x30)
                    cursor += 1
                }
                open = (index, line)
            } else if let opened = open {
                ranges.append(RawRange(start: opened.start, end: index, line: opened.line))
                open = nil
            }
            index = cursor
        }
        if let opened = open { ranges.append(RawRange(start: opened.start, end: bytes.count, line: opened.line)) }
        return ranges
    }

    /// A stretch of the page that came from the note's raw HTML.
    struct RawRange {
        var start: Int
        var end: Int
        var line: Int
    }
}

// MARK: - What is kept

extension HTMLSanitiser {
    /// Elements raw HTML may use: GitHub's list, less what loads from the network (`picture`, `source`).
    static let rawElements: Set<String> = [
        "a", "abbr", "b", "bdo", "blockquote", "br", "caption", "center", "cite", "code", "col", "colgroup", "dd", "del",
        "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
        "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strike",
        "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul",
        "var", "wbr",
    ]

    /// Elements only cmark-gfm writes: footnote sections and task-list checkboxes.
    static let markdownElements: Set<String> = rawElements.union(["section", "input"])

    /// Elements left out with everything inside them: their content is code, a form, or loads from elsewhere.
    static let droppedWithContent: Set<String> = [
        "applet", "audio", "base", "canvas", "embed", "frame", "frameset", "head", "iframe", "link", "math", "meta",
        "noembed", "noframes", "noscript", "object", "param", "script", "select", "source", "style", "svg", "template",
        "textarea", "title", "track", "video", "xmp",
    ]

    /// Attributes raw HTML may use, besides `href` on links and `src` on images.
    static let rawAttributes: Set<String> = [
        "align", "alt", "colspan", "dir", "height", "open", "reversed", "rowspan", "start", "title", "valign", "width",
    ]

    /// Attributes cmark-gfm writes.
    static let markdownAttributes: Set<String> = [
        "align", "alt", "aria-label", "checked", "class", "data-footnote-backref", "data-footnote-backref-idx",
        "data-footnote-ref", "data-footnotes", "disabled", "href", "id", "src", "start", "title", "type",
    ]

    /// Elements written without an end tag.
    static let voidElements: Set<String> = ["br", "col", "hr", "img", "input", "wbr"]

    /// A URL no page should hold: cmark-gfm's safe-mode rule (images may be PNG, GIF, JPEG or WebP data), and for raw
    /// HTML no `data:` at all.
    static func isDangerous(_ url: String, image: Bool, raw: Bool) -> Bool {
        // As a browser reads it: tabs and line breaks anywhere removed, controls and spaces at the ends trimmed
        // (`java&#9;script:` is `javascript:`).
        let lower = String(url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
            .trimmingCharacters(in: CharacterSet(charactersIn: "\u{0}"..."\u{20}")).lowercased()
        if lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("file:") { return true }
        guard lower.hasPrefix("data:") else { return false }
        let safeImage = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { lower.hasPrefix($0) }
        return raw || !(image && safeImage)
    }
}

// MARK: - Writing the tree

private extension HTMLSanitiser {
    struct Writer {
        let rawRanges: [RawRange]
        let resolve: (MarkdownURL) -> String?
        /// How each of this page's marks begins.
        var markPrefix = "<!--\u{0}"
        var output: [UInt8] = []
        var dropped: [Dropped] = []

        init(rawRanges: [RawRange], resolve: @escaping (MarkdownURL) -> String?) {
            self.rawRanges = rawRanges
            self.resolve = resolve
            output.reserveCapacity(4096)
        }

        /// One step of the walk: a node to write, or an element's end tag once its children are written.
        enum Step {
            case node(UnsafeMutablePointer<GumboNode>)
            case close(String)
        }

        /// Writes what may be shown of `root`'s children; a stack rather than recursion, however deep the page nests.
        mutating func writeChildren(of root: UnsafeMutablePointer<GumboNode>) {
            var steps = Self.children(of: root).reversed().map(Step.node)
            while let step = steps.popLast() {
                switch step {
                case .close(let end):
                    write(end)
                case .node(let node):
                    switch node.pointee.type {
                    case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                        writeEscaped(withoutMarks(String(cString: node.pointee.v.text.text)), attribute: false)
                    case GUMBO_NODE_ELEMENT:
                        guard let end = open(node) else { continue }
                        if let end { steps.append(.close(end)) }
                        steps.append(contentsOf: Self.children(of: node).reversed().map(Step.node))
                    default:
                        // Comments (the marks among them), templates and documents show nothing.
                        break
                    }
                }
            }
        }

        /// Writes `node`'s start tag when it is kept. Returns nil to leave out its children too, `.some(nil)` to write
        /// its children without tags, and the name whose end tag follows its children otherwise.
        mutating func open(_ node: UnsafeMutablePointer<GumboNode>) -> String?? {
            let element = node.pointee.v.element
            let name = Self.name(of: element)
            // An element with no tag of its own was made by the parser: a clone of a misnested `<b>` keeps the clone's
            // attributes, so it is held to raw HTML's rules whatever it copies.
            let found = line(at: Int(element.start_pos.offset))
            let rawLine = element.original_tag.length > 0 ? found : found ?? 0
            let allowed = rawLine == nil ? HTMLSanitiser.markdownElements : HTMLSanitiser.rawElements
            if element.tag_namespace != GUMBO_NAMESPACE_HTML || HTMLSanitiser.droppedWithContent.contains(name) {
                drop("<\(name)>", rawLine)
                return nil
            }
            guard allowed.contains(name) else {
                drop("<\(name)>", rawLine)
                return .some(nil)
            }
            var attributes = [(String, String)]()
            for attribute in Self.attributes(of: element) {
                let (key, value) = (String(cString: attribute.pointee.name), String(cString: attribute.pointee.value))
                guard let kept = keep(key, value, on: name, rawLine: rawLine) else { continue }
                attributes.append((key, kept))
            }
            if let rawLine, name == "img", !attributes.contains(where: { $0.0 == "src" }) {
                // An image that names no file of the content folder shows what it would have shown: its alt text.
                // A missing or remote file has had its warning from the link rules; a script or data URL has not.
                writeEscaped(attributes.first { $0.0 == "alt" }?.1 ?? "", attribute: false)
                let source = Self.attributes(of: element).first { String(cString: $0.pointee.name) == "src" }
                    .map { String(cString: $0.pointee.value) } ?? ""
                if HTMLSanitiser.isDangerous(source, image: true, raw: true) {
                    drop("src=\"\(source.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }.lowercased()):…\"", rawLine)
                }
                return nil
            }
            if rawLine != nil, name.count == 2, name.hasPrefix("h"), attributes.isEmpty {
                // A bare `<h2>` is how cmark-gfm writes a Markdown heading, which gets an anchor later: this one must not.
                attributes.append(("dir", "auto"))
            }
            write("<" + name)
            for (key, value) in attributes {
                write(" \(key)=\"")
                writeEscaped(value, attribute: true)
                write("\"")
            }
            if HTMLSanitiser.voidElements.contains(name) {
                write(" />")
                return nil
            }
            write(">")
            if name == "pre", Self.startsWithNewline(node) { write("\n") }
            return .some("</\(name)>")
        }

        /// The value `key` keeps on element `name`, or nil to leave the attribute out.
        mutating func keep(_ key: String, _ value: String, on name: String, rawLine: Int?) -> String? {
            let isURL = (key == "href" && name == "a") || (key == "src" && name == "img")
            guard let rawLine else {
                guard HTMLSanitiser.markdownAttributes.contains(key) else { return nil }
                if isURL, HTMLSanitiser.isDangerous(value, image: name == "img", raw: false) { return "" }
                return value
            }
            if isURL {
                let written = resolve(MarkdownURL(kind: name == "img" ? .image : .link, url: value, line: rawLine))
                if name == "img" {
                    // Only a file of the content folder is an image the page may show.
                    guard let written, !written.isEmpty else { return nil }
                    return written
                }
                // An empty answer is a link the resolver refused, and has warned about.
                let url = written ?? value
                guard !url.isEmpty else { return nil }
                guard !HTMLSanitiser.isDangerous(url, image: false, raw: true) else {
                    let scheme = url.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }.lowercased()
                    drop("href=\"\(scheme):…\"", rawLine)
                    return nil
                }
                return url
            }
            guard HTMLSanitiser.rawAttributes.contains(key) else {
                drop("\(key)=", rawLine)
                return nil
            }
            if key == "width" || key == "height" {
                // Sizes only: a number, or a percentage.
                guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "%") }) else { return nil }
            }
            return value
        }

        /// `text` without the sanitiser's marks, which an element whose content is raw text (`<plaintext>`) holds as text.
        func withoutMarks(_ text: String) -> String {
            guard text.contains(markPrefix) else { return text }
            var kept = ""
            var rest = text[...]
            while let mark = rest.range(of: markPrefix) {
                kept += rest[..<mark.lowerBound]
                guard let end = rest[mark.upperBound...].range(of: "-->") else { return kept }
                rest = rest[end.upperBound...]
            }
            return kept + rest
        }

        /// The source line of the raw HTML holding `offset`, or nil when cmark-gfm wrote what is there.
        func line(at offset: Int) -> Int? {
            var low = 0, high = rawRanges.count
            while low < high {
                let middle = (low + high) / 2
                if rawRanges[middle].end <= offset { low = middle + 1 } else { high = middle }
            }
            guard low < rawRanges.count, rawRanges[low].start <= offset else { return nil }
            return rawRanges[low].line
        }

        mutating func drop(_ what: String, _ line: Int?) {
            // What cmark-gfm wrote and the allowlist refuses (a forged mark) is left out without a word to say where.
            dropped.append(Dropped(what: what, line: line ?? 0))
        }

        mutating func write(_ text: String) {
            output.append(contentsOf: text.utf8)
        }

        /// Writes `text` with `& < > "` as entities, as cmark-gfm writes text.
        mutating func writeEscaped(_ text: UnsafePointer<CChar>, attribute: Bool) {
            writeEscaped(String(cString: text), attribute: attribute)
        }

        mutating func writeEscaped(_ text: String, attribute: Bool) {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "&"): write("&amp;")
                case UInt8(ascii: "<"): write("&lt;")
                case UInt8(ascii: ">"): write("&gt;")
                case UInt8(ascii: "\""): write("&quot;")
                default: output.append(byte)
                }
            }
        }

        static func text(of piece: GumboStringPiece) -> String {
            guard let data = piece.data, piece.length > 0 else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: data, count: piece.length), as: UTF8.self)
        }

        static func name(of element: GumboElement) -> String {
            guard element.tag == GUMBO_TAG_UNKNOWN else { return String(cString: gumbo_normalized_tagname(element.tag)) }
            var original = element.original_tag
            gumbo_tag_from_original_text(&original)
            guard let data = original.data, original.length > 0 else { return "unknown" }
            let bytes = UnsafeRawBufferPointer(start: data, count: original.length)
            let name = bytes.prefix { !($0 == 0x20 || $0 == 0x2F || $0 == 0x3E || (0x09...0x0D).contains($0)) }
            return String(decoding: name, as: UTF8.self).lowercased()
        }

        static func children(of node: UnsafeMutablePointer<GumboNode>) -> [UnsafeMutablePointer<GumboNode>] {
            let vector = node.pointee.type == GUMBO_NODE_DOCUMENT ? node.pointee.v.document.children : node.pointee.v.element.children
            return (0..<Int(vector.length)).compactMap { vector.data[$0]?.assumingMemoryBound(to: GumboNode.self) }
        }

        static func attributes(of element: GumboElement) -> [UnsafeMutablePointer<GumboAttribute>] {
            let vector = element.attributes
            return (0..<Int(vector.length)).compactMap { vector.data[$0]?.assumingMemoryBound(to: GumboAttribute.self) }
        }

        /// True when `node`'s first child is text starting with a newline, which the parser would eat after `<pre>`.
        static func startsWithNewline(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
            guard let first = children(of: node).first,
                  first.pointee.type == GUMBO_NODE_TEXT || first.pointee.type == GUMBO_NODE_WHITESPACE else { return false }
            return first.pointee.v.text.text.pointee == 0x0A
        }
    }
}
