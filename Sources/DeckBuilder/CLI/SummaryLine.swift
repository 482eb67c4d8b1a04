import Foundation

/// The closing line of a build: what was written, how many problems, how long it took.
struct SummaryLine {
    let summary: BuildSummary
    /// The site folder as the user named it.
    let site: String
    /// Whether a site from an earlier build is there to keep.
    let previousSiteExists: Bool

    var text: String {
        let problems = [
            Self.count(summary.errorCount, "error"),
            Self.count(summary.warningCount, "warning"),
        ].filter { !$0.hasPrefix("0 ") }
        let time = String(format: "%.2f s", summary.seconds)
        if summary.succeeded {
            let files = summary.files > 0 ? ", \(Self.count(summary.files, "file")) copied" : ""
            let warned = problems.isEmpty ? "" : " with " + problems.joined(separator: ", ")
            return "Built \(Self.count(summary.pages, "page")) (\(Self.count(summary.decks, "deck")), 1 index\(files))\(warned) in \(time) → \(site)"
        }
        let kept = previousSiteExists ? "the previous site in \(site) is unchanged" : "no site was written"
        return "Build failed with \(problems.joined(separator: ", ")) in \(time); \(kept)."
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
