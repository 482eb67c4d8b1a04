import Foundation
import Testing
@testable import DeckBuilder

@Suite("deckgen build --json")
struct BuildJSONTests {
    static let keys = ["decks", "diagnostics", "errors", "files", "llm", "pages", "pages_written", "questions", "reports",
                       "seconds", "site_written", "up_to_date", "warnings"]

    func run(_ arguments: [String], in folder: URL) -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: arguments, console: captured.console, workingDirectory: folder).run()
        return (status, captured)
    }

    /// Standard output as one JSON object, which must be all it holds: one line.
    func object(_ output: String) throws -> [String: Any] {
        #expect(output.hasSuffix("}\n"))
        #expect(output.filter { $0 == "\n" }.count == 1)
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test("prints one object with sorted keys on standard output; the human lines stay on standard error")
    func shape() throws {
        let folder = try TemporaryFolder(["notes/a.md": "# Alpha\n\n- **Term**: a meaning\n", "notes/b.md": "# Beta\n"])
        let (status, captured) = run(["build", "notes", "-o", "out", "--json"], in: folder.url)
        #expect(status == 0)
        let output = captured.standardOutput
        let object = try object(output)
        #expect(object.keys.sorted() == Self.keys)
        // Sorted in the text itself, not only in the parsed object: nothing else is quoted before a colon here.
        let order = try NSRegularExpression(pattern: #""([a-z_]+)":"#)
            .matches(in: output, range: NSRange(output.startIndex..., in: output))
            .compactMap { Range($0.range(at: 1), in: output).map { String(output[$0]) } }
        #expect(order == Self.keys)
        #expect(object["pages"] as? Int == 4, "two decks, the index and the review page")
        #expect(object["decks"] as? Int == 2)
        #expect(object["reports"] as? Int == 0)
        #expect(object["llm"] is NSNull, "no model was asked")
        #expect(object["errors"] as? Int == 0 && object["warnings"] as? Int == 0)
        #expect(output.contains(#""site_written":true"#) && output.contains(#""up_to_date":false"#))
        #expect(object["pages_written"] as? Int == 4)
        #expect((object["seconds"] as? Double).map { $0 >= 0 && $0 < 60 } == true)
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(captured.standardError.contains("Built 4 pages (2 decks, 1 index, 1 review page"))
        #expect(!captured.standardError.contains("{"))
    }

    @Test("a second build of unchanged content says it is up to date")
    func upToDate() throws {
        let folder = try TemporaryFolder(["notes/a.md": "# Alpha\n"])
        #expect(run(["build", "notes", "-o", "out", "--json"], in: folder.url).0 == 0)
        let (status, captured) = run(["build", "notes", "-o", "out", "--json"], in: folder.url)
        #expect(status == 0)
        let output = captured.standardOutput
        #expect(output.contains(#""up_to_date":true"#) && output.contains(#""site_written":true"#))
        #expect(try object(output)["pages_written"] as? Int == 0)
    }

    @Test("diagnostics carry severity, the path as the human line shows it, line, column and message")
    func diagnostics() throws {
        let folder = try TemporaryFolder(["notes/a.md": "# Alpha\n\n[gone](missing.md)\n"])
        let (status, captured) = run(["build", "notes", "-o", "out", "--json"], in: folder.url)
        #expect(status == 0)
        let object = try object(captured.standardOutput)
        #expect(object["warnings"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first)
        #expect(first.keys.sorted() == ["column", "line", "message", "path", "severity"])
        #expect(first["severity"] as? String == "warning")
        #expect(first["path"] as? String == "notes/a.md")
        #expect(first["line"] as? Int == 3)
        #expect(first["column"] is NSNull)
        #expect((first["message"] as? String)?.hasPrefix("link missing.md") == true)
        #expect(captured.standardError.contains("notes/a.md:3: warning: link missing.md"))
    }

    @Test("a failed build still prints the object, with the errors, and exits 1 as before")
    func failed() throws {
        let folder = try TemporaryFolder(["content/a.md": "---\ntitle: [\n---\n"])
        let (status, captured) = run(["build", "--json"], in: folder.url)
        #expect(status == 1)
        let output = captured.standardOutput
        let object = try object(output)
        #expect(object["errors"] as? Int == 1)
        #expect(output.contains(#""site_written":false"#))
        let error = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(error["severity"] as? String == "error")
        #expect(error["path"] as? String == "content/a.md")
        #expect(error["line"] as? Int == 3 && error["column"] as? Int == 1)
        #expect(captured.standardError.contains("Build failed with 1 error"))
        #expect(!folder.exists("site"))
    }

    @Test("without --json nothing goes to standard output")
    func quietWithout() throws {
        let folder = try TemporaryFolder(["notes/a.md": "# Alpha\n"])
        let (status, captured) = run(["build", "notes", "-o", "out"], in: folder.url)
        #expect(status == 0)
        #expect(captured.standardOutput.isEmpty)
    }

    @Test("--json takes no value")
    func noValue() throws {
        let folder = try TemporaryFolder()
        let (status, captured) = run(["build", "--json=yes"], in: folder.url)
        #expect(status == 64)
        #expect(captured.standardOutput.isEmpty)
    }
}
