import Foundation

/// Reads a diary file from disk and counts it: decoded like every content file, then read a row at a time into its
/// report, so that a diary of a million rows costs its text and the report, not a table of every row.
public enum DiaryFile {
    /// The extensions read as diaries.
    public static let extensions: Set<String> = ["csv", "json"]

    /// The report of the diary at `url`, shown as `path` in messages; a file that cannot be a diary is an error
    /// diagnostic. Skipped rows become warnings (errors with `strict`) at their lines, and a diary too long to report
    /// whole is reported over its last 30 years with a warning (an error when `stats.from` asked for the longer period).
    public static func report(_ url: URL, path: String, settings: DiarySettings, stats: DiaryStats, strict: Bool,
                              plausible: PlausibleDates = .now()) -> (DiaryReport?, [Diagnostic]) {
        let decoded: DecodedText
        switch text(of: url) {
        case .success(let text): decoded = text
        case .failure(let error): return (nil, [error.located(in: path)])
        }
        let reader = DiaryReader(dateFormat: settings.dateFormat, medications: settings.medicationTable, plausible: plausible)
        var stats = stats
        stats.preventives = settings.preventives
        let report: DiaryReport
        do {
            report = try stats.report(reading: decoded.text, fileExtension: url.pathExtension, path: path, with: reader)
        } catch {
            return (nil, [.error(error.message, path: path)])
        }
        var diagnostics = decoded.warnings.map { $0.located(in: path) }
        for row in report.skipped {
            diagnostics.append(Diagnostic(strict ? .error : .warning, "\(row.column): \(row.problem)\(strict ? "" : "; the row was skipped")",
                                          path: path, line: row.line))
        }
        if !report.unknownMedications.isEmpty {
            diagnostics.append(.warning(
                "medications not in deckgen's table count in no class: \(report.unknownMedications.joined(separator: ", ")); expected a `diary: medications:` entry in deckgen.yml naming each one's class (or none)",
                path: path))
        }
        for doubt in report.fileDoubts {
            diagnostics.append(.warning(doubt, path: path))
        }
        for row in report.doubtful {
            diagnostics.append(.warning("\(row.column): \(row.problem)", path: path, line: row.line))
        }
        if report.preamble > 0 {
            diagnostics.append(.warning(
                "the \(report.preamble == 1 ? "line" : "\(report.preamble) records") above the header, a title or an export's notes, \(report.preamble == 1 ? "was" : "were") not read; expected the header first",
                path: path, line: 1))
        }
        if !report.unusedColumns.isEmpty {
            diagnostics.append(.warning(
                "columns not read, so nothing in them is counted: \(report.unusedColumns.joined(separator: ", ")); expected columns deckgen reads (README: Diary reports, Input)",
                path: path))
        }
        if let cut = report.cut, let period = report.period {
            diagnostics.append(cutDiagnostic(cut, period: period, from: stats.from, path: path))
        }
        return (report, diagnostics)
    }

    /// The file's text; the bytes it was decoded from are let go as soon as it is made.
    static func text(of url: URL) -> Result<DecodedText, Diagnostic> {
        guard let bytes = PlainFile.read(path: url.path) else {
            return .failure(.error("cannot be read; expected a diary file (CSV or JSON)"))
        }
        do throws(Diagnostic) {
            return .success(try DecodedText(bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// What is said of a period longer than `DiaryStats.maximumMonths`: a warning when deckgen chose the period's
    /// start, an error when `--from` did.
    static func cutDiagnostic(_ cut: PeriodCut, period: ClosedRange<CalendarDay>, from: CalendarDay?, path: String) -> Diagnostic {
        let years = DiaryStats.maximumMonths / 12
        if let from {
            return .error("the period from --from \(from) to \(period.upperBound) is more than \(years) years; expected at most \(years) years: a later --from, or --to as well",
                          path: path)
        }
        let attacks = cut.attacksLeftOut == 1 ? "1 attack" : "\(cut.attacksLeftOut) attacks"
        return .warning("the diary runs from \(cut.diaryFrom) to \(period.upperBound), more than \(years) years; the report covers its last \(years) years, from \(period.lowerBound), and leaves out the \(attacks) before; expected at most \(years) years (`deckgen report --from … --to …` reports another period)",
                        path: path)
    }
}
