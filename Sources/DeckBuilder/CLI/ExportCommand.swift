import Foundation

/// `deckgen export json|anki [CONTENT] [-o FILE]`: every deck's questions as JSON or an Anki import file,
/// to a file or standard output.
struct ExportCommand: Sendable {
    /// The formats `export` writes.
    enum Format: String, Sendable {
        case json
        /// Anki's plain-text import file.
        case anki

        var fileExtension: String { self == .json ? "json" : "txt" }
    }

    let format: Format
    let contentArgument: String
    let outputArgument: String?
    /// The file to write; nil for standard output.
    let outputFile: URL?
    let options: BuildOptions

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(arguments, command: "export",
                                          valueOptions: ["-o": "output", "--output": "output"].merging(LLMArguments.valueOptions) { $1 },
                                          flagOptions: LLMArguments.flagOptions)
        guard let formatArgument = scanned.positionals.first else {
            throw UsageError("Missing expected argument '<format>'", command: "export")
        }
        guard let format = Format(rawValue: formatArgument) else {
            throw UsageError("Unknown format '\(formatArgument)'; expected json or anki", command: "export")
        }
        self.format = format
        guard scanned.positionals.count <= 2 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[2])'", command: "export")
        }
        contentArgument = scanned.positionals.count > 1 ? scanned.positionals[1] : "content"
        outputArgument = scanned.values["output"]
        let resolve = { (path: String) in ArgumentPath.url(path, from: workingDirectory) }
        outputFile = outputArgument == nil || outputArgument == "-" ? nil : outputArgument.map(resolve)
        var options = BuildOptions(content: resolve(contentArgument), site: resolve("site"),
                                   llm: try LLMArguments.overrides(from: scanned, command: "export"))
        options.handlesInterrupt = true
        self.options = options
    }

    func run(console: Console) -> ExitCode {
        let toStandardOutput = outputFile == nil
        let file = outputFile ?? FileManager.default.temporaryDirectory.appendingPathComponent("deckgen-export-\(getpid()).\(format.fileExtension)")
        let builder = Builder(options: options)
        let summary = format == .json ? builder.exportJSON(to: file) : builder.exportAnki(to: file)
        DiagnosticPrinter(contentArgument: contentArgument).report(summary, to: console)
        if let llm = summary.llm { console.standardError(SummaryLine.llm(llm) + "\n") }
        let problems = SummaryLine.problems(summary)
        guard summary.errorCount == 0 else {
            console.standardError("Export failed with \(problems).\n")
            return summary.interrupted ? .interrupted : .failure
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
