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
        var read = [(file: SourceFile, diary: Diary)]()
        var diagnostics = [Diagnostic]()
        for file in files where file.kind == .other && DiaryFile.extensions.contains(file.url.pathExtension.lowercased()) {
            let (diary, found) = DiaryFile.read(file.url, path: file.path, settings: settings, strict: strict)
            if let diary {
                read.append((file, diary))
                diagnostics += found
            } else if Self.looksLikeDiary(file.url) {
                diagnostics += found
            }
        }
        let slugs = Slug.unique(forPaths: read.map(\.file.path))
        let stats = DiaryStats()
        let reports = read.map { file, diary in
            CollectedReport(slug: slugs[file.path] ?? Slug.make(fromPath: file.path), sourcePath: file.path,
                            title: Self.title(of: file.path), report: stats.report(diary))
        }
        return (reports, diagnostics)
    }

    /// Whether the file's header names the columns a diary needs, even when the rest cannot be read.
    static func looksLikeDiary(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), let text = try? DecodedText(bytes: [UInt8](data)).text else { return false }
        let fileExtension = url.pathExtension.lowercased()
        if let table = try? DiaryTable.read(text, fileExtension: fileExtension) {
            return DiaryColumns(table.columns).missing == nil
        }
        // A CSV broken further down (a quote never closed) still says what it is in its first line.
        guard fileExtension == "csv" else { return false }
        let header = text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        guard let table = try? DiaryTable.csv(String(header)) else { return false }
        return DiaryColumns(table.columns).missing == nil
    }

    /// The file's name without its extension, in words: `headache_diary-2024.csv` → `Headache diary 2024`.
    static func title(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return IndexSection.sectionTitle(stem.isEmpty ? name : stem)
    }
}
