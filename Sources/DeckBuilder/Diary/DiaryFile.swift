import Foundation

/// Reads a diary file from disk: decoded like every content file, then parsed with the diary settings.
public enum DiaryFile {
    /// The extensions read as diaries.
    public static let extensions: Set<String> = ["csv", "json"]

    /// The diary at `url`, shown as `path` in messages; a file that cannot be a diary is an error diagnostic.
    /// Skipped rows become warnings (errors with `strict`) at their lines.
    public static func read(_ url: URL, path: String, settings: DiarySettings, strict: Bool) -> (Diary?, [Diagnostic]) {
        guard let data = try? Data(contentsOf: url) else {
            return (nil, [.error("cannot be read; expected a diary file (CSV or JSON)", path: path)])
        }
        do throws(Diagnostic) {
            let decoded = try DecodedText(bytes: [UInt8](data))
            let reader = DiaryReader(dateFormat: settings.dateFormat, medications: settings.medicationTable)
            let diary: Diary
            do {
                diary = try reader.read(decoded.text, path: path, fileExtension: url.pathExtension)
            } catch {
                return (nil, [.error(error.message, path: path)])
            }
            var diagnostics = decoded.warnings.map { $0.located(in: path) }
            for row in diary.skipped {
                diagnostics.append(Diagnostic(strict ? .error : .warning, "\(row.column): \(row.problem)\(strict ? "" : "; the row was skipped")",
                                              path: path, line: row.line))
            }
            if !diary.unknownMedications.isEmpty {
                diagnostics.append(.warning(
                    "medications not in deckgen's table count in no class: \(diary.unknownMedications.joined(separator: ", ")); expected a `diary: medications:` entry in deckgen.yml naming each one's class (or none)",
                    path: path))
            }
            return (diary, diagnostics)
        } catch {
            return (nil, [error.located(in: path)])
        }
    }
}
