import Testing
@testable import DeckBuilder

@Suite("MarkdownRenderer")
struct MarkdownRendererTests {
    let renderer = MarkdownRenderer()

    // MARK: - Safe mode

    @Test("script tags are omitted: a script block whole, inline tags leaving their text as text")
    func scriptOmitted() {
        let html = renderer.render("<script>alert(1)</script>\n\nText <script>alert(2)</script> here.").html
        #expect(html == "<!-- raw HTML omitted -->\n<p>Text <!-- raw HTML omitted -->alert(2)<!-- raw HTML omitted --> here.</p>\n")
    }

    @Test("raw HTML with an event handler is omitted", arguments: [
        "<img src=x onerror=alert(1)>",
        "Inline <img src=x onerror=alert(1)> image",
        "<div onclick=\"alert(1)\">block</div>",
    ])
    func eventHandlersOmitted(_ markdown: String) {
        let html = renderer.render(markdown).html
        #expect(!html.contains("onerror") && !html.contains("onclick"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
    }

    @Test("dangerous URLs are blanked", arguments: [
        "[x](javascript:alert(1))", "[x](JavaScript:alert(1))", "[x](vbscript:msgbox)", "[x](file:///etc/passwd)",
        "[x](data:text/html;base64,PHNjcmlwdD4=)", "![x](javascript:alert(1))",
    ])
    func dangerousURLsBlanked(_ markdown: String) {
        let html = renderer.render(markdown).html
        #expect(html.contains("href=\"\"") || html.contains("src=\"\""), "\(html)")
    }

    @Test("image data: URLs are kept")
    func imageDataURLKept() {
        let html = renderer.render("![dot](data:image/png;base64,iVBORw0KGgo=)").html
        #expect(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""))
    }

    @Test("unsafe mode keeps raw HTML; tagfilter still escapes <script>")
    func unsafeMode() {
        let unsafe = MarkdownRenderer(options: MarkdownOptions.default.union(.unsafe))
        #expect(unsafe.render("<b>bold</b>").html == "<p><b>bold</b></p>\n")
        #expect(unsafe.render("<script>x</script>").html.contains("&lt;script>"))
    }

    // MARK: - Headings

    @Test("the title heading is the plain text of the one top-level heading, never a sub-heading")
    func titleHeading() {
        let rendered = renderer.render("Intro text.\n\n## Photo*synthesis* and `ATP` in [plants](plants.md)\n\n# Later\n")
        #expect(rendered.titleHeading == "Later")
        #expect(renderer.render("## Background\n\ntext").titleHeading == nil)
        #expect(renderer.render("# Part one\n\n# Part two\n").titleHeading == nil)
        #expect(renderer.render("# *Cells*\n\n## Background\n").titleHeading == "Cells")
        #expect(rendered.headings == [
            .init(level: 2, text: "Photosynthesis and ATP in plants", line: 3),
            .init(level: 1, text: "Later", line: 5),
        ])
    }

    @Test("setext headings join their lines with spaces; entities are decoded")
    func setextHeading() {
        let rendered = renderer.render("Cells &amp;\nTissues\n=======\n")
        #expect(rendered.titleHeading == "Cells & Tissues")
        #expect(rendered.headings.first?.line == 1)
    }

    @Test("no heading, or only empty ones, gives no title heading")
    func noHeading() {
        #expect(renderer.render("Just a paragraph.").titleHeading == nil)
        #expect(renderer.render("#\n\ntext").titleHeading == nil)
    }

    // MARK: - URL rewriting

    @Test("links and images are offered for rewriting with kind and line")
    func rewriteOffersURLs() {
        var seen: [MarkdownURL] = []
        let html = renderer.render("See [cells](cells.md).\n\n> ![diagram](img/cell.png)\n> and [web](https://example.org)") { url in
            seen.append(url)
            switch url.url {
            case "cells.md": return "cells.html"
            case "img/cell.png": return ""
            default: return nil
            }
        }.html
        #expect(seen == [
            MarkdownURL(kind: .link, url: "cells.md", line: 1),
            MarkdownURL(kind: .image, url: "img/cell.png", line: 3),
            MarkdownURL(kind: .link, url: "https://example.org", line: 4),
        ])
        #expect(html.contains("<a href=\"cells.html\">cells</a>"))
        #expect(html.contains("<img src=\"\" alt=\"diagram\" />"))
        #expect(html.contains("<a href=\"https://example.org\">web</a>"))
    }

    @Test("rewritten URLs are still checked by safe mode")
    func rewrittenURLsStaySafe() {
        let html = renderer.render("[x](note.md)") { _ in "javascript:alert(1)" }.html
        #expect(html == "<p><a href=\"\">x</a></p>\n")
    }

    @Test("autolinks and reference links are rewritten too")
    func rewriteAutolinksAndReferences() {
        var seen: [String] = []
        _ = renderer.render("Visit www.example.com or [ref].\n\n[ref]: other.md") { url in
            seen.append(url.url)
            return nil
        }
        #expect(seen == ["http://www.example.com", "other.md"])
    }

    // MARK: - GFM extensions

    @Test("task lists render disabled checkboxes")
    func taskLists() {
        #expect(renderer.render("- [ ] todo\n- [x] done").html == """
            <ul>
            <li><input type="checkbox" disabled="" /> todo</li>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            </ul>

            """)
    }

    @Test("tables render with alignment")
    func tables() {
        let html = renderer.render("| a | b |\n|:--|--:|\n| 1 | 2 |").html
        #expect(html.contains("<table>"))
        #expect(html.contains("<th align=\"left\">a</th>"))
        #expect(html.contains("<td align=\"right\">2</td>"))
    }

    @Test("footnotes render as a numbered section with back-links")
    func footnotes() {
        let html = renderer.render("Claim[^src].\n\n[^src]: The source.").html
        #expect(html.contains("<sup class=\"footnote-ref\"><a href=\"#fn-src\" id=\"fnref-src\" data-footnote-ref>1</a></sup>"))
        #expect(html.contains("<section class=\"footnotes\" data-footnotes>"))
        #expect(html.contains("<li id=\"fn-src\">"))
        #expect(html.contains("class=\"footnote-backref\""))
    }

    @Test("footnotes can be turned off")
    func footnotesOff() {
        let plain = MarkdownRenderer(options: MarkdownOptions.default.subtracting(.footnotes))
        #expect(!plain.render("Claim[^1].\n\n[^1]: The source.").html.contains("footnote"))
    }

    @Test("strikethrough with one or two tildes")
    func strikethrough() {
        #expect(renderer.render("~~gone~~ and ~also~").html == "<p><del>gone</del> and <del>also</del></p>\n")
    }

    @Test("fenced code keeps class=\"language-x\"")
    func codeLanguageClass() {
        #expect(renderer.render("```swift\nlet x = 1\n```").html == "<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n")
    }

    @Test("an empty document renders to nothing")
    func emptyDocument() {
        let rendered = renderer.render("")
        #expect(rendered == RenderedMarkdown(html: ""))
    }

    // MARK: - What deckgen adds

    @Test("with .headingAnchors, headings get GitHub-style ids, repeats numbered")
    func headingAnchors() {
        let rendered = MarkdownRenderer(options: .site).render("# Two Stages!\n\n## Two stages\n\n### 光合作用 `x`\n\n#\n\n```\n<h2>\n```")
        #expect(rendered.html == """
            <h1 id="two-stages">Two Stages!</h1>
            <h2 id="two-stages-1">Two stages</h2>
            <h3 id="光合作用-x">光合作用 <code>x</code></h3>
            <h1 id="section"></h1>
            <pre><code>&lt;h2&gt;
            </code></pre>

            """)
        #expect(rendered.headings.map(\.anchor) == ["two-stages", "two-stages-1", "光合作用-x", "section"])
    }

    @Test("raw HTML left out by safe mode is reported once, at its first line")
    func rawHTMLWarning() throws {
        let rendered = renderer.render("text\n\n<details>\n<summary>More</summary>\n</details>\n\nand <sup>1</sup>")
        let warning = try #require(rendered.warnings.first)
        #expect(rendered.warnings.count == 1)
        #expect(warning.line == 3)
        #expect(warning.message.contains("`<details>`"))
        #expect(warning.message.contains("and 2 more places"))
        #expect(MarkdownRenderer(options: MarkdownOptions.default.union(.unsafe)).render("<b>x</b>").warnings.isEmpty)
    }

    @Test("<br> becomes a hard break; a spacing <br> and comments are left out without a warning")
    func lineBreakTags() {
        let rendered = renderer.render("one<br>two</br>three<BR />four")
        #expect(rendered.html == "<p>one<br />\ntwo<br />\nthree<br />\nfour</p>\n")
        #expect(rendered.warnings.isEmpty)
        #expect(renderer.render("a\n\n</br>\n\nb").warnings.isEmpty)
        #expect(renderer.render("a\n\n<!-- draft -->\n\nb <!-- note -->").warnings.isEmpty)
    }

    // MARK: - Concurrency

    @Test("concurrent renders give identical output, with and without autolinks or strikethrough")
    func concurrentRenders() async {
        // Strikethrough, autolinks and table rows on every line, so that parses overlap in what each depends on.
        // `a~*.b*` is emphasis only when `~` is not strikethrough's: cmark-gfm looks past that extension's
        // characters when it decides whether `*` can open.
        let line = "~~old~~ www.example.com | see a@b.co, *w~x*~ and ~_y_ https://x.org/~a a~*.b*\n"
        let markdown = String(repeating: line, count: 40) + "\n| a | b |\n|---|---|\n"
            + String(repeating: "| ~~x~~ www.a.org | https://x.org *a*~ |\n", count: 40)
        let renderers = [MarkdownRenderer(), MarkdownRenderer(options: MarkdownOptions.default.subtracting(.autolinks)),
                         MarkdownRenderer(options: MarkdownOptions.default.subtracting(.strikethrough))]
        let expected = renderers.map { $0.render(markdown).html }
        #expect(expected[0].contains("<del>old</del>") && expected[0].contains("<a href=\"http://www.example.com\">"))
        #expect(!expected[1].contains("<a href=\"http://www.example.com\">"))
        #expect(!expected[2].contains("<del>") && expected[2].contains("a~<em>.b</em>") && !expected[0].contains("<em>.b</em>"))
        let outputs = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<600 {
                group.addTask { (index, renderers[index % 3].render(markdown).html) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.allSatisfy { $0.1 == expected[$0.0 % 3] })
    }
}
