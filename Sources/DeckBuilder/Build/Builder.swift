import Foundation

/// Runs the pipeline: settings and templates → content → rendered notes → pages → the site swapped in.
public struct Builder: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds the site; `progress` hears of each step as it starts. Never throws: problems are in the summary.
    public func build(progress: (BuildStep) -> Void = { _ in }) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var summary = BuildSummary()
        do throws(Diagnostic) {
            try run(into: &summary, progress: progress)
        } catch {
            summary.diagnostics.append(error)
        }
        let elapsed = clock.now - start
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    private func run(into summary: inout BuildSummary, progress: (BuildStep) -> Void) throws(Diagnostic) {
        MarkdownRenderer.registerExtensions()
        try checkFolders()

        progress(.readSettings)
        let (settings, settingsDiagnostics) = SiteSettings.load(from: options.content)
        summary.diagnostics += settingsDiagnostics
        let pages = PageRenderer(templates: try TemplateSet(contentTemplates: options.content.appendingPathComponent("templates"),
                                                            explicitTemplates: options.templates),
                                 settings: settings)

        progress(.readContent)
        var walker = ContentWalker(root: options.content)
        if let site = RealPath.of(options.site.path) { walker.excludedPaths.insert(site) }
        let (files, walkWarnings) = try walker.files()
        summary.diagnostics += walkWarnings
        let noteFiles = files.filter { $0.kind == .note }
        if noteFiles.isEmpty {
            summary.diagnostics.append(.warning("no notes found; expected Markdown files (.md) in the content folder",
                                                path: options.content.path))
        }
        let slugs = Slug.unique(forPaths: noteFiles.map(\.path))
        summary.diagnostics += Slug.collisions(in: slugs)
        var notes = [Note]()
        for file in noteFiles {
            let (note, diagnostics) = NoteLoader().load(file, slug: slugs[file.path] ?? Slug.make(fromPath: file.path))
            summary.diagnostics += diagnostics
            if let note { notes.append(note) }
        }

        progress(.renderNotes)
        let renderer = DeckRenderer(
            markdown: MarkdownRenderer(options: .site),
            links: LinkResolver(files: Set(files.map(\.path)), slugs: Dictionary(uniqueKeysWithValues: notes.map { ($0.path, $0.slug) })),
            defaultLang: settings.lang)
        var decks = [RenderedDeck]()
        for note in notes {
            let (deck, diagnostics) = renderer.render(note)
            summary.diagnostics += diagnostics
            decks.append(deck)
        }

        guard summary.errorCount == 0 else { return }
        progress(.writeSite)
        let writer = try SiteWriter(site: options.site)
        do throws(Diagnostic) {
            for deck in decks {
                try writer.write(pages.deckPage(deck), to: "decks/\(deck.slug).html")
            }
            try writer.write(pages.indexPage(IndexSection.grouping(decks)), to: "index.html")
            let assets = Set(decks.flatMap(\.assets)).sorted()
            for path in assets {
                try writer.copy(options.content.appendingPathComponent(path), to: "files/" + path)
            }
            try writer.commit()
            summary.pages = decks.count + 1
            summary.decks = decks.count
            summary.files = assets.count
            summary.siteWritten = true
        } catch {
            writer.discard()
            throw error
        }
    }

    /// The content folder must exist, and the site may not be it, hold it, or be deckgen's own data.
    private func checkFolders() throws(Diagnostic) {
        var isFolder: ObjCBool = false
        guard let content = RealPath.of(options.content.path),
              FileManager.default.fileExists(atPath: content, isDirectory: &isFolder) else {
            throw .error("content folder not found; expected a folder of Markdown notes", path: options.content.path)
        }
        guard isFolder.boolValue else {
            throw .error("is a file; expected the folder that holds your notes (deckgen build FOLDER)", path: options.content.path)
        }
        let site = RealPath.of(options.site.path) ?? options.site.path
        if site == content || content.hasPrefix(site + "/") {
            throw .error("the site folder would replace the content folder; expected a separate folder such as -o site", path: options.site.path)
        }
        if site.hasPrefix(content + "/.deckgen") || site.hasPrefix(content + "/templates") {
            throw .error("the site folder lies inside deckgen's own data; expected a folder elsewhere", path: options.site.path)
        }
    }
}
