import Foundation

/// Runs the pipeline: settings and templates → content → rendered notes → questions → the site swapped in
/// (or, for `check`, nothing written; for `export`, a JSON or Anki file of the questions).
public struct Builder: Sendable {
    public let options: BuildOptions
    /// Writes the questions notes do not carry themselves, when no model is used or a model gave none.
    public var generator: any QuestionGenerator = OfflineGenerator()
    /// Hears how far the requests to a model have got.
    public var llmProgress: @Sendable (LLMProgress) -> Void = { _ in }
    /// What `serve` keeps from one build for the next; none for `deckgen build`, which reads everything from disk.
    public var memory: BuildMemory?

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds the site; `progress` hears of each step as it starts. Never throws: problems are in the summary.
    public func build(progress: (BuildStep) -> Void = { _ in }) -> BuildSummary {
        // A dry run reads as `check` does, writing nothing, and stops once it knows what the model would be asked.
        if options.llm.dryRun {
            return timed { (summary: inout BuildSummary) throws(Diagnostic) in
                _ = try collect(mode: .check, into: &summary, progress: progress)
            }
        }
        return timed { (summary: inout BuildSummary) throws(Diagnostic) in
            let start = Date()
            let previous = SiteManifest.read(site: options.site)
            let before = previous == nil ? nil : InputFingerprint.inputs(options, known: memory?.unchangedDigests() ?? [:])
            // The digests of the files as they were when the build began, each hashed from its bytes (or unchanged
            // since it was): the ones after the build record some files as the build used them, not as they are.
            if let memory, let before {
                let root = options.content.standardizedFileURL.path
                memory.remember(digests: Dictionary(uniqueKeysWithValues: before.files.map { (root + "/" + $0.key, $0.value) }),
                                buildStart: start)
            }
            // Nothing changed since a build that left nothing to do: the site is already what this build would make.
            if let previous, previous.complete, previous.inputs == before?.digest, previous.pagesExist(in: options.site) {
                SiteWriter.removeAbandonedStaging(of: options.site)
                summary = previous.summary
                return
            }
            // After a build that left nothing to do, a deck whose inputs are unchanged keeps its page. The last
            // build's records are read while the notes are.
            let site = options.site, memory = memory
            let kept = previous?.complete == true ? before.map { inputs in
                BackgroundValue {
                    (memory?.records(site: site) ?? DeckRecords.read(site: site)).flatMap { records in
                        records.version == DeckRecords.currentVersion ? KeptDecks(records: records, inputs: inputs, site: site) : nil
                    }
                }
            } : nil
            // A built site holds a million small objects: they are freed on another thread, where freeing them
            // took a tenth of a second per thousand notes on the build's critical path.
            let collected = HandOff(try collect(mode: .build, keeping: kept, into: &summary, progress: progress))
            defer { collected.releaseInBackground() }
            guard summary.errorCount == 0 else { return }
            progress(.writeSite)
            // The inputs are fingerprinted while pages are written: no page needs them.
            let builder = self
            // The site is taken into the closure here: a write that fails early releases `collected` while the
            // fingerprint is still being taken.
            let finished = BackgroundValue { [site = collected.value] in builder.finishInputs(of: site) }
            try SiteOutput(site: collected.value, content: options.content, previous: previous)
                .write(to: options.site, summary: &summary, finished: finished)
            memory?.siteWritten(site: options.site)
        }
    }

    /// Reads everything a build reads and validates every question and the store, writing nothing.
    public func check() -> BuildSummary {
        timed { (summary: inout BuildSummary) throws(Diagnostic) in
            let site = try collect(mode: .check, into: &summary, progress: { _ in })
            summary.decks = site.decks.count
            summary.questions = site.questionCount
        }
    }

    /// Makes the questions as a build does and writes them to `file` as JSON instead of a site.
    public func exportJSON(to file: URL) -> BuildSummary {
        export { site throws(Diagnostic) in try QuestionExport(decks: site.decks).write(to: file) }
    }

    /// Makes the questions as a build does and writes them to `file` as an Anki import file instead of a site.
    public func exportAnki(to file: URL) -> BuildSummary {
        export { site throws(Diagnostic) in
            try AnkiExport(decks: site.decks, siteTitle: site.pages.settings.title).write(to: file)
        }
    }

    /// Collects the site as a build does and hands it to `write` when nothing is wrong, counting what it holds.
    private func export(using write: (CollectedSite) throws(Diagnostic) -> Void) -> BuildSummary {
        timed { (summary: inout BuildSummary) throws(Diagnostic) in
            let site = try collect(mode: .export, into: &summary, progress: { _ in })
            guard summary.errorCount == 0 else { return }
            try write(site)
            summary.decks = site.decks.count
            summary.questions = site.questionCount
        }
    }

    private func timed(_ body: (inout BuildSummary) throws(Diagnostic) -> Void) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var summary = BuildSummary()
        do throws(Diagnostic) {
            try body(&summary)
        } catch {
            summary.diagnostics.append(error)
        }
        let elapsed = clock.now - start
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// Everything before output: settings, templates, notes rendered, questions gathered.
    private func collect(mode: DeckQuestions.Mode, keeping: BackgroundValue<KeptDecks?>? = nil,
                         into summary: inout BuildSummary, progress: (BuildStep) -> Void) throws(Diagnostic) -> CollectedSite {
        MarkdownRenderer.registerExtensions()
        try checkFolders()

        progress(.readSettings)
        let (settings, settingsDiagnostics) = SiteSettings.load(from: options.content)
        summary.diagnostics += settingsDiagnostics
        let pages = PageRenderer(templates: try TemplateSet(contentFolder: options.content, explicitTemplates: options.templates,
                                                            warnings: &summary.diagnostics),
                                 settings: settings)

        progress(.readContent)
        let (files, notes) = try readNotes(settings: settings, writesCache: mode != .check, into: &summary)
        let (reports, diaryDiagnostics) = DiaryReports(settings: settings.diary, strict: options.strictDiaries).collect(files)
        summary.diagnostics += diaryDiagnostics
        if !files.contains(where: { Self.makesDeck($0.kind) }) && reports.isEmpty {
            summary.diagnostics.append(.warning("no notes found; expected Markdown files (.md) in the content folder",
                                                path: options.content.path))
        }

        progress(.renderNotes)
        // deckgen's own folder (the question store, the OCR cache) is not content a note can link to.
        let links = LinkResolver(files: Set(files.map(\.path).filter { !$0.hasPrefix(".deckgen/") }),
                                 // A link to a scanned image is to the image, not to the deck read from it.
                                 // Paths and slugs taken straight from the notes: filtering the notes copied each of them.
                                 slugs: Dictionary(notes.compactMap { note in
                                     [.scanImage, .scanPDF, .scanPages].contains(SourceFile.kind(ofPath: note.path)) ? nil : (note.path, note.slug)
                                 }, uniquingKeysWith: { first, _ in first }))
        let renderer = DeckRenderer(markdown: MarkdownRenderer(options: .site), links: links, defaultLang: settings.lang)
        // A deck kept from the last build is not rendered again; its warnings are reported again.
        // The digest of every file and slug is worked out beside the rendering: only kept decks need it before the end.
        let universe = BackgroundValue { links.universe }, kept = keeping?.value
        var decks = ParallelWork.map(notes) { note -> RenderedDeck in
            if SourceFile.kind(ofPath: note.path) == .note, let deck = kept?.deck(for: note, links: links, universe: universe.value) {
                return deck
            }
            let rendered = renderer.render(note)
            var deck = rendered.0
            deck.renderDiagnostics = rendered.1
            return deck
        }
        summary.diagnostics += decks.flatMap(\.renderDiagnostics)

        progress(.makeQuestions)
        var questions = DeckQuestions(store: QuestionStore(contentFolder: options.content), generator: generator, mode: mode)
        let llm = options.llm.applied(to: settings.llm, warnings: &summary.diagnostics)
        try askModel(settings: llm, decks: decks, notes: notes,
                     questions: &questions, summary: &summary)
        if options.llm.dryRun { return CollectedSite(pages: pages, decks: decks, reports: reports) }

        // The generator's entries are put in place together once every deck has its questions. The offline
        // generator's are not synced to disk first: they are made again from the notes when a crash loses them,
        // and for 5,000 notes the sync was 3% of a clean build on ext4. A model's answers cost money and time, so
        // they are synced, each as it comes (`AtomicFile`).
        let staging = mode == .build ? StagedFiles(syncs: !generator.identity.isOffline) : nil
        questions.staging = staging
        let questionSource = questions, madeDecks = decks
        let made = ParallelWork.map(Array(decks.indices), batch: 32) { index -> ([Question], [Diagnostic], DeckStudy?, Bool) in
            // Fields read in place: a copy of the whole deck retained and released every one of its parts.
            if madeDecks[index].isKept {
                return ([], madeDecks[index].questionDiagnostics, madeDecks[index].study, false)
            }
            let gathered = questionSource.questions(for: madeDecks[index], note: notes[index])
            var deck = madeDecks[index]
            deck.questions = gathered.questions
            return (gathered.questions, gathered.diagnostics, DeckStudy(deck), gathered.isHeldBackByModel)
        }
        for index in decks.indices {
            decks[index].questions = made[index].0
            decks[index].questionDiagnostics = made[index].1
            decks[index].study = made[index].2
            decks[index].isHeldBackByModel = made[index].3
            summary.diagnostics += made[index].1
        }
        // A note held back by a model's failure is looked at again by the next build, which asks once the wait is over.
        if decks.contains(where: \.isHeldBackByModel) { summary.complete = false }
        // The store is in place before any page is written: a site that fails to be written loses no question.
        let written: [String: String]
        do throws(StagedFiles.Failure) {
            written = try staging?.commit() ?? [:]
        } catch {
            throw QuestionStore.writeError(error.message, path: ".deckgen/questions")
        }
        // The notes' digests by path, not the notes: their texts are not kept while pages are written.
        let noteDigests = notes.compactMap { note in note.fileDigest.map { (path: note.path, digest: $0) } }
        return CollectedSite(pages: pages, decks: decks, reports: reports, linkUniverse: universe.value,
                             readDigests: .init(notes: noteDigests, written: written, kept: kept))
    }

    /// The fingerprint the manifest records and the deck records the next build keeps decks by. Taken again after
    /// making questions, which may have written the store; files the build read or wrote are not read again.
    private func finishInputs(of site: CollectedSite) -> SiteOutput.Inputs {
        let known = fileDigests(site.readDigests, decks: site.decks)
            .merging(memory?.unchangedDigests() ?? [:]) { read, _ in read }
        guard let after = InputFingerprint.inputs(options, known: known) else {
            return SiteOutput.Inputs(digest: "", records: DeckRecords().json)
        }
        let records = DeckRecords(site.decks, inputs: after, universe: site.linkUniverse)
        memory?.willWrite(records)
        return SiteOutput.Inputs(digest: after.digest, records: records.json)
    }

    /// The digests of the files this build read as notes, kept decks on, and wrote to the store, by their
    /// standardized paths: the fingerprint after the build takes them instead of reading those files again. A file
    /// changed during the build is recorded as the build used it, so the next build sees the change.
    private func fileDigests(_ read: CollectedSite.ReadDigests, decks: [RenderedDeck]) -> [String: String] {
        let root = options.content.standardizedFileURL.path
        var digests = [String: String](minimumCapacity: read.notes.count + read.written.count)
        for (path, digest) in read.kept?.storeDigests(of: decks) ?? [:] {
            digests[root + "/" + path] = digest
        }
        for (path, digest) in read.notes {
            digests[root + "/" + path] = digest
        }
        // The store writes to the content folder's path joined to clean relative paths: when that path is standard
        // already, so are the store's, and 5,000 of them are not standardized again through URLs.
        let storePathsAreStandard = options.content.path == root
        for (path, digest) in read.written {
            digests[storePathsAreStandard ? path : URL(fileURLWithPath: path).standardizedFileURL.path] = digest
        }
        return digests
    }

    /// Whether files of `kind` become deck pages: notes, text files and scanned images.
    static func makesDeck(_ kind: SourceFile.Kind) -> Bool {
        kind == .note || kind == .scanText || kind == .scanImage || kind == .scanPDF || kind == .scanPages
    }

    private func readNotes(settings: SiteSettings, writesCache: Bool,
                           into summary: inout BuildSummary) throws(Diagnostic) -> ([SourceFile], [Note]) {
        var walker = ContentWalker(root: options.content)
        if let site = RealPath.of(options.site.path) { walker.excludedPaths.insert(site) }
        let (files, walkWarnings) = try walker.files()
        summary.diagnostics += walkWarnings
        // The pages of a `….pages` folder make one document, which stands in the list as the folder.
        let pages = Dictionary(grouping: files.filter { $0.kind == .scanPage }) { SourceFile.documentFolder(of: $0.path) ?? "" }
        let documents = pages.map { folder, parts in
            SourceFile(path: folder, url: options.content.appendingPathComponent(folder, isDirectory: true), kind: .scanPages,
                       size: parts.reduce(0) { $0 + $1.size })
        }
        let noteFiles = (files.filter { Self.makesDeck($0.kind) } + documents).sorted { $0.path < $1.path }
        // Slugs are given to every file that may make a deck, read or not, so a note's page address does not
        // depend on whether tesseract is installed on the machine that builds.
        let (slugs, collisions) = Slug.uniqueWithCollisions(forPaths: noteFiles.map(\.path))
        summary.diagnostics += collisions
        var scans = ScanNoteLoader(contentFolder: options.content, settings: settings.ocr, siteLang: settings.lang,
                                   writesCache: writesCache, searchPath: options.environment["PATH"])
        scans.documentPages = pages
        // Markdown notes are read on every core; scans go through the one loader that keeps the OCR cache, in order.
        let markdown = ParallelWork.map(noteFiles) { file -> (Note?, [Diagnostic])? in
            file.kind == .note ? NoteLoader().load(file, slug: slugs[file.path] ?? Slug.make(fromPath: file.path)) : nil
        }
        var notes = [Note]()
        for (file, loaded) in zip(noteFiles, markdown) {
            let (note, diagnostics) = loaded ?? scans.load(file, slug: slugs[file.path] ?? Slug.make(fromPath: file.path))
            summary.diagnostics += diagnostics
            if let note { notes.append(note) }
        }
        summary.diagnostics += scans.finish()
        if scans.leftImagesUnread { summary.complete = false }
        return (files, notes)
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
        // deckgen's own folders, which it reads and writes: a link out of the folder would have it write elsewhere.
        let boundary = ContentBoundary(contentFolder: options.content)
        for folder in [".deckgen", ".deckgen/questions", ".deckgen/ocr"] where !boundary.holdsFolder(folder) {
            throw ContentBoundary.leadsOut(folder)
        }
    }
}

/// What a build has before it writes anything.
struct CollectedSite: Sendable {
    var pages: PageRenderer
    var decks: [RenderedDeck]
    /// The content's diaries, each a report page.
    var reports: [CollectedReport] = []
    /// `LinkResolver.universe` of what the notes' links were resolved against.
    var linkUniverse = ""
    /// What the fingerprint after the build takes as known rather than reading the files again.
    var readDigests = ReadDigests()

    /// The digests of the files a build read and wrote, as it read and wrote them.
    struct ReadDigests: Sendable {
        /// Each note's content path and the SHA-256 of its bytes as read.
        var notes: [(path: String, digest: String)] = []
        /// The store files written, by path.
        var written: [String: String] = [:]
        /// The decks kept from the last build, whose store files' digests are as the build began.
        var kept: KeptDecks?
    }

    /// The questions of every deck, kept ones included.
    var questionCount: Int {
        decks.reduce(0) { $0 + $1.questionCount }
    }
}
