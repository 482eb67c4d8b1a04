import Foundation

/// `deckgen report DIARY [-o FILE] [--format html|json] [--from DATE] [--to DATE] [--name NAME] [--redact-notes]
/// [--date-format dd/mm/yyyy|mm/dd/yyyy] [--strict] [--pdf FILE.pdf [--paper a4|letter]]`: one diary's report as a self-contained
/// page, printed to a PDF, or its numbers as JSON.
struct ReportCommand: Sendable {
    enum Format: String, Sendable {
        case html
        case json
    }

    let diaryArgument: String
    let diary: URL
    let output: URL?
    let outputArgument: String?
    let format: Format
    let stats: DiaryStats
    let name: String?
    let redactNotes: Bool
    let strict: Bool
    let dateFormat: DiaryDateFormat?
    /// `--pdf FILE`: the page printed to a PDF with headless Chromium (ReportCommand+PDF.swift), on `paper`.
    let pdf: URL?
    let pdfArgument: String?
    let paper: PaperSize
    /// Where to look for Chromium (`PATH` syntax); nil for the process's own `PATH`.
    var chromiumSearchPath: String?

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(
            arguments, command: "report",
            valueOptions: ["-o": "output", "--output": "output", "--format": "format", "--from": "from", "--to": "to",
                           "--name": "name", "--date-format": "date-format", "--pdf": "pdf", "--paper": "paper"],
            flagOptions: ["--redact-notes": "redact-notes", "--strict": "strict"])
        guard let first = scanned.positionals.first else { throw UsageError("Missing expected argument '<diary>'", command: "report") }
        guard scanned.positionals.count == 1 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[1])'", command: "report")
        }
        diaryArgument = first
        diary = ArgumentPath.url(first, from: workingDirectory)
        outputArgument = scanned.values["output"]
        output = outputArgument.flatMap { $0 == "-" ? nil : ArgumentPath.url($0, from: workingDirectory) }
        let formatText = scanned.values["format"] ?? "html"
        guard let format = Format(rawValue: formatText) else {
            throw UsageError("Unknown format '\(formatText)'; expected html or json", command: "report")
        }
        self.format = format
        (pdfArgument, pdf, paper) = try Self.pdfOptions(scanned, format: format, workingDirectory: workingDirectory)
        if format == .html, output == nil, outputArgument == nil, pdf == nil {
            throw UsageError("Missing '-o <file>' for the HTML report; expected a file such as -o report.html (or --pdf report.pdf, or --format json)", command: "report")
        }
        let day = { (option: String) throws(UsageError) -> CalendarDay? in
            guard let text = scanned.values[option] else { return nil }
            guard case .success(let parsed) = DiaryDateParser().parse(text), !parsed.hasTime else {
                throw UsageError("'--\(option) \(text)' is not a date; expected YYYY-MM-DD", command: "report")
            }
            return parsed.time.day
        }
        stats = DiaryStats(from: try day("from"), to: try day("to"))
        if let from = stats.from, let to = stats.to {
            guard from <= to else { throw UsageError("'--to' is before '--from'; expected a period that runs forward", command: "report") }
            let months = to.calendarMonth.months(since: from.calendarMonth)
            guard months <= DiaryStats.maximumMonths else {
                throw UsageError("'--from \(from) --to \(to)' spans \(months) months; expected at most \(DiaryStats.maximumMonths / 12) years (\(DiaryStats.maximumMonths) months)", command: "report")
            }
        }
        name = scanned.values["name"]
        redactNotes = scanned.flags.contains("redact-notes")
        strict = scanned.flags.contains("strict")
        if let text = scanned.values["date-format"] {
            guard let parsed = DiaryDateFormat(rawValue: text.lowercased()) else {
                throw UsageError("Unknown date format '\(text)'; expected dd/mm/yyyy or mm/dd/yyyy", command: "report")
            }
            dateFormat = parsed
        } else {
            dateFormat = nil
        }
    }

    func run(console: Console) -> ExitCode {
        if pdf != nil, ChromiumPrinter.executable(searchPath: chromiumSearchPath) == nil {
            console.standardError(Self.chromiumMissing + "\n")
            return .failure
        }
        guard var settings = Self.settings(near: diary, console: console) else {
            // Its date format, drug classes or preventives would be dropped: counts made without them are not to be trusted.
            console.standardError("Report failed; nothing was written. Mend deckgen.yml, or move the diary away from it.\n")
            return .failure
        }
        if let dateFormat { settings.dateFormat = dateFormat }
        let (read, diagnostics) = DiaryFile.report(diary, path: diaryArgument, settings: settings, stats: stats, strict: strict)
        for diagnostic in diagnostics { console.standardError(diagnostic.description + "\n") }
        guard let report = read, !diagnostics.contains(where: { $0.severity == .error }) else {
            console.standardError("Report failed; nothing was written.\n")
            return .failure
        }
        if pdf != nil, outputArgument == nil { return writePDF(of: report, settings: settings, attacks: report.attacksRead, console: console) }
        let text: String
        switch format {
        case .json:
            text = DiaryReportJSON.text(of: report)
        case .html:
            text = DiaryReportPage(report: report, name: name ?? settings.name, redactNotes: redactNotes).html()
        }
        guard let output else {
            console.standardOutput(text)
            return .success
        }
        do {
            try AtomicFile.write(Data(text.utf8), to: output)
        } catch {
            console.standardError("\(outputArgument ?? output.path): error: cannot be written (\(error.localizedDescription)); expected a writable file\n")
            return .failure
        }
        console.standardError("Wrote the report of \(SummaryLine.count(report.attacksRead, "attack")) over \(SummaryLine.count(report.months.count, "month")) → \(outputArgument ?? output.path)\n")
        if pdf != nil { return writePDF(of: report, settings: settings, attacks: report.attacksRead, console: console) }
        return .success
    }

    /// The `diary:` settings of the nearest `deckgen.yml` in the diary's folder or up to three above it; nil, with the
    /// errors printed, when that file has an error.
    static func settings(near diary: URL, console: Console) -> DiarySettings? {
        var folder = diary.deletingLastPathComponent()
        for _ in 0..<4 {
            if ["deckgen.yml", "deckgen.yaml"].contains(where: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }) {
                let (settings, diagnostics) = SiteSettings.load(from: folder)
                for diagnostic in diagnostics { console.standardError(diagnostic.description + "\n") }
                return diagnostics.contains { $0.severity == .error } ? nil : settings.diary
            }
            folder = folder.deletingLastPathComponent()
        }
        return DiarySettings()
    }
}
