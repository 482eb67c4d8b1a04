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

    @Test("isASCII, eight bytes at a time, agrees with testing every byte, wherever the non-ASCII byte falls")
    func isASCII() {
        var generator = SystemRandomNumberGenerator()
        let mostlyASCII = Array("abcdefgh 12345678.,;") + ["é", "\u{7F}", "中"]
        for text in generator.samples(["", "a", "\u{7F}", "é", String(repeating: "x", count: 64) + "é"], from: mostlyASCII,
                                      maximumLength: 40, count: 3_000) {
            #expect(text.isASCII == text.utf8.allSatisfy { $0 < 0x80 }, "\(text)")
            var copy = text
            #expect(copy.withUTF8(\.isASCII) == text.utf8.allSatisfy { $0 < 0x80 }, "\(text)")
        }
    }

    @Test("isOneCharacterPerByte, in word-sized passes, agrees with testing every byte, wherever the CR or non-ASCII byte falls")
    func oneCharacterPerByte() {
        var generator = SystemRandomNumberGenerator()
        // Bytes one off a carriage return (0x0C, 0x0E) and 0x8D, which shares its low bits, are among the letters.
        let mostlyASCII = Array("abcdefgh 12345678.,;\u{0C}\u{0E}\n") + ["\r", "é", "\u{8D}", "中"]
        let long = String(repeating: "x", count: 64)
        for text in generator.samples(["", "a", "\r", "\r\n", long + "\r", long + "é", "\u{0C}\u{0E}\u{0C}\u{0E}\u{0C}\u{0E}\u{0C}\u{0E}"],
                                      from: mostlyASCII, maximumLength: 40, count: 3_000) {
            let expected = !text.utf8.contains { $0 >= 0x80 || $0 == 0x0D }
            #expect(text.isOneCharacterPerByte == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("UTF-8 order by memcmp agrees with comparing the UTF-8 views, prefixes and empty strings included")
    func utf8Order() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAb/ -é中😀") + ["\u{E000}", "ａ"]
        let samples = generator.samples(["", "a", "ab", "a/b", "a-b", "é", "e\u{301}"], from: alphabet, maximumLength: 6, count: 400)
        for left in samples.prefix(120) {
            for right in samples.suffix(120) + ["", left, left + "a"] {
                #expect(left.precedesInUTF8Order(right) == left.utf8.lexicographicallyPrecedes(right.utf8),
                        "\(left.unicodeScalars.map(\.value)) \(right.unicodeScalars.map(\.value))")
            }
        }
    }
}
