import Foundation

/// `deckgen build [CONTENT] [-o SITE] [--templates DIR] [--llm PROVIDER[:MODEL]] [--llm-url URL] [--concurrency N] [--offline]`.
struct BuildCommand: Sendable {
    let contentArgument: String
    let siteArgument: String
    let options: BuildOptions
    /// `--json`: one JSON object of the results on standard output (BuildJSON), the human lines staying on standard error.
    var json = false

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(
            arguments, command: "build",
            valueOptions: ["-o": "output", "--output": "output", "--templates": "templates"].merging(LLMArguments.valueOptions) { $1 },
            flagOptions: LLMArguments.flagOptions.merging(["--strict": "strict", "--json": "json"]) { $1 })
        guard scanned.positionals.count <= 1 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[1])'", command: "build")
        }
        contentArgument = scanned.positionals.first ?? "content"
        siteArgument = scanned.values["output"] ?? "site"
        options = try BuildOptions(scanned, content: contentArgument, site: siteArgument, command: "build",
                                   workingDirectory: workingDirectory)
        json = scanned.flags.contains("json")
    }

    func run(console: Console) -> ExitCode {
        let progress = ProgressReporter(console: console)
        let summary = build(progress: progress)
        progress.finish()
        DiagnosticPrinter(contentArgument: contentArgument).report(summary, to: console)
        if options.llm.dryRun {
            console.standardError(SummaryLine.estimate(summary.llmEstimate) + "\n")
            if json { console.standardOutput(BuildJSON(summary: summary, printer: DiagnosticPrinter(contentArgument: contentArgument)).text) }
            return summary.errorCount == 0 ? .success : .failure
        }
        console.standardError(SummaryLine(summary: summary, site: siteArgument,
                                             previousSiteExists: FileManager.default.fileExists(atPath: options.site.path)).text + "\n")
        if let llm = summary.llm { console.standardError(SummaryLine.llm(llm) + "\n") }
        if json { console.standardOutput(BuildJSON(summary: summary, printer: DiagnosticPrinter(contentArgument: contentArgument)).text) }
        if summary.interrupted { return .interrupted }
        return summary.succeeded ? .success : .failure
    }

    /// The build's summary. The generator keeps the last notes' facts, which are freed on another thread.
    private func build(progress: ProgressReporter) -> BuildSummary {
        // Made inside the hand-off, so no copy of it outlives the one the other thread lets go of.
        let builder = HandOff({ () -> Builder in
            var builder = Builder(options: options)
            builder.llmProgress = progress.show
            return builder
        }())
        defer { builder.releaseInBackground() }
        return builder.value.build(progress: progress.show)
    }
}

extension BuildOptions {
    /// The options `build` and `serve` share (`--templates`, `--strict`, the model flags), from their scanned arguments.
    init(_ scanned: ArgumentScanner, content: String, site: String, command: String, workingDirectory: URL) throws(UsageError) {
        let resolve = { (path: String) in ArgumentPath.url(path, from: workingDirectory) }
        self.init(content: resolve(content), site: resolve(site), templates: scanned.values["templates"].map(resolve),
                  llm: try LLMArguments.overrides(from: scanned, command: command))
        handlesInterrupt = true
        strictDiaries = scanned.flags.contains("strict")
    }
}
