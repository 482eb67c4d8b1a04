import Foundation
import Testing
@testable import DeckBuilder

@Suite("Serve: the command line")
struct ServeCommandTests {
    let folder = URL(fileURLWithPath: "/tmp/project", isDirectory: true)

    @Test("content, site and port default as build's do, with port 8000")
    func defaults() throws {
        let command = try ServeCommand(arguments: [], workingDirectory: folder)
        #expect(command.options.content.path == "/tmp/project/content")
        #expect(command.options.site.path == "/tmp/project/site")
        #expect(command.port == 8000)
        #expect(command.siteArgument == "site")
    }

    @Test("a content folder, a site folder, a port, and the build options are read")
    func options() throws {
        let command = try ServeCommand(arguments: ["notes", "-o", "preview", "--port", "0", "--offline", "--templates", "look"],
                                       workingDirectory: folder)
        #expect(command.options.content.path == "/tmp/project/notes")
        #expect(command.options.site.path == "/tmp/project/preview")
        #expect(command.options.templates?.path == "/tmp/project/look")
        #expect(command.options.llm.offline)
        #expect(command.port == 0)
        #expect(try ServeCommand(arguments: ["--port=65535"], workingDirectory: folder).port == 65535)
    }

    @Test("a bad port or a second folder is a usage error", arguments: [
        ["--port", "65536"], ["--port", "-1"], ["--port", "http"], ["--port"], ["a", "b"], ["--bind", "0.0.0.0"],
    ])
    func usageErrors(arguments: [String]) {
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: ["serve"] + arguments, console: captured.console, workingDirectory: folder).run()
        #expect(status == 64)
        #expect(captured.standardError.hasPrefix("Error: "))
        #expect(captured.standardError.contains("Usage: deckgen serve"))
    }

    @Test("serve has help of its own and is listed in the top-level help")
    func help() {
        for arguments in [["help", "serve"], ["serve", "--help"]] {
            let captured = CapturedConsole()
            #expect(CommandLineInterface(arguments: arguments, console: captured.console).run() == 0)
            #expect(captured.standardOutput.contains("USAGE: deckgen serve [<content>]"))
            #expect(captured.standardOutput.contains("--port <port>"))
        }
        let captured = CapturedConsole()
        _ = CommandLineInterface(arguments: ["--help"], console: captured.console).run()
        #expect(captured.standardOutput.contains("\n  serve "))
    }
}
