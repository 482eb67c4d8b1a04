import Foundation

/// What the last build made, kept in the site folder: the fingerprint of its inputs, a digest of every page,
/// and its summary. A rebuild with the same inputs touches no page; a changed one rewrites only pages whose
/// bytes differ and links the rest from the previous site.
struct SiteManifest: SiteJSONFile, Equatable, Sendable {
    /// Where the manifest lies in the site folder.
    static let fileName = ".deckgen-manifest.json"

    /// One diagnostic as the last build reported it, so an up-to-date build reports it again.
    struct StoredDiagnostic: Codable, Equatable, Sendable {
        var severity: String
        var message: String
        var path: String
        var line: Int?
        var column: Int?
    }

    var version = 1
    /// `InputFingerprint` of the inputs the site was built from.
    var inputs: String
    /// False when the build left work for the next one (notes a model did not answer, images not read).
    var complete: Bool
    /// Site path → `PageDigest` of its bytes.
    var pages: [String: String]
    var decks: Int
    var reports: Int
    var files: Int
    var questions: Int
    var diagnostics: [StoredDiagnostic]

    /// Whether every page the manifest lists is still in `site`.
    func pagesExist(in site: URL) -> Bool {
        pages.keys.allSatisfy { FileManager.default.fileExists(atPath: site.appending(path: $0, directoryHint: .notDirectory).path) }
    }

    /// The summary of the build that made this site, as an up-to-date build reports it.
    var summary: BuildSummary {
        var summary = BuildSummary()
        summary.pages = decks + reports + (pages["review.html"] == nil ? 1 : 2)
        summary.decks = decks
        summary.reports = reports
        summary.files = files
        summary.questions = questions
        summary.siteWritten = true
        summary.upToDate = true
        summary.diagnostics = diagnostics.map(\.diagnostic)
        return summary
    }

    static func stored(_ diagnostics: [Diagnostic]) -> [StoredDiagnostic] {
        diagnostics.map(StoredDiagnostic.init)
    }
}

extension SiteManifest.StoredDiagnostic {
    init(_ diagnostic: Diagnostic) {
        self.init(severity: diagnostic.severity.rawValue, message: diagnostic.message, path: diagnostic.path,
                  line: diagnostic.line, column: diagnostic.column)
    }

    /// The diagnostic as it was reported.
    var diagnostic: Diagnostic {
        Diagnostic(severity == "error" ? .error : .warning, message, path: path, line: line, column: column)
    }
}
