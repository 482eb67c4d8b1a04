import Testing
@testable import DeckBuilder

/// Inputs that make cmark-gfm 0.29.0.gfm.6 slow without `MarkdownInputGuard`, at sizes that are
/// slow (seconds to minutes) without it. Times are not asserted, which would be flaky; each case
/// checks the warning and the shape of the output instead.
@Suite("Pathological Markdown")
struct PathologicalMarkdownTests {
    let renderer = MarkdownRenderer()

    /// One input the guard must step in for.
    struct GuardedInput: Sendable, CustomTestStringConvertible {
        var name: String
        var markdown: @Sendable () -> String
        var warning: String
        var line: Int?
        /// Text the HTML must not contain once the guard has stepped in.
        var absent: String

        var testDescription: String { name }
    }

    static let guarded: [GuardedInput] = [
        // Tables: quadratic per row in its cells, and short rows padded to the header's width.
        GuardedInput(name: "table header of 10,000 columns", markdown: { repeated("|a", 10_000) + "\n" + repeated("|-", 10_000) + "\n" },
                     warning: "table with 10000 columns rendered as plain text; expected at most 1000 columns", line: 1, absent: "<table>"),
        GuardedInput(name: "table row of 50,000 cells", markdown: { "a|b\n-|-\n" + repeated("a|", 50_000) + "\n" },
                     warning: "table with 50000 columns rendered as plain text; expected at most 1000 columns", line: 3, absent: "<table>"),
        GuardedInput(name: "1,000-column table over 100,000 short rows", markdown: { repeated("|a", 1_000) + "\n" + repeated("|-", 1_000) + "\n" + repeated("b\n", 100_000) },
                     warning: "tables with 100002000 cells rendered as plain text; expected at most 100000 cells in one note", line: 1, absent: "<table>"),
        // Footnotes: every reference adds a back-link to the definition.
        GuardedInput(name: "100,000 references to one footnote", markdown: { repeated("[^1]", 100_000) + "\n\n[^1]: x\n" },
                     warning: "100001 footnote markers `[^…]`; footnotes rendered as plain text; expected at most 10000", line: 1, absent: "footnote"),
        GuardedInput(name: "50,000 footnote definitions", markdown: { (0..<50_000).map { "[^\($0)]: x\n\n" }.joined() + "[^1]\n" },
                     warning: "50001 footnote markers `[^…]`; footnotes rendered as plain text; expected at most 10000", line: 1, absent: "footnote"),
        // `![` openers walked over at each link.
        GuardedInput(name: "![[]() repeated 50,000 times", markdown: { repeated("![[]()", 50_000) },
                     warning: "paragraph with 50000 `![` openers left open across links; its images rendered as text; expected each `![` closed by `](…)` before the next link",
                     line: 1, absent: "<img"),
        // Unclosed inline HTML markers scanned to the end of the paragraph.
        GuardedInput(name: "x <? repeated 60,000 times", markdown: { repeated("x <?", 60_000) },
                     warning: "60000 unclosed `<?`, `<![CDATA[` or `<!` markers rendered as text without scanning for their ends; expected each to be closed by `?>`, `]]>` or `>` in the same paragraph",
                     line: 1, absent: "raw HTML omitted"),
        GuardedInput(name: "x <![CDATA[ repeated 40,000 times", markdown: { repeated("x <![CDATA[", 40_000) },
                     warning: "40000 unclosed `<?`, `<![CDATA[` or `<!` markers rendered as text without scanning for their ends; expected each to be closed by `?>`, `]]>` or `>` in the same paragraph",
                     line: 1, absent: "raw HTML omitted"),
        GuardedInput(name: "x <!A repeated 50,000 times", markdown: { repeated("x <!A ", 50_000) },
                     warning: "50000 unclosed `<?`, `<![CDATA[` or `<!` markers rendered as text without scanning for their ends; expected each to be closed by `?>`, `]]>` or `>` in the same paragraph",
                     line: 1, absent: "raw HTML omitted"),
        // The autolink extension rescanning runs of address bytes.
        GuardedInput(name: "a@ repeated 150,000 times", markdown: { repeated("a@", 150_000) },
                     warning: "too many web or e-mail addresses run together for autolinking", line: 1, absent: "<a "),
        GuardedInput(name: "www.a_ repeated 50,000 times", markdown: { repeated("www.a_", 50_000) },
                     warning: "too many web or e-mail addresses run together for autolinking", line: 1, absent: "<a "),
        GuardedInput(name: "<http://a repeated 30,000 times", markdown: { repeated("<http://a", 30_000) },
                     warning: "too many web or e-mail addresses run together for autolinking", line: 1, absent: "<a "),
        GuardedInput(name: "URL followed by 100,000 closing parentheses", markdown: { "http://a.b/" + repeated(")", 100_000) },
                     warning: "too many web or e-mail addresses run together for autolinking", line: 1, absent: "<a "),
        GuardedInput(name: "a@b.co repeated on one 1 MB line", markdown: { repeated("a@b.co ", 150_000) },
                     warning: "too many web or e-mail addresses run together for autolinking", line: 1, absent: "<a "),
        // Megabytes of nothing but markers: linear, but seconds of cmark's time.
        GuardedInput(name: "5 MB of *a*", markdown: { repeated("*a* ", 1_250_000) },
                     warning: "note too large and dense to render as Markdown in good time",
                     line: nil, absent: "<em>"),
        GuardedInput(name: "5 MB of [", markdown: { repeated("[", 5_000_000) },
                     warning: "note too large and dense to render as Markdown in good time",
                     line: nil, absent: "<p>"),
        GuardedInput(name: "5 MB of nested list markers on one line", markdown: { repeated("- ", 2_500_000) + "a" },
                     warning: "note too large and dense to render as Markdown in good time",
                     line: nil, absent: "<ul>"),
    ]

    @Test("guarded input renders with a warning", arguments: guarded)
    func guardedInput(_ input: GuardedInput) throws {
        let rendered = renderer.render(input.markdown())
        let warning = try #require(rendered.warnings.first)
        #expect(rendered.warnings.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.path.isEmpty)
        #expect(warning.message.hasPrefix(input.warning), "\(warning.message)")
        #expect(warning.line == input.line)
        #expect(!rendered.html.contains(input.absent))
    }

    // MARK: - Shapes cmark-gfm handles in time by itself

    @Test("50,000 [ stay text")
    func openBrackets() {
        let rendered = renderer.render(Self.repeated("[", 50_000))
        let expected = "<p>" + Self.repeated("[", 50_000) + "</p>\n"
        #expect(rendered.html == expected ? true : false, "\(rendered.html.prefix(80))")
        #expect(rendered.warnings.isEmpty)
    }

    @Test("50,000 nested [ … ] stay text")
    func nestedBrackets() {
        let markdown = Self.repeated("[", 50_000) + "a" + Self.repeated("]", 50_000)
        let html = renderer.render(markdown).html
        #expect(html == "<p>" + markdown + "</p>\n" ? true : false, "\(html.prefix(80))")
    }

    @Test("50,000 `> ` nest 50,000 block quotes")
    func nestedQuotes() {
        let rendered = renderer.render(Self.repeated("> ", 50_000) + "a")
        #expect(Self.count("<blockquote>", in: rendered.html) == 50_000)
        #expect(rendered.html.contains("<p>a</p>"))
        #expect(rendered.warnings.isEmpty)
    }

    @Test("50,000 * or _ alone make a thematic break", arguments: ["*", "_"])
    func delimiterRuns(_ delimiter: String) {
        #expect(renderer.render(Self.repeated(delimiter, 50_000)).html == "<hr />\n")
    }

    @Test("50,000 * around a letter nest emphasis")
    func nestedEmphasis() {
        let rendered = renderer.render(Self.repeated("*", 50_000) + "a" + Self.repeated("*", 50_000))
        #expect(Self.count("<strong>", in: rendered.html) == 25_000)
        #expect(rendered.warnings.isEmpty)
    }

    @Test("`- ` 10,000 times on one line nests 10,000 lists")
    func nestedListOneLine() {
        let rendered = renderer.render(Self.repeated("- ", 10_000) + "a")
        #expect(Self.count("<ul>", in: rendered.html) == 10_000)
        #expect(rendered.warnings.isEmpty)
    }

    @Test("a list indented 1,000 levels deep")
    func nestedListIndented() {
        let markdown = (0..<1_000).map { Self.repeated("  ", $0) + "* a\n" }.joined()
        let rendered = renderer.render(markdown)
        #expect(Self.count("<ul>", in: rendered.html) == 1_000)
        #expect(rendered.warnings.isEmpty)
    }

    @Test("a 5 MB single line of text is one paragraph")
    func longLine() {
        let line = Self.repeated("word ", 1_000_000)
        let rendered = renderer.render(line)
        #expect(rendered.html == "<p>" + line.dropLast() + "</p>\n" ? true : false, "\(rendered.html.prefix(80))")
        #expect(rendered.warnings.isEmpty)
    }

    @Test("5 MB of a| cells without a delimiter row is one paragraph")
    func cellsWithoutTable() {
        let rendered = renderer.render(Self.repeated("a|", 2_500_000))
        #expect(rendered.html.prefix(7) == "<p>a|a|")
        #expect(rendered.warnings.isEmpty)
    }

    @Test("an ordinary table of 20,000 cells is rendered")
    func ordinaryTable() {
        let markdown = Self.repeated("| a ", 20) + "|\n" + Self.repeated("|---", 20) + "|\n" + Self.repeated(Self.repeated("| b ", 20) + "|\n", 998)
        let rendered = renderer.render(markdown)
        #expect(Self.count("<tr>", in: rendered.html) == 999)
        #expect(rendered.warnings.isEmpty)
    }

    @Test("10,000 addresses, one a line, are all linked")
    func addressesOnTheirOwnLines() {
        let rendered = renderer.render(Self.repeated("write to a@b.co or www.example.com today\n", 10_000))
        #expect(Self.count("<a href=", in: rendered.html) == 20_000)
        #expect(rendered.warnings.isEmpty)
    }

    @Test("only unclosed <? markers are escaped; a closed one is still raw HTML")
    func onlyUnclosedMarkersEscaped() {
        let rendered = renderer.render("Inline <?php echo 1; ?> stays raw.\n\n" + Self.repeated("x <?", 60_000))
        let closedKept = rendered.html.hasPrefix("<p>Inline <!-- raw HTML omitted --> stays raw.</p>\n")
        #expect(closedKept, "\(rendered.html.prefix(80))")
        #expect(Self.count("&lt;?", in: rendered.html) == 60_000)
        #expect(rendered.warnings.first?.line == 3)
    }

    @Test("preformatted fallback fences past the longest backtick run")
    func preformattedFallbackFence() {
        let markdown = "```\n" + Self.repeated("*a* ", 400_000) + "\n````` <b>"
        let html = renderer.render(markdown).html
        let fenced = html.hasPrefix("<pre><code>```\n*a* *a* ") && html.hasSuffix("*a* \n````` &lt;b&gt;\n</code></pre>\n")
        #expect(fenced, "\(html.prefix(40)) … \(html.suffix(40))")
    }

    // MARK: - Helpers

    static func repeated(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }
}
