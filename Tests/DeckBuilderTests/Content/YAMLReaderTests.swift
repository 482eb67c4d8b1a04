import Testing
@testable import DeckBuilder

@Suite("YAML reader")
struct YAMLReaderTests {
    @Test("nesting past the limit is an error at its line, not a stack overflow; up to it is read")
    func deepNesting() throws {
        let deep = "title: " + String(repeating: "[", count: 100_000) + "\n"
        #expect { try YAMLReader.parse(deep, lineOffset: 1) } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.line == 2 && diagnostic.message.contains("nested more than 64 levels")
        }
        let fine = "a: " + String(repeating: "[", count: 63) + "1" + String(repeating: "]", count: 63) + "\n"
        #expect(try YAMLReader.parse(fine) != nil)
    }
}
