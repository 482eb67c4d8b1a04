import Foundation

/// Writes the pages and copied files of a collected site, swapping it in whole.
///
/// A page whose bytes equal the previous build's (by the manifest's digest) is hard-linked from the previous
/// site rather than written, so it keeps its file and time and a sync tool or web server sees it unchanged.
struct SiteOutput {
    let site: CollectedSite
    let content: URL
    /// The manifest of the site being replaced, when it has one.
    var previous: SiteManifest?

    /// What the build knows of its inputs once the question store is in place.
    struct Inputs: Sendable {
        /// The fingerprint the manifest records.
        var digest: String
        /// `DeckRecords.json` of the decks built.
        var records: Data
    }

    /// Writes the site into `folder`; `finished` gives the inputs, and is waited for only once every deck's page is written.
    func write(to folder: URL, summary: inout BuildSummary, finished: BackgroundValue<Inputs>) throws(Diagnostic) {
        let writer = try SiteWriter(site: folder)
        let pages = PageSink(writer: writer, previous: previous?.pages ?? [:])
        do throws(Diagnostic) {
            let renderer = site.pages
            // The index, the last large page, is rendered beside the decks' pages rather than after them.
            let decks = site.decks, reports = site.reports
            let sections = IndexSection.grouping(decks)
            let index = BackgroundValue { renderer.indexPage(sections, reports: reports) }
            // The review page carries every deck's questions: as large as the index, so rendered beside it too.
            let hasQuestions = decks.contains { $0.questionCount > 0 }
            let review = BackgroundValue { hasQuestions ? renderer.reviewPage(sections) : nil }
            // Pages are rendered and written on every core; the first failure, in deck order, is the one reported.
            let failures = ParallelWork.map(site.decks) { deck -> Diagnostic? in
                do throws(Diagnostic) {
                    let path = KeptDecks.pagePath(deck.slug)
                    // A deck kept from the last build keeps its page: nothing it was made from has changed.
                    if deck.isKept {
                        try pages.keep(path)
                    } else {
                        try pages.put(renderer.deckPage(deck), at: path)
                    }
                    return nil
                } catch {
                    return error
                }
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
            for report in site.reports {
                try pages.put(renderer.reportPage(report), at: "reports/\(report.slug).html")
            }
            try pages.put(index.value, at: "index.html")
            if let review = review.value { try pages.put(review, at: "review.html") }
            let assets = Set(site.decks.flatMap(\.assets)).sorted()
            let boundary = ContentBoundary(contentFolder: content)
            for path in assets {
                try copy(path, from: boundary, with: writer, into: &summary)
            }
            summary.pages = site.decks.count + site.reports.count + (hasQuestions ? 2 : 1)
            summary.reports = site.reports.count
            summary.decks = site.decks.count
            summary.files = assets.count
            summary.questions = site.questionCount
            summary.pagesWritten = pages.written
            if let template = renderer.templates.unfinishedTemplates.first {
                throw .error("a page made with this template grew past \(MustacheRenderer.Limits().outputBytes / 1_048_576) MB, took too many steps or nested past \(MustacheRenderer.maximumNesting) levels, so it was left unfinished; expected a template that does not repeat itself (a partial that includes itself, sections over a list nested many deep)",
                             path: template)
            }
            let inputs = finished.value
            let manifest = SiteManifest(inputs: inputs.digest, complete: summary.complete, pages: pages.digests,
                                        decks: summary.decks, reports: summary.reports, files: summary.files,
                                        questions: summary.questions, diagnostics: SiteManifest.stored(summary.diagnostics))
            try writer.write(inputs.records, to: DeckRecords.fileName)
            try writer.write(manifest.json, to: SiteManifest.fileName)
            try writer.commit()
            summary.siteWritten = true
        } catch {
            writer.discard()
            throw error
        }
    }
}

extension SiteOutput {
    /// Puts the attachment at `path` into the site as `NoteAttachment` says, so that it runs nothing when opened; read from
    /// where it really is, and only while that is inside the content folder.
    private func copy(_ path: String, from boundary: ContentBoundary, with writer: SiteWriter,
                      into summary: inout BuildSummary) throws(Diagnostic) {
        guard case .inside(let real) = boundary.place(of: path) else {
            summary.diagnostics.append(.warning("is no longer a file inside the content folder; not copied into the site", path: path))
            return
        }
        let source = URL(fileURLWithPath: real, isDirectory: false)
        let kind = NoteAttachment.kind(ofPath: path)
        guard kind != .copied else { return try writer.copy(source, to: NoteAttachment.sitePath(of: path)) }
        guard let bytes = PlainFile.read(path: real) else {
            throw .error("cannot be read (\(String(cString: strerror(errno)))); expected a readable file", path: path)
        }
        if kind == .wrappedSVG {
            try writer.write(AttachmentPage.wrappedSVG(bytes), to: NoteAttachment.sitePath(of: path))
            return
        }
        if bytes.count > AttachmentPage.largestDownload {
            summary.diagnostics.append(.warning(
                "is \(bytes.count / 1_048_576) MB, too large to offer for download from its page in the site; expected a file under \(AttachmentPage.largestDownload / 1_048_576) MB, or one of a type copied as it is (such as .pdf or .zip)",
                path: path))
        }
        try writer.write(AttachmentPage.viewer(name: PathParts.split(path).name, bytes: bytes), to: NoteAttachment.sitePath(of: path))
    }
}

/// Takes finished pages from any task: writes a changed one, links an unchanged one, and keeps each digest.
private final class PageSink: Sendable {
    let writer: SiteWriter
    let previous: [String: String]
    private let state = LockedBox((digests: [String: String](), written: 0))

    init(writer: SiteWriter, previous: [String: String]) {
        self.writer = writer
        self.previous = previous
    }

    var digests: [String: String] { state.withLock { $0.digests } }
    var written: Int { state.withLock { $0.written } }

    /// Links the previous site's page at `path`, unchanged.
    func keep(_ path: String) throws(Diagnostic) {
        guard let digest = previous[path], writer.linkFromPrevious(path) else {
            throw .error("the previous site lost this page during the build; expected it to stay until the build ends (build again)", path: path)
        }
        state.withLock { $0.digests[path] = digest }
    }

    func put(_ text: String, at path: String) throws(Diagnostic) {
        // Hashed and written from the string's own bytes: a page is tens of kilobytes, and copying each cost more
        // than hashing it.
        var text = text
        let (digest, unchanged) = try text.withUTF8 { bytes in
            Result { () throws(Diagnostic) -> (String, Bool) in
                let digest = PageDigest.of(UnsafeRawBufferPointer(bytes))
                let unchanged = previous[path] == digest && writer.linkFromPrevious(path)
                if !unchanged { try writer.write(bytes: UnsafeRawBufferPointer(bytes), to: path) }
                return (digest, unchanged)
            }
        }.get()
        state.withLock {
            $0.digests[path] = digest
            if !unchanged { $0.written += 1 }
        }
    }
}
