/// Renders one note: Markdown to safe HTML, its links resolved, its title settled.
struct DeckRenderer: Sendable {
    let markdown: MarkdownRenderer
    let links: LinkResolver
    let defaultLang: String

    func render(_ note: Note) -> (RenderedDeck, [Diagnostic]) {
        var diagnostics = [Diagnostic]()
        var assets = [String]()
        var resolved = [(reference: LinkResolver.Reference, resolution: LinkResolver.Resolution)]()
        let fileLine = { (bodyLine: Int?) in bodyLine.map { $0 + note.bodyFirstLine - 1 } }
        let rendered = markdown.render(note.body) { written in
            let reference = LinkResolver.Reference(url: written.url, image: written.kind == .image, line: fileLine(written.line))
            let resolution = links.resolve(reference.url, isImage: reference.image, notePath: note.path, line: reference.line)
            // Only links that name content can resolve differently while the note stays the same.
            if LinkResolver.readsContent(reference.url) { resolved.append((reference, resolution)) }
            switch resolution {
            case .keep:
                return nil
            case .replace(let url, let asset):
                if let asset { assets.append(asset) }
                return url
            case .warn(let warning):
                diagnostics.append(warning)
                return nil
            case .refuse(let warning):
                diagnostics.append(warning)
                return ""
            }
        }
        for warning in rendered.warnings {
            var located = warning.located(in: note.path)
            located.line = fileLine(warning.line)
            diagnostics.append(located)
        }
        // Link warnings come during the walk and guard warnings before it: show them in file order.
        diagnostics.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        let title = note.frontMatter.title ?? rendered.titleHeading ?? note.fileTitle
        // A note that opens with its title as `# Heading` shows it once, in the page's own title slot,
        // so every deck page has the same layout (title above tags).
        var html = rendered.html
        if Self.opensWithHeading(note.body, rendered.headings.first, text: title), html.hasPrefix("<h1"),
           let end = StudyText.range(of: "</h1>\n", in: html) {
            html.removeSubrange(html.startIndex..<end.upperBound)
        }
        var deck = RenderedDeck(
            slug: note.slug, sourcePath: note.path, title: title,
            lang: GeneratorLanguage.pageLanguage(noteLang: note.frontMatter.lang, siteLang: defaultLang, text: note.body),
            tags: note.frontMatter.tags,
            section: note.folder, order: note.frontMatter.order, html: html, assets: assets,
            outline: rendered.outline, quizBlocks: rendered.quizBlocks)
        deck.linkReferences = resolved.map(\.reference)
        deck.linkDigest = LinkResolver.digest(of: resolved)
        return (deck, diagnostics)
    }

    /// True when the body's first line of text is a level-1 heading reading `text`.
    private static func opensWithHeading(_ body: String, _ heading: RenderedMarkdown.Heading?, text: String) -> Bool {
        guard let heading, heading.level == 1, heading.text == text else { return false }
        var line = 1
        for character in body.utf8 {
            if character == UInt8(ascii: "\n") { line += 1 } else if character != UInt8(ascii: " ") && character != UInt8(ascii: "\t") { break }
        }
        return heading.line == line
    }
}
