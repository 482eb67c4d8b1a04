import CCmark
import CCmarkSharedParsing
import Foundation

/// Renders GitHub Flavored Markdown to HTML with cmark-gfm; the only place deckgen touches cmark.
///
/// Every cmark pointer is created and freed (with `defer`) inside one call: the renderer copies what
/// it needs into Swift values, so no C pointer outlives `render(_:rewriteURL:)`.
public struct MarkdownRenderer: Sendable {
    public let options: MarkdownOptions
    let limits: MarkdownInputGuard.Limits

    /// Registers the extensions too, in case the caller has not yet.
    public init(options: MarkdownOptions = .default) {
        self.init(options: options, limits: MarkdownInputGuard.Limits())
    }

    init(options: MarkdownOptions, limits: MarkdownInputGuard.Limits) {
        Self.registerExtensions()
        self.options = options
        self.limits = limits
    }

    /// Registers cmark-gfm's core extensions; call at start-up, before any concurrency. Cheap after the first call.
    public static func registerExtensions() {
        _ = registration
    }

    /// Renders `markdown`, letting `rewriteURL` change each link and image destination:
    /// it returns the URL to put in the page, nil to keep it as written, or "" to blank it.
    /// Safe-mode blanking of dangerous URLs applies to the rewritten URL as well.
    public func render(_ markdown: String, rewriteURL: ((MarkdownURL) -> String?)? = nil) -> RenderedMarkdown {
        // Maths is taken out before cmark-gfm reads the note, so that Markdown never touches TeX.
        let math = options.contains(.math) && markdown.contains("$") ? MathSpans(markdown) : nil
        let screened = MarkdownInputGuard(limits: limits).screen(Array((math?.markdown ?? markdown).utf8), options: options)
        var rendered = Self.render(screened.markdown, options: options.subtracting(screened.disabledOptions), rewriteURL: rewriteURL)
        rendered.warnings = screened.warnings + rendered.warnings
        if options.contains(.math) { MathTypesetter.apply(math, to: &rendered) }
        return rendered
    }

    /// `swift_once` runs this exactly once, whichever thread asks first; cmark's own guard is not thread-safe.
    /// Whether parsers may share cmark-gfm's table of special characters is probed here too, before any parse.
    private static let registration: Void = { _ = ParsingTurns.shared }()
}

// MARK: - cmark

private extension MarkdownRenderer {
    static func render(_ markdown: [UInt8], options: MarkdownOptions, rewriteURL: ((MarkdownURL) -> String?)?) -> RenderedMarkdown {
        let flags = options.cmarkFlags
        guard let parser = cmark_parser_new(flags) else { fatalError("cmark-gfm could not allocate a parser") }
        defer { cmark_parser_free(parser) }
        for name in options.extensionNames {
            guard let syntaxExtension = cmark_find_syntax_extension(name) else {
                fatalError("cmark-gfm extension \(name) is not registered")
            }
            cmark_parser_attach_syntax_extension(parser, syntaxExtension)
        }
        let parsed = ParsingTurns.shared.parse(extensions: options.extensionNames, {
            markdown.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), bytes.count)
            }
            return cmark_parser_finish(parser)
        }, lastOut: { deck_cmark_remove_special_characters(UnsafeMutableRawPointer(parser)) })
        guard let document = parsed else { fatalError("cmark-gfm returned no document") }
        defer { cmark_node_free(document) }

        let walked = walk(document, rewriteURL: rewriteURL, unlistedAsText: options.contains(.unlistedHTMLAsText))
        let sanitiser = options.contains(.sanitisedHTML) && !options.contains(.unsafe) && walked.fitsSanitiser
            ? HTMLSanitiser(nonce: String(UInt64.random(in: 1...UInt64.max), radix: 36), resolve: rewriteURL ?? { _ in nil }) : nil
        if let sanitiser { markRawHTML(walked.rawNodes, nonce: sanitiser.nonce) }
        // The parser owns the extension list the renderer needs, so render before the parser is freed.
        let renderFlags = sanitiser == nil ? flags : flags | CMARK_OPT_UNSAFE
        guard let rendered = cmark_render_html(document, renderFlags, cmark_parser_get_syntax_extensions(parser)) else {
            fatalError("cmark-gfm could not render HTML")
        }
        defer { cmark_get_default_mem_allocator().pointee.free(rendered) }
        var headings = walked.outline.entries.compactMap { entry -> RenderedMarkdown.Heading? in
            guard case .heading(let level, let text) = entry.block else { return nil }
            return RenderedMarkdown.Heading(level: level, text: text.text, line: entry.line)
        }
        var html = String(cString: rendered)
        var warnings = [Diagnostic]()
        if let sanitiser {
            let outcome = sanitiser.sanitise(html)
            html = outcome.html
            if let first = outcome.dropped.first {
                var kinds = [String]()
                for dropped in outcome.dropped where !kinds.contains(dropped.what) { kinds.append(dropped.what) }
                let named = kinds.prefix(4).map { "`\($0)`" }.joined(separator: ", ")
                let more = kinds.count > 4 ? " and \(kinds.count - 4) more kinds" : ""
                warnings.append(.warning(
                    "raw HTML left out of the page: \(named)\(more), since notes keep only the HTML GitHub keeps; expected Markdown or a tag and attribute on the allowlist (README: Raw HTML)",
                    line: first.line > 0 ? first.line : nil))
            }
        } else if !options.contains(.unsafe), let first = walked.rawHTML.first {
            let places = walked.rawHTML.count == 1 ? "" : " (and \(walked.rawHTML.count - 1) more places)"
            let why = options.contains(.sanitisedHTML)
                ? "since the note nests too deeply or holds too much raw HTML to sanitise" : "since notes are rendered in safe mode"
            warnings.append(.warning("raw HTML `\(first.snippet)` left out of the page\(places), \(why); expected Markdown",
                                     line: first.line))
        }
        // Raw headings the sanitiser keeps are never bare `<h2>`, so these tags are still the Markdown headings alone.
        if options.contains(.headingAnchors) && !options.contains(.unsafe) && !headings.isEmpty {
            HeadingAnchors.assign(to: &headings)
            html = HeadingAnchors.inserting(headings.map(\.anchor), into: html)
        }
        return RenderedMarkdown(html: html, headings: headings, warnings: warnings,
                                outline: walked.outline, quizBlocks: walked.quizBlocks)
    }

    /// Rewrites link and image URLs, takes out quiz blocks, and builds the outline in one pass of
    /// cmark's iterator, which keeps its own position: nothing here recurses, however deep the nesting.
    static func walk(_ document: OpaquePointer, rewriteURL: ((MarkdownURL) -> String?)?, unlistedAsText: Bool = false) -> Walked {
        guard let iterator = cmark_iter_new(document) else { fatalError("cmark-gfm could not allocate an iterator") }
        defer { cmark_iter_free(iterator) }

        var outline = OutlineBuilder()
        var rawHTML: [(line: Int, snippet: String)] = []
        var rawNodes: [(node: OpaquePointer, line: Int)] = []
        var rawTags = 0
        var depth = 0, deepest = 0
        var quizBlocks: [QuizBlockSource] = []
        var lineBreakTags: [OpaquePointer] = []
        var unlistedTags: [OpaquePointer] = []
        var removed: [OpaquePointer] = []
        // Autolinks made by the extension carry no source position; they get the line last seen.
        var line = 1
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            if entering, cmark_node_get_start_line(node) > 0 {
                line = Int(cmark_node_get_start_line(node))
            }
            if !isLeaf(type) {
                depth += entering ? 1 : -1
                deepest = max(deepest, depth)
            }
            if let container = outlineContainer(node, type: type) {
                outline.take(entering ? .enter(container, line: line) : .exit(container))
                continue
            }
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) {
                    let bytes = UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self)
                    outline.take(.text(UnsafeBufferPointer(start: bytes, count: strlen(literal))))
                }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                outline.take(.lineBreak)
            case CMARK_NODE_CODE_BLOCK where isQuizBlock(node):
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                quizBlocks.append(QuizBlockSource(text: literal, firstLine: line + 1))
                removed.append(node)
            case CMARK_NODE_LINK where entering, CMARK_NODE_IMAGE where entering:
                guard let rewriteURL else { break }
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                let kind: MarkdownURL.Kind = type == CMARK_NODE_IMAGE ? .image : .link
                if let replacement = rewriteURL(MarkdownURL(kind: kind, url: url, line: line)) {
                    cmark_node_set_url(node, replacement)
                }
            case CMARK_NODE_HTML_INLINE where isLineBreakTag(node):
                lineBreakTags.append(node)
            case CMARK_NODE_HTML_INLINE where unlistedAsText && !isListedTag(node):
                unlistedTags.append(node)
            case CMARK_NODE_HTML_BLOCK where isLineBreakTag(node) || isComment(node),
                 CMARK_NODE_HTML_INLINE where isComment(node):
                // Comments, and a `<br>` alone between blocks, show nothing: leaving them out loses nothing worth a warning.
                rawNodes.append((node, line))
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if let literal = cmark_node_get_literal(node) {
                    let html = String(cString: literal)
                    rawHTML.append((line, Self.snippet(html)))
                    rawTags += html.utf8.count { $0 == UInt8(ascii: "<") }
                }
                rawNodes.append((node, line))
                // The outline's text loses the tag (`2<sup>n</sup>` reads `2n`): a mark where it stood lets a generator
                // tell such text from plain text (`OutlineText.objectMark`).
                OutlineText.objectMark.utf8.withContiguousStorageIfAvailable { outline.take(.text($0)) }
            default:
                break
            }
        }
        // Changed after the walk: the iterator must not meet a freed node.
        for tag in lineBreakTags {
            replaceWithLineBreak(tag)
        }
        for tag in unlistedTags {
            replaceWithText(tag)
        }
        for node in removed {
            cmark_node_free(node)
        }
        return Walked(outline: outline.outline, quizBlocks: quizBlocks, rawHTML: rawHTML, rawNodes: rawNodes,
                      fitsSanitiser: !rawHTML.isEmpty && deepest <= Walked.sanitisedDepth && rawTags <= Walked.sanitisedTags)
    }

    /// The outline's name for a container node, or nil for nodes the outline reads as text or skips.
    static func outlineContainer(_ node: OpaquePointer, type: cmark_node_type) -> OutlineEvent.Container? {
        switch type {
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_STRONG: return .strong
        default: break
        }
        // The table extension's nodes have types of their own, known by name. They are block types registered after
        // the core ones: every inline node (most nodes are text) and every core block is told by its value alone,
        // without making a string of its type's name.
        let kindMask: UInt32 = 0xC000
        guard type.rawValue & kindMask == CMARK_NODE_DOCUMENT.rawValue & kindMask,
              type.rawValue > CMARK_NODE_FOOTNOTE_DEFINITION.rawValue else { return nil }
        switch cmark_node_get_type_string(node).map({ String(cString: $0) }) {
        case "table": return .table
        case "table_header", "table_row": return .row
        case "table_cell": return .cell
        default: return nil
        }
    }

    /// A fenced block whose info string is `quiz`: questions written in the note.
    static func isQuizBlock(_ node: OpaquePointer) -> Bool {
        // cmark writes the fence's length, offset and character through these, so they must point somewhere.
        var length: Int32 = 0, offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0,
              let info = cmark_node_get_fence_info(node) else { return false }
        return String(cString: info).split(separator: " ").first == "quiz"
    }

    /// `<br>`, `<br/>`, `<br />` and the common mistake `</br>`: notes use them for line breaks so often
    /// that safe mode dropping them would run lines together; a Markdown hard break says the same safely.
    static func isLineBreakTag(_ node: OpaquePointer) -> Bool {
        guard let literal = cmark_node_get_literal(node) else { return false }
        let tag = String(cString: literal).lowercased().filter { !$0.isWhitespace }
        return tag == "<br>" || tag == "<br/>" || tag == "</br>"
    }

    static func isComment(_ node: OpaquePointer) -> Bool {
        guard let literal = cmark_node_get_literal(node) else { return false }
        let html = String(cString: literal).trimmingCharacters(in: .whitespacesAndNewlines)
        return html.hasPrefix("<!--") && html.hasSuffix("-->")
    }

    /// True for an inline tag (`<sup>`, `</kbd>`) naming an element the sanitiser may keep.
    static func isListedTag(_ node: OpaquePointer) -> Bool {
        guard let literal = cmark_node_get_literal(node) else { return false }
        let name = String(cString: literal).dropFirst().drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return HTMLSanitiser.rawElements.contains(name.lowercased())
    }

    /// Puts the text a tag was written as where the tag stood: cmark-gfm escapes it like any text.
    static func replaceWithText(_ node: OpaquePointer) {
        guard let text = cmark_node_new(CMARK_NODE_TEXT) else { return }
        cmark_node_set_literal(text, cmark_node_get_literal(node))
        guard cmark_node_insert_before(node, text) == 1 else {
            cmark_node_free(text)
            return
        }
        cmark_node_free(node)
    }

    static func replaceWithLineBreak(_ node: OpaquePointer) {
        guard let lineBreak = cmark_node_new(CMARK_NODE_LINEBREAK) else { return }
        guard cmark_node_insert_before(node, lineBreak) == 1 else {
            cmark_node_free(lineBreak)
            return
        }
        cmark_node_free(node)
    }

    /// What one walk of the tree found.
    struct Walked {
        var outline: NoteOutline
        var quizBlocks: [QuizBlockSource]
        /// Raw HTML that safe mode leaves out: where, and how it starts.
        var rawHTML: [(line: Int, snippet: String)]
        /// Every raw HTML node, comments too, with its line: what the sanitiser must know came from the note.
        var rawNodes: [(node: OpaquePointer, line: Int)]
        /// True when the note has raw HTML to keep and is small enough for an HTML5 parser, whose scope checks take
        /// time growing with the depth of what is open: a hostile note nesting thousands deep keeps to safe mode.
        var fitsSanitiser: Bool

        static let sanitisedDepth = 256
        static let sanitisedTags = 10_000
    }

    /// Node types the iterator enters and never leaves.
    static func isLeaf(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_SOFTBREAK,
             CMARK_NODE_LINEBREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_FOOTNOTE_REFERENCE:
            return true
        default:
            return false
        }
    }

    /// Puts the sanitiser's marks around each piece of raw HTML, so it knows what the note wrote from what cmark-gfm did.
    static func markRawHTML(_ nodes: [(node: OpaquePointer, line: Int)], nonce: String) {
        let closing = HTMLSanitiser.closingMark(nonce: nonce)
        for (node, line) in nodes {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            // A block's closing line break stays after the mark, so the page is spaced as cmark-gfm spaces it.
            let body = literal.hasSuffix("\n") ? literal.dropLast() : Substring(literal)
            let end = body.count == literal.count ? "" : "\n"
            cmark_node_set_literal(node, HTMLSanitiser.openingMark(nonce: nonce, line: line) + body + closing + end)
        }
    }

    /// The first line of `html`, cut short, for a message.
    static func snippet(_ html: String) -> String {
        let line = html.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(40)) + "…" : line
    }
}

private extension MarkdownOptions {
    /// The `CMARK_OPT_*` flags for both parsing and rendering.
    var cmarkFlags: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if contains(.footnotes) { flags |= CMARK_OPT_FOOTNOTES }
        if contains(.unsafe) { flags |= CMARK_OPT_UNSAFE }
        if contains(.hardBreaks) { flags |= CMARK_OPT_HARDBREAKS }
        return flags
    }
}
