import Testing
@testable import DeckBuilder

@Suite("String counting")
struct StringCountingTests {
    @Test("characterCount is count, for ASCII, line breaks of every kind, and other text")
    func characterCount() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab \t\n\r\r\n\u{301}é中😀👍🏽")
        for sample in generator.samples(["", "ascii only", "crlf\r\n", "\r", "\n\r", "e\u{301}"], from: alphabet, maximumLength: 16) {
            #expect(sample.characterCount == sample.count, "\(sample.unicodeScalars.map(\.value))")
        }
    }
}
