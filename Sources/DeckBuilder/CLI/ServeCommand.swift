import Dispatch
import Foundation

/// `deckgen serve [CONTENT] [-o SITE] [--port N] [--templates DIR] [--llm PROVIDER[:MODEL]] [--offline]`: builds the
/// site, serves it on 127.0.0.1 for previewing, rebuilds when a content file changes and reloads open pages.
struct ServeCommand: Sendable {
    /// The port when none is given, as Python's `http.server` uses.
    static let defaultPort: UInt16 = 8000

    let contentArgument: String
    let siteArgument: String
    let options: BuildOptions
    /// The port to listen on; 0 lets the system pick a free one.
    let port: UInt16
    /// What one build leaves the next, for as long as the preview runs.
    let memory = BuildMemory()

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(
            arguments, command: "serve",
            valueOptions: ["-o": "output", "--output": "output", "--templates": "templates", "--port": "port"]
                .merging(LLMArguments.valueOptions) { $1 },
            flagOptions: LLMArguments.flagOptions.merging(["--strict": "strict"]) { $1 })
        guard scanned.positionals.count <= 1 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[1])'", command: "serve")
        }
        contentArgument = scanned.positionals.first ?? "content"
        siteArgument = scanned.values["output"] ?? "site"
        if let text = scanned.values["port"] {
            guard let number = UInt16(text) else {
                throw UsageError("'--port \(text)' is not a port; expected a whole number from 0 to 65535 (0 picks a free one)", command: "serve")
            }
            port = number
        } else {
            port = Self.defaultPort
        }
        options = try BuildOptions(scanned, content: contentArgument, site: siteArgument, command: "serve",
                                   workingDirectory: workingDirectory)
    }

    /// Serves until Ctrl-C (or SIGTERM), then exits 0: stopping is how a preview ends, not a failure.
    func run(console: Console) -> ExitCode {
        // First, before any thread starts, so that every thread inherits the blocked signals.
        let stop = StopRequest()
        let watcher = SiteWatcher(options: options, build: { build(console: console, stop: stop) },
                                  describe: DiagnosticPrinter(contentArgument: contentArgument).line(for:))
        let responder = PreviewResponder(files: SiteFiles(site: options.site), state: watcher.state)
        let server: StaticServer
        do {
            // Listen before building, so a port in use is reported at once rather than after the build.
            server = try StaticServer(port: port) { responder.respond(to: $0) }
        } catch {
            console.standardError("error: \(error.description); expected a free port, or --port 0 to pick one\n")
            return .failure
        }
        watcher.rebuild()
        if !stop.isRequested {
            server.start()
            console.standardError("Serving \(siteArgument) at http://127.0.0.1:\(server.port)/ (Ctrl-C to stop)\n")
            watcher.watch(until: { stop.isRequested }, onChange: { console.standardError("Content changed; rebuilding.\n") })
        }
        server.stop()
        console.standardError("Stopped serving \(siteArgument).\n")
        return .success
    }

    /// One build, reported as `deckgen build` reports it.
    private func build(console: Console, stop: StopRequest) -> BuildSummary {
        let progress = ProgressReporter(console: console)
        var builder = Builder(options: options)
        builder.memory = memory
        builder.llmProgress = progress.show
        let summary = builder.build(progress: progress.show)
        progress.finish()
        // Ctrl-C while a model was asked cancelled the requests; it was meant to stop serving too.
        if summary.interrupted { stop.request() }
        DiagnosticPrinter(contentArgument: contentArgument).report(summary, to: console)
        let previous = FileManager.default.fileExists(atPath: options.site.path)
        console.standardError(SummaryLine(summary: summary, site: siteArgument, previousSiteExists: previous).text + "\n")
        if let llm = summary.llm { console.standardError(SummaryLine.llm(llm) + "\n") }
        return summary
    }
}
