import Testing
@testable import DeckBuilder

@Suite("Question store paths")
struct QuestionStorePathTests {
    @Test("every note has a store file of its own, and the usual ones keep their names")
    func distinct() {
        #expect(QuestionStore.path(forNote: "biology/cells.md") == ".deckgen/questions/biology/cells.md")
        #expect(QuestionStore.path(forNote: "scans/page1.png") == ".deckgen/questions/scans/page1.png.md")
        #expect(QuestionStore.path(forNote: "v1.2.md") == ".deckgen/questions/v1.2.md")
        let notes = ["a.txt", "a.txt.md", "a.md", "a.md.md", "a.md.md.md", "A.TXT", "A.TXT.md", "a.markdown", "a.markdown.md",
                     "scans/p.png", "scans/p.png.md", "b.MD", "b.MD.md"]
        let paths = notes.map(QuestionStore.path(forNote:))
        #expect(Set(paths).count == notes.count, "\(paths)")
    }

    @Test("a name too long for a store file is shortened with a hash")
    func long() {
        let name = String(repeating: "n", count: 253) + ".txt"
        let path = QuestionStore.path(forNote: "notes/" + name)
        #expect(path.hasPrefix(".deckgen/questions/notes/n") && path.hasSuffix(".md"))
        #expect(PathParts.split(path).name.utf8.count <= FileName.maximumBytes)
        #expect(QuestionStore.path(forNote: String(repeating: "m", count: 252) + ".md").hasSuffix(String(repeating: "m", count: 40) + ".md"))
    }
}
