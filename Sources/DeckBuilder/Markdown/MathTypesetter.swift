import Foundation

/// Puts the formulas `MathSpans` took out of a note back into its rendered HTML as MathML, and into its outline and
/// headings as TeX between dollars (the question generators leave text holding TeX alone).
enum MathTypesetter {
    /// Typesets `spans`' formulas into `rendered`, and ```` ```math ```` blocks too; a formula KaTeX cannot read is
    /// shown as its source, marked, with a warning naming its line.
    static func apply(_ spans: MathSpans?, to rendered: inout RenderedMarkdown) {
        let formulas = spans?.formulas ?? []
        let hasMathBlocks = rendered.html.contains(mathBlockOpening)
        guard !formulas.isEmpty || hasMathBlocks else { return }
        if let engine = KaTeX.shared {
            let typeset = formulas.map { formula in
                switch engine.mathML(formula.tex, display: formula.display) {
                case .success(let mathML):
                    return mathML
                case .failure(let failure):
                    rendered.warnings.append(.warning("formula not typeset: \(failure.message); expected TeX that KaTeX can read (shown as its source)",
                                                      line: formula.line))
                    return sourceMarkup(formula.tex, display: formula.display, reason: failure.message)
                }
            }
            rendered.html = substitute(formulas, in: rendered.html) { typeset[$0] }
            if hasMathBlocks { rendered.html = mathBlocks(in: rendered.html, engine: engine, warnings: &rendered.warnings) }
        } else {
            if let warning = missingEngineWarning() { rendered.warnings.append(warning) }
            rendered.html = substitute(formulas, in: rendered.html) { index in
                sourceMarkup(formulas[index].tex, display: formulas[index].display, reason: nil)
            }
        }
        rendered.outline = outline(rendered.outline, formulas: formulas)
        let heldFormula = rendered.headings.contains { $0.text.contains(MathSpans.open) }
        rendered.headings = headings(rendered.headings, formulas: formulas)
        if heldFormula { reanchoring(&rendered) }
    }

    // MARK: - HTML

    /// `html` with each placeholder replaced: by `markup` of the formula's index in text, by the escaped TeX inside a
    /// tag (an image's `alt`).
    static func substitute(_ formulas: [MathSpans.Formula], in html: String, markup: (Int) -> String) -> String {
        guard !formulas.isEmpty else { return html }
        var result = "", insideTag = false
        var characters = html[...]
        while let character = characters.popFirst() {
            if character == MathSpans.open, let close = characters.firstIndex(of: MathSpans.close),
               let index = Int(characters[..<close]), formulas.indices.contains(index) {
                let formula = formulas[index]
                result += insideTag ? HTML.escape(dollars(formula)) : markup(index)
                characters = characters[characters.index(after: close)...]
                continue
            }
            if character == "<" { insideTag = true } else if character == ">" { insideTag = false }
            result.append(character)
        }
        return result
    }

    /// A formula that could not be typeset: its source, in a code element a reader can copy.
    static func sourceMarkup(_ tex: String, display: Bool, reason: String?) -> String {
        let title = reason.map { " title=\"\(HTML.escape($0))\"" } ?? ""
        let code = "<code class=\"math-source\"\(title)>\(HTML.escape(display ? "$$\(tex)$$" : "$\(tex)$"))</code>"
        return display ? "<span class=\"math-display\">\(code)</span>" : code
    }

    static let mathBlockOpening = "<pre><code class=\"language-math\">"

    /// ```` ```math ```` blocks, which cmark-gfm renders as code, typeset as display formulas.
    static func mathBlocks(in html: String, engine: KaTeX.Pool, warnings: inout [Diagnostic]) -> String {
        var result = "", rest = html[...]
        while let open = rest.range(of: mathBlockOpening), let close = rest[open.upperBound...].range(of: "</code></pre>") {
            result += rest[..<open.lowerBound]
            let tex = codeText(String(rest[open.upperBound..<close.lowerBound])).trimmingWhitespace
            switch engine.mathML(tex, display: true) {
            case .success(let mathML):
                result += mathML
            case .failure(let failure):
                result += rest[open.lowerBound..<close.upperBound]
                warnings.append(.warning("math block not typeset: \(failure.message); expected TeX that KaTeX can read (shown as its source)"))
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The text of a code block as cmark-gfm escaped it.
    static func codeText(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    // MARK: - Text

    static func dollars(_ formula: MathSpans.Formula) -> String {
        formula.display ? "$$\(formula.tex)$$" : "$\(formula.tex)$"
    }

    /// `text` with placeholders replaced by the formulas' TeX between dollars.
    static func plain(_ text: String, formulas: [MathSpans.Formula]) -> String {
        guard text.contains(MathSpans.open) else { return text }
        return substitute(formulas, in: text) { dollars(formulas[$0]) }
    }

    static func outline(_ outline: NoteOutline, formulas: [MathSpans.Formula]) -> NoteOutline {
        guard !formulas.isEmpty else { return outline }
        let text = { (value: OutlineText) in
            OutlineText(text: plain(value.text, formulas: formulas), leadingStrong: value.leadingStrong.map { plain($0, formulas: formulas) },
                        strong: value.strong.map { plain($0, formulas: formulas) })
        }
        return NoteOutline(entries: outline.entries.map { entry in
            var entry = entry
            entry.headings = entry.headings.map { plain($0, formulas: formulas) }
            switch entry.block {
            case .heading(let level, let value): entry.block = .heading(level: level, text: text(value))
            case .paragraph(let value): entry.block = .paragraph(text(value))
            case .listItem(let value, let depth): entry.block = .listItem(text(value), depth: depth)
            case .table(let header, let rows):
                entry.block = .table(header: header.map { plain($0, formulas: formulas) }, rows: rows.map { $0.map { plain($0, formulas: formulas) } })
            }
            return entry
        })
    }

    static func headings(_ headings: [RenderedMarkdown.Heading], formulas: [MathSpans.Formula]) -> [RenderedMarkdown.Heading] {
        headings.map { heading in
            var heading = heading
            heading.text = plain(heading.text, formulas: formulas)
            return heading
        }
    }

    /// Headings holding a formula get their ids again from their TeX, as GitHub makes them (`## Area $x^2$` →
    /// `#area-x2`), rather than from the placeholder cmark-gfm saw; the page's `id` attributes follow.
    static func reanchoring(_ rendered: inout RenderedMarkdown) {
        guard rendered.headings.contains(where: { !$0.anchor.isEmpty }) else { return }
        let before = rendered.headings
        HeadingAnchors.assign(to: &rendered.headings)
        for (old, new) in zip(before, rendered.headings) where !old.anchor.isEmpty && old.anchor != new.anchor {
            if let range = rendered.html.range(of: "id=\"\(old.anchor)\"") {
                rendered.html.replaceSubrange(range, with: "id=\"\(new.anchor)\"")
            }
        }
    }

    // MARK: - No engine

    private static let warnedLock = NSLock()
    nonisolated(unsafe) private static var warned = false

    /// The warning that KaTeX is missing, given once a process.
    private static func missingEngineWarning() -> Diagnostic? {
        warnedLock.lock()
        defer { warnedLock.unlock() }
        guard !warned else { return nil }
        warned = true
        return .warning("maths is shown as TeX source: KaTeX could not be loaded from \(KaTeX.scriptPath); expected the libjs-katex package (scripts/install-deps.sh installs it)")
    }
}
