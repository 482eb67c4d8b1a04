import Testing
@testable import DeckBuilder

/// Maths as GitHub writes it becomes MathML at build time, through Debian's KaTeX in Duktape.
@Suite("Maths")
struct MathTests {
    func render(_ markdown: String) -> RenderedMarkdown {
        MarkdownRenderer(options: .site).render(markdown)
    }

    @Test("KaTeX is installed here, as scripts/install-deps.sh makes sure")
    func engine() {
        #expect(KaTeX.shared != nil)
    }

    @Test("inline and display formulas become MathML; Markdown never touches the TeX")
    func typeset() throws {
        let html = render("Inline $a_1 * b_2 = \\frac{x}{y}$ here.\n\n$$\n\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}\n$$\n").html
        #expect(html.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><msub><mi>a</mi>"))
        #expect(!html.contains("<em>"))
        #expect(html.contains("display=\"block\""))
        #expect(html.contains("<mtable"))
        #expect(!html.contains("$"))
    }

    @Test("money, escaped dollars and code stay as written", arguments: [
        ("It costs $5 and $10.", "$5 and $10"),
        ("From $5-$10 a day.", "$5-$10"),
        ("Between $ 3 and 4 $ here.", "$ 3 and 4 $"),
        ("Escaped \\$x\\$ stays.", "$x$"),
        ("Code `$x$` stays.", "<code>$x$</code>"),
        ("A lone $ sign.", "A lone $ sign."),
    ])
    func notMaths(markdown: String, kept: String) {
        let html = render(markdown).html
        #expect(html.contains(kept))
        #expect(!html.contains("<math"))
    }

    @Test("a formula may open on a digit (`$1 < a < 3$`, `$2^N$`), as pandoc and GitHub read it")
    func digitOpening() {
        let html = render("The range $1 < a < 3$ and $2^N$ states.").html
        #expect(html.components(separatedBy: "<math").count == 3)
        // Plain TeX closes even after a space or before a digit: `$\lambda $`, a reward of `$-$1`.
        #expect(render("An eigenvalue $\\lambda $ and a reward of $-$1.").html.components(separatedBy: "<math").count == 3)
    }

    @Test("a ```math block is a display formula")
    func mathBlock() {
        let html = render("```math\nE = mc^2\n```\n").html
        #expect(html.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(!html.contains("language-math"))
    }

    @Test("a formula that does not parse is shown as its source, marked, with a warning naming its line")
    func broken() throws {
        let rendered = render("Line one.\n\nBad: $\\frac{1}{$ here.\n")
        #expect(rendered.html.contains("<code class=\"math-source\""))
        #expect(rendered.html.contains("$\\frac{1}{$"))
        let warning = try #require(rendered.warnings.first)
        #expect(warning.line == 3)
        #expect(warning.message.contains("expected TeX"))
    }

    @Test("commands that carry links or HTML are refused", arguments: [
        "\\href{javascript:alert(1)}{x}", "\\url{https://example.org}", "\\htmlId{a}{x}", "\\includegraphics{a.png}",
    ])
    func refused(tex: String) {
        let rendered = render("Evil $\(tex)$ here.\n")
        #expect(!rendered.html.contains("<math"))
        #expect(!rendered.html.contains("href=") && !rendered.html.contains("<a "))
        #expect(rendered.warnings.contains { $0.message.contains("refused") })
    }

    @Test("a formula inside an attribute stays text; the outline keeps TeX between dollars; later lines keep their numbers")
    func placesAndLines() throws {
        let rendered = render("![area $x^2$](a.png)\n\n$$\nx\n\ny\n$$\n\n**Term**: a word $y$ here\n")
        #expect(rendered.html.contains("alt=\"area $x^2$\""))
        let entry = try #require(rendered.outline.entries.last)
        #expect(entry.line == 9)
        guard case .paragraph(let text) = entry.block else { Issue.record("expected a paragraph"); return }
        #expect(text.text.contains("$y$"))
    }

    @Test("a heading holding a formula gets its id from the TeX, as on GitHub")
    func headingAnchor() throws {
        let rendered = render("## Area $x^2$ of squares\n")
        #expect(rendered.html.contains("<h2 id=\"area-x2-of-squares\">"))
        #expect(rendered.headings.first?.text == "Area $x^2$ of squares")
    }

    @Test("the GFM spec's options leave dollars alone")
    func specOptions() {
        #expect(!MarkdownRenderer(options: .default).render("$x$").html.contains("<math"))
    }
}
