import Foundation

/// `deckgen export json [CONTENT] [-o FILE]`: every deck's questions as JSON, to a file or standard output.
struct ExportCommand: Sendable {
    let contentArgument: String
    let outputArgument: String?
    /// The file to write; nil for standard output.
    let outputFile: URL?
    let options: BuildOptions

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(arguments, command: "export",
                                          valueOptions: ["-o": "output", "--output": "output"], flagOptions: [:])
        guard let format = scanned.positionals.first else {
            throw UsageError("Missing expected argument '<format>'", command: "export")
        }
        guard format == "json" else {
            throw UsageError("Unknown format '\(format)'; expected json", command: "export")
        }
        guard scanned.positionals.count <= 2 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[2])'", command: "export")
        }
        contentArgument = scanned.positionals.count > 1 ? scanned.positionals[1] : "content"
        outputArgument = scanned.values["output"]
        let resolve = { (path: String) in URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL }
        outputFile = outputArgument == nil || outputArgument == "-" ? nil : outputArgument.map(resolve)
        options = BuildOptions(content: resolve(contentArgument), site: resolve("site"))
    }

    func run(console: Console) -> ExitCode {
        let toStandardOutput = outputFile == nil
        let file = outputFile ?? FileManager.default.temporaryDirectory.appendingPathComponent("deckgen-export-\(getpid()).json")
        let summary = Builder(options: options).exportJSON(to: file)
        let printer = DiagnosticPrinter(contentArgument: contentArgument)
        for diagnostic in summary.diagnostics {
            console.standardError(printer.line(for: diagnostic) + "\n")
        }
        let problems = SummaryLine.problems(summary)
        guard summary.errorCount == 0 else {
            console.standardError("Export failed with \(problems).\n")
            return .failure
        }
        if toStandardOutput {
            console.standardOutput(String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self))
            try? FileManager.default.removeItem(at: file)
        }
        let warned = problems.isEmpty ? "" : " with " + problems
        console.standardError("Exported \(SummaryLine.count(summary.questions, "question")) from \(SummaryLine.count(summary.decks, "deck"))\(warned)"
                              + (toStandardOutput ? ".\n" : " → \(outputArgument ?? "")\n"))
        return .success
    }
}
