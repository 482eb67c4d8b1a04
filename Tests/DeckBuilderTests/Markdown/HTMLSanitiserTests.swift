import Testing
@testable import DeckBuilder

@Suite("HTMLSanitiser")
struct HTMLSanitiserTests {
    let renderer = MarkdownRenderer(options: MarkdownOptions.default.union([.sanitisedHTML, .headingAnchors]))

    /// Renders `markdown` with links resolved as a site would: `pic.png` is a file of the content folder, nothing else is.
    func render(_ markdown: String) -> RenderedMarkdown {
        renderer.render(markdown) { url in
            url.url == "pic.png" ? "../files/pic.png" : nil
        }
    }

    // MARK: - What GitHub keeps

    @Test("inline tags GitHub keeps stay, however the tags fall among Markdown's inlines")
    func inlineTagsKept() {
        let html = render("2<sup>n+1</sup> − 1, O(log<sub>d</sub>N), <kbd>Ctrl</kbd>, <mark>*key*</mark>").html
        #expect(html == "<p>2<sup>n+1</sup> − 1, O(log<sub>d</sub>N), <kbd>Ctrl</kbd>, <mark><em>key</em></mark></p>\n")
    }

    @Test("line breaks in table cells, details with Markdown inside, and ruby are kept")
    func blocksKept() {
        let html = render("| a |\n|---|\n| one<br>two |\n\n<details open>\n<summary>Answer</summary>\n\nIt is **42**.\n\n</details>\n\n<ruby>漢<rt>かん</rt></ruby>\n").html
        #expect(html.contains("<td>one<br />two</td>"))
        #expect(html.contains("<details open=\"\">\n<summary>Answer</summary>"))
        #expect(html.contains("<p>It is <strong>42</strong>.</p>\n</details>"))
        #expect(html.contains("<ruby>漢<rt>かん</rt></ruby>"))
    }

    @Test("safe attributes stay; sizes must be sizes")
    func safeAttributesKept() {
        let html = render("<p align=\"center\"><img src=\"pic.png\" alt=\"A figure\" width=\"200\" height=\"1e9px;x\"></p>").html
        #expect(html == "<p align=\"center\"><img src=\"../files/pic.png\" alt=\"A figure\" width=\"200\" /></p>\n")
    }

    @Test("a raw heading is kept without taking a Markdown heading's anchor")
    func rawHeadingTakesNoAnchor() {
        let rendered = render("<h2>Raw</h2>\n\n## Real\n")
        #expect(rendered.html == "<h2 dir=\"auto\">Raw</h2>\n<h2 id=\"real\">Real</h2>\n")
    }

    @Test("what cmark-gfm writes itself survives the sanitiser: footnotes, task lists, code languages, alignment")
    func markdownOwnHTMLKept() {
        let html = render("Hi[^1] <sup>x</sup>\n\n- [x] done\n\n| a |\n|:-:|\n| 1 |\n\n```swift\nlet x = 1 < 2\n```\n\n[^1]: note\n").html
        #expect(html.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref=\"\">1</a></sup>"))
        #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" />"))
        #expect(html.contains("<th align=\"center\">a</th>"))
        #expect(html.contains("<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>"))
        #expect(html.contains("<section class=\"footnotes\" data-footnotes=\"\">"))
    }

    @Test("an unknown tag is left out and its text kept")
    func unknownTagLeavesText() {
        let rendered = render("A <custom-tag>word</custom-tag> here.")
        #expect(rendered.html == "<p>A word here.</p>\n")
        #expect(rendered.warnings.first?.message.contains("`<custom-tag>`") == true)
    }

    // MARK: - Images

    @Test("a raw image naming no file of the content folder shows its alt text", arguments: [
        "<img src=\"https://example.com/x.png\" alt=\"remote figure\">",
        "<img src=\"missing.png\" alt=\"remote figure\">",
        "<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"remote figure\">",
    ])
    func unresolvedImageShowsAlt(_ markdown: String) {
        let html = render(markdown).html
        #expect(!html.contains("<img"), "\(html)")
        #expect(html.contains("remote figure"))
    }

    // MARK: - Hostile HTML

    @Test("nothing that runs, loads or restyles the page survives", arguments: [
        "<script>alert(1)</script>",
        "Text <script>alert(2)</script> here.",
        "<img src=pic.png onerror=alert(1)>",
        "<div onclick=\"alert(1)\" style=\"position:fixed\">block</div>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"&#106;avascript:alert(1)\">x</a>",
        "<a href=\"java&#9;script:alert(1)\">x</a>",
        "<a href=\" \njavascript:alert(1)\">x</a>",
        "<a href=\"vbscript:msgbox\">x</a>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD4=\">x</a>",
        "<iframe src=\"https://example.com\"></iframe>",
        "<object data=\"x.swf\"></object><embed src=\"x.swf\">",
        "<form action=\"https://example.com\"><input name=q><button formaction=\"javascript:alert(1)\">go</button></form>",
        "<svg><script>alert(1)</script><a xlink:href=\"javascript:alert(1)\">x</a></svg>",
        "<svg onload=alert(1)>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
        "<style>body{display:none}</style>",
        "<details open ontoggle=alert(1)>x</details>",
        "<base href=\"https://example.com/\"><meta http-equiv=\"refresh\" content=\"0;url=https://example.com\">",
        "<link rel=stylesheet href=\"https://example.com/x.css\">",
        "<template><script>alert(1)</script></template>",
        "<div id=\"quiz\" class=\"deck-title\">clobber</div>",
        "<!-- a --><script>alert(1)</script><!-- b -->",
        "<textarea><img src=x onerror=alert(1)></textarea>",
        "<b class=\"deck-title\" id=\"quiz\" onclick=\"alert(1)\"><p>misnested</b> so the parser clones the b</p>",
        "<table><b id=\"x\" class=\"y\">fostered</b><tr><td>cell</td></tr></table>",
    ])
    func hostileLeftOut(_ markdown: String) throws {
        let html = render(markdown).html.lowercased()
        for pattern in [#"(href|src)="[\s\x00-\x20]*(javascript|vbscript|data):"#] {
            #expect(try Regex(pattern).firstMatch(in: html) == nil, "\(pattern) survived in \(html)")
        }
        // Text inside a quoted value is escaped and inert: what could act is outside the quotes.
        let tags = html.replacing(try Regex(#""[^"]*""#), with: "\"\"")
        for pattern in [#"\son\w+\s*="#, #"<script"#, #"<iframe"#, #"<object"#,
                        #"<embed"#, #"<form"#, #"<svg"#, #"<math"#, #"<style"#, #"style="#, #"<base"#, #"<meta"#, #"<link"#,
                        #"<template"#, #"\sid="#, #"\sclass="#, #"<input"#, #"<button"#, #"<textarea"#] {
            #expect(try Regex(pattern).firstMatch(in: tags) == nil, "\(pattern) survived in \(html)")
        }
    }

    @Test("a dangerous URL in a Markdown link is blanked, as in safe mode")
    func markdownDangerousURLBlanked() {
        let html = render("[x](javascript:alert(1)) <sup>1</sup>").html
        #expect(html == "<p><a href=\"\">x</a> <sup>1</sup></p>\n")
    }

    @Test("what is left out is reported once, naming the kinds and the first line")
    func warningNamesKinds() throws {
        let warnings = render("Intro\n\n<div style=\"x\">a</div>\n\n<script>alert(1)</script>\n").warnings
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.line == 3)
        #expect(warning.message.contains("`style=`") && warning.message.contains("`<script>`"))
    }

    @Test("a note nesting too deeply for the parser keeps to safe mode, with a warning")
    func deepNoteKeepsToSafeMode() {
        let rendered = render(String(repeating: "> ", count: 300) + "<sup>1</sup>\n")
        #expect(!rendered.html.contains("<sup>"))
        #expect(rendered.warnings.first?.message.contains("nests too deeply") == true)
    }

    @Test("thousands of nested raw tags are sanitised quickly")
    func nestedRawTagsStayFast() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = render(String(repeating: "<div>", count: 4_000) + "x\n\n" + String(repeating: "<b><i><u>", count: 1_000) + "y\n")
        }
        #expect(elapsed < .seconds(2))
    }
}
