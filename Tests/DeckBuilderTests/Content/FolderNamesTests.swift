import Foundation
import Testing
@testable import DeckBuilder

@Suite("Folder names")
struct FolderNamesTests {
    @Test("names that are not UTF-8, hold a control character, or read the same as another are skipped with a printable warning")
    func usable() {
        let nfc = Array("caf\u{E9}.md".utf8), nfd = Array("cafe\u{301}.md".utf8)
        var warnings = [Diagnostic]()
        let names = FolderNames.usable([Array("b.md".utf8), nfd, Array("a\nb.md".utf8), [0x66, 0xFF, 0x2E, 0x6D, 0x64], nfc,
                                        Array("x\u{1B}[31m.md".utf8)],
                                       in: "notes", warnings: &warnings)
        // NFD sorts first by its bytes (`e`, 0x65, before 0xC3), so it is the one kept.
        #expect(names.map { Array($0.utf8) } == [Array("b.md".utf8), nfd])
        #expect(warnings.map { Array($0.path.utf8) } == [Array("notes/a\\u{A}b.md".utf8), Array("notes/caf\u{E9}.md".utf8),
                                                          Array("notes/f\\xFF.md".utf8), Array("notes/x\\u{1B}[31m.md".utf8)])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("skipped") })
        #expect(warnings[1].message.contains("reads the same as cafe\u{301}.md"))
    }

    @Test("printable names show every control character and stray byte as an escape")
    func printable() {
        #expect(FolderNames.printable(Array("plain é 日本".utf8)) == "plain é 日本")
        #expect(FolderNames.printable([0x61, 0x0A, 0xC3, 0x28, 0x7F]) == "a\\u{A}\\xC3(\\u{7F}")
        #expect(DiagnosticPrinter.printable("a\u{1B}]0;title\u{07}b") == "a\\u{1B}]0;title\\u{7}b")
    }

    @Test("names too long for a file are cut on a character boundary with a hash, so two stay two")
    func fitting() {
        #expect(FileName.fitting("note.md", suffix: ".md") == "note.md.md")
        let long = String(repeating: "日", count: 90)   // 270 bytes
        let fitted = FileName.fitting(long, suffix: ".html")
        #expect(fitted.utf8.count <= FileName.maximumBytes && fitted.hasSuffix(".html") && fitted.contains("~"))
        #expect(fitted != FileName.fitting(long + "x", suffix: ".html"))
        #expect(FileName.fitting(long, prefix: ".", suffix: ".tmp-", limit: 245).utf8.count <= 245)
    }
}
