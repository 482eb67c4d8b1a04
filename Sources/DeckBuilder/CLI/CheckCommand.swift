import Foundation

/// `deckgen check [CONTENT]`: validates notes, quiz blocks and the question store without writing anything.
struct CheckCommand: Sendable {
    let contentArgument: String
    let options: BuildOptions

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(arguments, command: "check", valueOptions: ["--templates": "templates"].merging(LLMArguments.valueOptions) { $1 },
                                          flagOptions: LLMArguments.flagOptions)
        guard scanned.positionals.count <= 1 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[1])'", command: "check")
        }
        contentArgument = scanned.positionals.first ?? "content"
        let resolve = { (path: String) in ArgumentPath.url(path, from: workingDirectory) }
        // The site folder is never written by a check; it is named only so that it is not read as content.
        options = BuildOptions(content: resolve(contentArgument), site: resolve("site"),
                               templates: scanned.values["templates"].map(resolve),
                               llm: try LLMArguments.overrides(from: scanned, command: "check"))
    }

    func run(console: Console) -> ExitCode {
        let summary = Builder(options: options).check()
        DiagnosticPrinter(contentArgument: contentArgument).report(summary, to: console)
        let problems = SummaryLine.problems(summary)
        if summary.errorCount == 0 {
            let warned = problems.isEmpty ? "no problems" : problems
            console.standardError("Checked \(SummaryLine.count(summary.decks, "deck")) and \(SummaryLine.count(summary.questions, "question")): \(warned).\n")
            return .success
        }
        console.standardError("Check failed with \(problems).\n")
        return .failure
    }
}
