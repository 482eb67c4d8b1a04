import Testing
@testable import DeckBuilder

/// Lines cut on bytes are the lines cutting Characters gives.
@Suite("Text lines")
struct TextLinesTests {
    @Test("on random text of line breaks, accents and combining marks, both splits agree with Character splits")
    func agreesWithCharacters() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "\n", "\r", "\r\n", "é", "e\u{301}", " ", "中", "\u{301}", "\u{0B}", "\u{0C}", "\u{85}",
                                     "\u{2028}", "\u{2029}", "\u{2027}", "\u{C2}"]
        let fixed = ["", "\n", "\r", "\r\n", "a\r\r\nb", "a\n\rb", "\r\n\n", "x"]
        let samples = generator.samples(fixed, from: alphabet, maximumLength: 12, count: 3000)
        for text in samples {
            #expect(TextLines.anyBreak(text) == text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" },
                    "\(Array(text.utf8))")
            #expect(TextLines.lineFeeds(text) == text.split(separator: "\n", omittingEmptySubsequences: false), "\(Array(text.utf8))")
            #expect(TextLines.anyNewline(text) == text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline),
                    "\(Array(text.utf8))")
        }
    }
}
