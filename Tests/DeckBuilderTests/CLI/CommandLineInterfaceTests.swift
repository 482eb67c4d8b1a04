import Foundation
import Synchronization
import Testing
@testable import DeckBuilder

/// Captures what a CLI run prints.
final class CapturedConsole: Sendable {
    private let output = Mutex(("", ""))

    var console: Console {
        Console(standardOutput: { text in self.output.withLock { $0.0 += text } },
                standardError: { text in self.output.withLock { $0.1 += text } })
    }

    var standardOutput: String { output.withLock { $0.0 } }
    var standardError: String { output.withLock { $0.1 } }
}

@Suite("Command line")
struct CommandLineInterfaceTests {
    func run(_ arguments: [String], in folder: URL = FileManager.default.temporaryDirectory) -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: arguments, console: captured.console, workingDirectory: folder).run()
        return (status, captured)
    }

    @Test("help and version print to standard output and exit 0", arguments: [
        ["--help"], ["-h"], ["help"], ["help", "build"], ["build", "--help"], ["build", "-h"], ["--version"], [],
        ["help", "check"], ["check", "--help"], ["help", "export"], ["export", "-h"],
    ])
    func helpAndVersion(arguments: [String]) {
        let (status, captured) = run(arguments)
        #expect(status == 0)
        #expect(!captured.standardOutput.isEmpty)
        #expect(captured.standardError.isEmpty)
    }

    @Test("help follows argument-parser's layout")
    func helpLayout() {
        let (_, root) = run(["--help"])
        #expect(root.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(root.standardOutput.contains("\nUSAGE: deckgen <subcommand>\n"))
        #expect(root.standardOutput.contains("\nSUBCOMMANDS:\n  build "))
        let (_, build) = run(["help", "build"])
        #expect(build.standardOutput.contains("USAGE: deckgen build [<content>] [--output <output>]"))
        #expect(build.standardOutput.contains("  -o, --output <output>"))
        let (_, version) = run(["--version"])
        #expect(version.standardOutput == CommandLineInterface.version + "\n")
    }

    @Test("usage errors print Error: and a usage line to standard error and exit 64", arguments: [
        ["bulid"], ["--frobnicate"], ["build", "--nope"], ["build", "a", "b"], ["build", "-o"], ["help", "nothing"],
        ["export"], ["export", "xml"], ["export", "json", "a", "b"], ["export", "anki", "a", "b"], ["export", "Anki"], ["check", "a", "b"], ["check", "--output", "x"],
    ])
    func usageErrors(arguments: [String]) {
        let (status, captured) = run(arguments)
        #expect(status == 64)
        #expect(captured.standardOutput.isEmpty)
        #expect(captured.standardError.hasPrefix("Error: "))
        #expect(captured.standardError.contains("\nUsage: deckgen"))
    }

    @Test("build writes the site and a summary on standard error")
    func build() throws {
        let folder = try TemporaryFolder(["notes/a.md": "# Alpha\n\ntext", "notes/b.md": "[gone](missing.md)"])
        let (status, captured) = run(["build", "notes", "--output=out"], in: folder.url)
        #expect(status == 0, "\(captured.standardError)")
        #expect(folder.exists("out/index.html"))
        #expect(captured.standardError.contains("notes/b.md:1: warning: link missing.md"))
        #expect(captured.standardError.contains("Built 3 pages (2 decks, 1 index) with 1 warning in "))
    }

    @Test("a failed build exits 1 and says the previous site is unchanged")
    func failedBuild() throws {
        let folder = try TemporaryFolder(["content/a.md": "---\ntitle: [\n---\n"])
        let (status, captured) = run(["build"], in: folder.url)
        #expect(status == 1)
        #expect(captured.standardError.contains("content/a.md:3:1: error: YAML: "))
        #expect(captured.standardError.contains("Build failed with 1 error"))
        #expect(!folder.exists("site"))
    }

    @Test("check exits 1 until a build has stored the questions, then 0; export json prints the questions")
    func checkAndExport() throws {
        let note = "# Cells\n\n- **Nucleus**: holds the DNA.\n- **Ribosome**: makes proteins.\n- **Vacuole**: stores water and sap.\n- **Cell wall**: keeps the cell's shape.\n"
        let folder = try TemporaryFolder(["content/cells.md": note])
        let (before, beforeOutput) = run(["check"], in: folder.url)
        #expect(before == 1)
        #expect(beforeOutput.standardError.contains("content/cells.md: error: no stored questions"))
        #expect(run(["build"], in: folder.url).0 == 0)
        let (after, afterOutput) = run(["check"], in: folder.url)
        #expect(after == 0, "\(afterOutput.standardError)")
        #expect(afterOutput.standardError.hasPrefix("Checked 1 deck and "))
        let (exported, exportOutput) = run(["export", "json"], in: folder.url)
        #expect(exported == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(exportOutput.standardOutput.utf8)) as? [String: Any])
        let decks = try #require(json["decks"] as? [[String: Any]])
        #expect(decks.first?["source"] as? String == "cells.md")
        #expect(run(["export", "json", "-o", "out.json"], in: folder.url).0 == 0)
        #expect(folder.exists("out.json"))
    }

    @Test("export anki writes an Anki import file to -o or standard output; an unknown format names both")
    func exportAnki() throws {
        let note = "---\nquestions: false\n---\n```quiz\nQ: Which organelle makes proteins?\n- [ ] Nucleus\n- [x] Ribosome\n```\n"
        let folder = try TemporaryFolder(["content/cells.md": note])
        let (status, captured) = run(["export", "anki", "-o", "cards.txt"], in: folder.url)
        #expect(status == 0, "\(captured.standardError)")
        #expect(captured.standardOutput.isEmpty)
        #expect(captured.standardError == "Exported 1 question from 1 deck → cards.txt\n")
        let file = try folder.read("cards.txt")
        #expect(file.hasPrefix("#separator:tab\n#html:true\n"))
        let lines = file.split(separator: "\n")
        #expect(lines.count == AnkiExport.header.count + 1)
        #expect(lines.last?.split(separator: "\t", omittingEmptySubsequences: false).count == 6)
        #expect(lines.last?.hasPrefix("deckgen-cells-") == true)

        let (printed, printedOutput) = run(["export", "anki"], in: folder.url)
        #expect(printed == 0)
        #expect(printedOutput.standardOutput == file)

        let (unknown, unknownOutput) = run(["export", "xml"], in: folder.url)
        #expect(unknown == 64)
        #expect(unknownOutput.standardError.hasPrefix("Error: Unknown format 'xml'; expected json or anki\n"))
        #expect(unknownOutput.standardError.contains("Usage: deckgen export <format> [<content>] [--output <output>]"))
    }
}
