/// A question's texts as a page shows them and as they are read aloud.
///
/// Question text written by a person or a model is inline Markdown — code, emphasis, maths, `<sup>` and `<sub>` — and
/// is rendered by the same renderer as notes, escaped and sanitised, with raw tags off the allowlist shown as written
/// (`List<String>`). The offline generator's text is plain: it was read out of the rendered note, so it is escaped as
/// it is and never read as Markdown a second time.
struct QuestionMarkup: Sendable, Equatable {
    /// One text: the HTML a page shows, and the plain text speech, labels and the typed-answer check use.
    struct Text: Sendable, Equatable {
        var html: String
        var plain: String

        /// True when the HTML says no more than the plain text escaped: a page may then show the plain text alone.
        var isPlain: Bool { html == HTML.escape(plain) }
    }

    var prompt: Text
    var choices: [Text]
    /// The explanation's lines, empty ones left out.
    var explanation: [Text]

    init(_ question: Question) {
        let markdown = question.origin != .offline
        prompt = Self.text(question.prompt, markdown: markdown)
        choices = question.choices.map { Self.text($0, markdown: markdown) }
        explanation = PageRenderer.explanationLines(question.explanation).map { Self.text($0, markdown: markdown) }
    }

    /// The correct choice's text.
    func correctChoice(of question: Question) -> Text? {
        choices.indices.contains(question.answer) ? choices[question.answer] : nil
    }

    /// True when every text is plain.
    var isPlain: Bool {
        prompt.isPlain && choices.allSatisfy(\.isPlain) && explanation.allSatisfy(\.isPlain)
    }

    /// `source` as HTML and as plain text; read as Markdown when `markdown` is true.
    static func text(_ source: String, markdown: Bool) -> Text {
        // Most text holds nothing Markdown reads: it is escaped as it is, without a parse.
        guard markdown, source.unicodeScalars.contains(where: { markdownCharacters.contains($0) }) else {
            return Text(html: HTML.escape(source), plain: source)
        }
        var html = renderer.render(inlineOnly(source)) { url in
            // A question has no folder to resolve a path against: only links to the web are kept.
            let lower = url.url.lowercased()
            return url.kind == .link && (lower.hasPrefix("https:") || lower.hasPrefix("http:") || lower.hasPrefix("mailto:")) ? nil : ""
        }.html
        // One line: a hard break's line feed would be a second break in Anki's fields.
        html = html.replacingOccurrences(of: "<br />\n", with: "<br />")
        while html.hasSuffix("\n") { html.removeLast() }
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), StudyText.range(of: "<p>", in: String(html.dropFirst(3))) == nil {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return Text(html: html, plain: HTMLSanitiser.plainText(of: html))
    }

    /// Characters with which inline Markdown, maths or HTML begins.
    private static let markdownCharacters: Set<Unicode.Scalar> = ["*", "_", "`", "$", "<", "&", "\\", "~", "[", "!"]

    private static let renderer = MarkdownRenderer(options: [.strikethrough, .math, .sanitisedHTML, .unlistedHTMLAsText])

    /// `source` as one paragraph: whatever would start a block (a heading, list, quote, fence, rule, indented code or
    /// block of HTML) escaped, and its lines kept apart by hard breaks.
    static func inlineOnly(_ source: String) -> String {
        TextLines.lineFeeds(source).map { line -> String in
            let trimmed = String(line.drop { $0 == " " || $0 == "\t" })
            guard let first = trimmed.first else { return trimmed }
            let fenceOrRule = "`~*_".contains(first) && trimmed.hasPrefix(String(repeating: first, count: 3))
            if fenceOrRule || (first == "*" && trimmed.dropFirst().first == " ") || (first == "<" && !startsInlineTag(trimmed)) {
                return "\\" + trimmed
            }
            return MarkdownEscaper.escapeBlockStart(trimmed)
        }.filter { !$0.isEmpty }.joined(separator: "\\\n")
    }

    /// True when `line` opens with a tag that is inline on the allowlist (`<sup>`, `<kbd>`…), which starts no HTML block.
    private static func startsInlineTag(_ line: String) -> Bool {
        let name = line.dropFirst().prefix { $0.isASCII && $0.isLetter }.lowercased()
        return inlineTags.contains(name) && !line.dropFirst(1 + name.count).hasPrefix("-")
    }

    private static let inlineTags: Set<String> = [
        "a", "abbr", "b", "bdo", "br", "cite", "code", "del", "dfn", "em", "i", "img", "ins", "kbd", "mark", "q", "rp", "rt",
        "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ]
}
