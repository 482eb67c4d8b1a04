import Foundation
import Testing
@testable import DeckBuilder

/// The folder of bad inputs from the foundation issue, made on the fly (the big ones are megabytes).
enum BadInputs {
    static func files() -> [String: Data] {
        let text = { (string: String) in Data(string.utf8) }
        return [
            "invalid-utf8.md": Data("# Caf".utf8) + Data([0xE9, 0x20, 0xFF]) + text("\n\nok\n"),
            "binary.md": Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]),
            "empty.md": Data(),
            "long-line.md": text(String(repeating: "word **bold** ", count: 5_000_000 / 14)),
            "broken-front-matter.md": text("---\ntitle: \"unterminated\ntags: [a\n---\nbody\n"),
            "brackets.md": text(String(repeating: "[", count: 50_000)),
            "quotes.md": text(String(repeating: "> ", count: 50_000) + "deep\n"),
            "lists.md": text(String(repeating: "- ", count: 20_000) + "deep\n"),
            "emphasis.md": text(String(repeating: "*a **b ", count: 25_000)),
            "wide-table.md": text(String(repeating: "| a ", count: 10_000) + "|\n" + String(repeating: "|---", count: 10_000) + "|\n"
                                  + String(repeating: "| 1 ", count: 10_000) + "|\n"),
            "fine.md": text("# Fine\n\nA normal note.\n"),
        ]
    }
}

@Suite("Bad input")
struct BadInputTests {
    @Test("every bad file gets a clear message, the build says it cannot be trusted, and nothing crashes")
    func badFolder() throws {
        let folder = try TemporaryFolder()
        for (name, data) in BadInputs.files() { try folder.write(data, to: "content/" + name) }
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        let summary = Builder(options: options).build()
        let byFile = Dictionary(grouping: summary.diagnostics, by: \.path)

        #expect(!summary.succeeded)
        #expect(!folder.exists("site"))
        #expect(byFile["binary.md"]?.first?.severity == .error)
        #expect(byFile["binary.md"]?.first?.message.contains("binary") == true)
        #expect(byFile["broken-front-matter.md"]?.first?.severity == .error)
        #expect(byFile["broken-front-matter.md"]?.first?.line != nil)
        #expect(byFile["invalid-utf8.md"]?.first?.message.contains("invalid UTF-8") == true)
        #expect(byFile["invalid-utf8.md"]?.first?.line == 1)
        #expect(byFile["empty.md"]?.first?.message.contains("empty") == true)
        #expect(byFile["wide-table.md"]?.first?.message.contains("columns") == true)
        // A guard, not a benchmark (bench/bad_inputs is that): unguarded, the wide table alone takes minutes.
        #expect(summary.seconds < 60)
    }

    @Test("without the two files that cannot be trusted, the rest build with warnings")
    func warningsOnly() throws {
        let folder = try TemporaryFolder()
        for (name, data) in BadInputs.files() where name != "binary.md" && name != "broken-front-matter.md" {
            try folder.write(data, to: "content/" + name)
        }
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        let summary = Builder(options: options).build()
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(summary.decks == 8)
        #expect(try folder.read("site/decks/invalid-utf8.html").contains("Caf\u{FFFD}"))
    }
}
