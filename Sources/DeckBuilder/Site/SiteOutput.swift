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

    /// Writes the site into `folder`; `inputs` is the fingerprint the manifest records.
    func write(to folder: URL, summary: inout BuildSummary, inputs: String, records: DeckRecords = DeckRecords()) throws(Diagnostic) {
        let writer = try SiteWriter(site: folder)
        let pages = PageSink(writer: writer, previous: previous?.pages ?? [:])
        do throws(Diagnostic) {
            // Pages are rendered and written on every core; the first failure, in deck order, is the one reported.
            let renderer = site.pages
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
            // The index and the records' JSON are the last large pieces, and neither needs the other: one core each.
            let decks = site.decks, reports = site.reports
            let tail = ParallelWork.map([true, false]) { isIndex -> (index: String?, records: Data?) in
                isIndex ? (renderer.indexPage(IndexSection.grouping(decks), reports: reports), nil) : (nil, records.json)
            }
            try pages.put(tail[0].index ?? "", at: "index.html")
            let assets = Set(site.decks.flatMap(\.assets)).sorted()
            for path in assets {
                try writer.copy(content.appendingPathComponent(path), to: "files/" + path)
            }
            summary.pages = site.decks.count + site.reports.count + 1
            summary.reports = site.reports.count
            summary.decks = site.decks.count
            summary.files = assets.count
            summary.questions = site.questionCount
            summary.pagesWritten = pages.written
            let manifest = SiteManifest(inputs: inputs, complete: summary.complete, pages: pages.digests,
                                        decks: summary.decks, reports: summary.reports, files: summary.files,
                                        questions: summary.questions, diagnostics: SiteManifest.stored(summary.diagnostics))
            try writer.write(tail[1].records ?? Data(), to: DeckRecords.fileName)
            try writer.write(manifest.data, to: SiteManifest.fileName)
            try writer.commit()
            summary.siteWritten = true
        } catch {
            writer.discard()
            throw error
        }
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
        let data = Data(text.utf8)
        let digest = SHA256.hex(bytes: data)
        let unchanged = previous[path] == digest && writer.linkFromPrevious(path)
        if !unchanged { try writer.write(data, to: path) }
        state.withLock {
            $0.digests[path] = digest
            if !unchanged { $0.written += 1 }
        }
    }
}
