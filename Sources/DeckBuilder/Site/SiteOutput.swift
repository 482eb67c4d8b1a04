import Foundation

/// Writes the pages and copied files of a collected site, swapping it in whole.
struct SiteOutput {
    let site: CollectedSite
    let content: URL

    func write(to folder: URL, summary: inout BuildSummary) throws(Diagnostic) {
        let writer = try SiteWriter(site: folder)
        do throws(Diagnostic) {
            for deck in site.decks {
                try writer.write(site.pages.deckPage(deck), to: "decks/\(deck.slug).html")
            }
            for report in site.reports {
                try writer.write(site.pages.reportPage(report), to: "reports/\(report.slug).html")
            }
            try writer.write(site.pages.indexPage(IndexSection.grouping(site.decks), reports: site.reports), to: "index.html")
            let assets = Set(site.decks.flatMap(\.assets)).sorted()
            for path in assets {
                try writer.copy(content.appendingPathComponent(path), to: "files/" + path)
            }
            try writer.commit()
            summary.pages = site.decks.count + site.reports.count + 1
            summary.reports = site.reports.count
            summary.decks = site.decks.count
            summary.files = assets.count
            summary.questions = site.decks.reduce(0) { $0 + $1.questions.count }
            summary.siteWritten = true
        } catch {
            writer.discard()
            throw error
        }
    }
}
