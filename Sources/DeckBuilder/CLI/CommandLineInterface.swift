import Foundation

/// The `deckgen` command: parses arguments, runs a subcommand, and returns the exit status.
public struct CommandLineInterface: Sendable {
    /// The version `deckgen --version` prints.
    public static let version = "0.1.0"

    let arguments: [String]
    let console: Console
    let workingDirectory: URL

    /// - Parameter arguments: the arguments after the program name.
    public init(arguments: [String], console: Console = .system,
                workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.arguments = arguments
        self.console = console
        self.workingDirectory = workingDirectory
    }

    /// Runs the command line and returns the process exit status.
    public func run() -> Int32 {
        // cmark-gfm's extension registry is global and unguarded: fill it before anything runs concurrently.
        MarkdownRenderer.registerExtensions()
        do {
            return try dispatch().rawValue
        } catch {
            let help = HelpText.command(named: error.command)
            console.standardError("Error: \(error.message)\n\(help.usageLine)\n  See '\(help.helpCommand)' for more information.\n")
            return ExitCode.usage.rawValue
        }
    }

    private func dispatch() throws(UsageError) -> ExitCode {
        guard let first = arguments.first else {
            console.standardOutput(HelpText.root.text)
            return .success
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            console.standardOutput(HelpText.root.text)
            return .success
        case "--version":
            console.standardOutput(Self.version + "\n")
            return .success
        case "help":
            guard let name = rest.first else {
                console.standardOutput(HelpText.root.text)
                return .success
            }
            guard let help = HelpText.subcommands[name] else { throw UsageError("Unknown subcommand '\(name)'") }
            console.standardOutput(help.text)
            return .success
        case "build":
            if wantsHelp(rest) { console.standardOutput(HelpText.build.text); return .success }
            return try BuildCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        case "check":
            if wantsHelp(rest) { console.standardOutput(HelpText.check.text); return .success }
            return try CheckCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        case "export":
            if wantsHelp(rest) { console.standardOutput(HelpText.export.text); return .success }
            return try ExportCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        case "init":
            if wantsHelp(rest) { console.standardOutput(HelpText.initCommand.text); return .success }
            return try InitCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        case "report":
            if wantsHelp(rest) { console.standardOutput(HelpText.report.text); return .success }
            return try ReportCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        case "serve":
            if wantsHelp(rest) { console.standardOutput(HelpText.serve.text); return .success }
            return try ServeCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        case "scan":
            if wantsHelp(rest) { console.standardOutput(HelpText.scan.text); return .success }
            return try ScanCommand(arguments: rest, workingDirectory: workingDirectory).run(console: console)
        default:
            if first.hasPrefix("-") { throw UsageError("Unknown option '\(first)'") }
            throw UsageError("Unknown subcommand '\(first)'")
        }
    }

    private func wantsHelp(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "-h" || $0 == "--help" }
    }
}
