import Foundation

/// `deckgen build [CONTENT] [-o SITE] [--templates DIR]`.
struct BuildCommand: Sendable {
    let contentArgument: String
    let siteArgument: String
    let options: BuildOptions

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(
            arguments, command: "build",
            valueOptions: ["-o": "output", "--output": "output", "--templates": "templates"],
            flagOptions: [:])
        guard scanned.positionals.count <= 1 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[1])'", command: "build")
        }
        contentArgument = scanned.positionals.first ?? "content"
        siteArgument = scanned.values["output"] ?? "site"
        let resolve = { (path: String) in ArgumentPath.url(path, from: workingDirectory) }
        options = BuildOptions(
            content: resolve(contentArgument),
            site: resolve(siteArgument),
            templates: scanned.values["templates"].map(resolve))
    }

    func run(console: Console) -> ExitCode {
        let progress = ProgressReporter(console: console)
        let summary = Builder(options: options).build(progress: progress.show)
        progress.finish()
        DiagnosticPrinter(contentArgument: contentArgument).report(summary, to: console)
        console.standardError(SummaryLine(summary: summary, site: siteArgument,
                                             previousSiteExists: FileManager.default.fileExists(atPath: options.site.path)).text + "\n")
        return summary.succeeded ? .success : .failure
    }
}
