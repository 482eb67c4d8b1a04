import Foundation

/// `deckgen report DIARY --pdf FILE.pdf [--paper a4|letter]`: the report page printed to PDF by headless Chromium.
extension ReportCommand {
    /// What to say when `--pdf` is asked for on a machine without Chromium.
    static let chromiumMissing = "report: error: --pdf needs Chromium, which is not installed; expected the chromium package (apt-get install chromium)"

    /// Reads `--pdf` and `--paper`: a PDF is made from the HTML page, so it cannot go with `--format json`.
    static func pdfOptions(_ scanned: ArgumentScanner, format: Format,
                           workingDirectory: URL) throws(UsageError) -> (argument: String?, file: URL?, paper: PaperSize) {
        let argument = scanned.values["pdf"]
        let paperText = scanned.values["paper"]
        if let argument {
            guard format == .html else {
                throw UsageError("'--pdf' prints the HTML report; expected it without '--format json'", command: "report")
            }
            guard argument != "-" else {
                throw UsageError("'--pdf -' is not a file; expected a file such as --pdf report.pdf", command: "report")
            }
        } else if paperText != nil {
            throw UsageError("'--paper' sets the PDF's paper; expected it with '--pdf <file.pdf>'", command: "report")
        }
        guard let paper = PaperSize(rawValue: (paperText ?? "a4").lowercased()) else {
            throw UsageError("Unknown paper '\(paperText ?? "")'; expected a4 or letter", command: "report")
        }
        return (argument, argument.map { ArgumentPath.url($0, from: workingDirectory) }, paper)
    }

    /// Prints the report to the `--pdf` file; the HTML it prints from lives in a temporary folder only.
    func writePDF(of report: DiaryReport, settings: DiarySettings, attacks: Int, console: Console) -> ExitCode {
        guard let pdf, let pdfArgument else { return .failure }
        guard let chromium = ChromiumPrinter.executable(searchPath: chromiumSearchPath) else {
            console.standardError(Self.chromiumMissing + "\n")
            return .failure
        }
        var page = DiaryReportPage(report: report, name: name ?? settings.name, redactNotes: redactNotes)
        page.paper = paper
        let data: Data
        do throws(ChromiumPrinter.Failure) {
            data = try ChromiumPrinter.pdf(of: page.html(), command: chromium)
        } catch {
            console.standardError("\(pdfArgument): error: \(error.message)\n")
            return .failure
        }
        do {
            try AtomicFile.write(data, to: pdf)
        } catch {
            console.standardError("\(pdfArgument): error: cannot be written (\(error.localizedDescription)); expected a writable file\n")
            return .failure
        }
        let pages = PDFPages.count(in: data)
        let pageText = pages > 0 ? ", \(SummaryLine.count(pages, "page"))" : ""
        console.standardError("Wrote the report of \(SummaryLine.count(attacks, "attack")) over \(SummaryLine.count(report.months.count, "month")) "
                              + "as a PDF (\(paper.title)\(pageText)) → \(pdfArgument)\n")
        return .success
    }
}

/// Reads just enough of a PDF to count its pages: Chromium writes each page as an object of `/Type /Page`.
enum PDFPages {
    static func count(in data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        guard let pattern = try? NSRegularExpression(pattern: #"/Type\s*/Page(?![A-Za-z])"#) else { return 0 }
        return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }
}
