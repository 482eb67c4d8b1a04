import Foundation

/// A diary of the content folder, read and counted: it becomes `reports/<slug>.html`.
struct CollectedReport: Sendable {
    var slug: String
    var sourcePath: String
    /// From the file's name: `diary/headache-diary.csv` → `Headache diary`.
    var title: String
    var report: DiaryReport
}

/// Finds the diaries among the content's CSV and JSON files and counts them.
///
/// A CSV or JSON file is a diary when its header names a start (or date) and an intensity column. Anything else
/// (a data table a note links to, a JSON export) stays an ordinary file, copied when linked, with no message;
/// a diary with problems gets them as diagnostics, its skipped rows as warnings at their lines.
struct DiaryReports {
    let settings: DiarySettings
    /// A row that cannot be read fails the build instead of being skipped (`deckgen build --strict`).
    var strict = false

    func collect(_ files: [SourceFile]) -> (reports: [CollectedReport], diagnostics: [Diagnostic]) {
        var read = [(file: SourceFile, report: DiaryReport)]()
        var diagnostics = [Diagnostic]()
        for file in files where file.kind == .other && DiaryFile.extensions.contains(file.url.pathExtension.lowercased()) {
            let (report, found) = DiaryFile.report(file.url, path: file.path, settings: settings, stats: DiaryStats(), strict: strict)
            if let report {
                read.append((file, report))
                diagnostics += found
            } else if Self.looksLikeDiary(file.url) {
                diagnostics += found
            }
        }
        let slugs = Slug.unique(forPaths: read.map(\.file.path))
        let reports = read.map { file, report in
            CollectedReport(slug: slugs[file.path] ?? Slug.make(fromPath: file.path), sourcePath: file.path,
                            title: Self.title(of: file.path), report: report)
        }
        return (reports, diagnostics)
    }

    /// Whether the file's header names the columns a diary needs, even when the rest cannot be read.
    static func looksLikeDiary(_ url: URL) -> Bool {
        guard case .success(let decoded) = DiaryFile.text(of: url) else { return false }
        var found = false
        // Only the lines where a header may stand are read: a file of a million rows is not read through to learn what
        // it is, and a quote never closed further down does not hide it.
        let top = url.pathExtension.lowercased() == "json" ? decoded.text
            : decoded.text.split(separator: "\n", maxSplits: DiaryTable.preambleLimit, omittingEmptySubsequences: false)
                .prefix(DiaryTable.preambleLimit).joined(separator: "\n")
        try? DiaryTable.read(top, fileExtension: url.pathExtension, columns: { names in
            found = found || DiaryColumns(names).missing == nil
            return found
        }, row: { _ in })
        return found
    }

    /// The file's name without its extension, in words: `headache_diary-2024.csv` → `Headache diary 2024`.
    static func title(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return IndexSection.sectionTitle(stem.isEmpty ? name : stem)
    }
}
