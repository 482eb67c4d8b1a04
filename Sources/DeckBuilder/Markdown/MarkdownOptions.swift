/// Which GitHub Flavored Markdown features `MarkdownRenderer` turns on; `.site` is what deckgen uses.
///
/// Safe by default: without `.unsafe`, cmark-gfm omits raw HTML (`<!-- raw HTML omitted -->`) and
/// blanks `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs. Code blocks keep the
/// CommonMark `<pre><code class="language-x">` form (no `CMARK_OPT_GITHUB_PRE_LANG`), which is what
/// the spec expects and what the page styles target.
public struct MarkdownOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    // MARK: - GFM extensions

    /// Pipe tables (the `table` extension).
    public static let tables = MarkdownOptions(rawValue: 1 << 0)
    /// `~~deleted~~` text (the `strikethrough` extension).
    public static let strikethrough = MarkdownOptions(rawValue: 1 << 1)
    /// Bare `www.`, `http(s)://`, `ftp://` and e-mail addresses become links (the `autolink` extension).
    public static let autolinks = MarkdownOptions(rawValue: 1 << 2)
    /// Disallowed raw HTML tags such as `<script>` are escaped (the `tagfilter` extension; matters only with `.unsafe`).
    public static let tagFilter = MarkdownOptions(rawValue: 1 << 3)
    /// `- [ ]` and `- [x]` list items become checkboxes (the `tasklist` extension).
    public static let taskLists = MarkdownOptions(rawValue: 1 << 4)
    /// `[^label]` references and `[^label]: text` definitions (`CMARK_OPT_FOOTNOTES`).
    public static let footnotes = MarkdownOptions(rawValue: 1 << 5)

    // MARK: - Output

    /// Keeps raw HTML and dangerous URLs (`CMARK_OPT_UNSAFE`). For tests only: deckgen never sets it.
    public static let unsafe = MarkdownOptions(rawValue: 1 << 8)
    /// Renders every newline inside a paragraph as `<br />` (`CMARK_OPT_HARDBREAKS`).
    public static let hardBreaks = MarkdownOptions(rawValue: 1 << 9)
    /// Gives each heading a GitHub-style `id` (`## Two stages` → `id="two-stages"`), so `#fragment`
    /// links and tables of contents work. Ignored with `.unsafe`, where raw HTML could hold heading tags.
    public static let headingAnchors = MarkdownOptions(rawValue: 1 << 10)
    /// `$…$`, `$$…$$` and ```` ```math ```` blocks become MathML, as GitHub shows them (`MathSpans`, `KaTeX`).
    public static let math = MarkdownOptions(rawValue: 1 << 11)

    /// Every GFM extension and footnotes, in safe mode: the output the GFM spec describes.
    public static let `default`: MarkdownOptions = [.tables, .strikethrough, .autolinks, .tagFilter, .taskLists, .footnotes]
    /// Raw HTML is kept where GitHub keeps it, parsed and sanitised against an allowlist (`HTMLSanitiser`), rather than
    /// left out; cmark-gfm's `tagfilter` is then not used, since the sanitiser leaves those tags out altogether.
    public static let sanitisedHTML = MarkdownOptions(rawValue: 1 << 12)

    /// Inline tags off the sanitiser's allowlist show as the text they were written as (`List<String>`, `<T>`) rather
    /// than being left out: what question text is rendered with, where such a tag is more likely code than HTML.
    public static let unlistedHTMLAsText = MarkdownOptions(rawValue: 1 << 13)

    /// What deckgen renders notes with: `.default` plus heading anchors, maths and GitHub's raw HTML.
    public static let site: MarkdownOptions = MarkdownOptions.default.union([.headingAnchors, .math, .sanitisedHTML])
}

extension MarkdownOptions {
    /// The cmark-gfm syntax extensions to attach to a parser, by their registered names.
    var extensionNames: [String] {
        let table: [(MarkdownOptions, String)] = [
            (.tables, "table"),
            (.strikethrough, "strikethrough"),
            (.autolinks, "autolink"),
            (.tagFilter, "tagfilter"),
            (.taskLists, "tasklist"),
        ]
        return table.filter { contains($0.0) && !($0.0 == .tagFilter && contains(.sanitisedHTML)) }.map(\.1)
    }
}
