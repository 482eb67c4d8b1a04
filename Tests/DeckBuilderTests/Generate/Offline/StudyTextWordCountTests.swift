import Testing
@testable import DeckBuilder

/// Counting words on bytes gives what splitting on whitespace gives.
@Suite("Study text word count")
struct StudyTextWordCountTests {
    @Test("the byte count agrees with splitting on whitespace", arguments: [
        "", "   ", "one", " two  words ", "tab\tand\nnew line\r\nend", "a\u{0B}b\u{0C}c", "café au lait", "中文 词语",
        "no-break\u{00A0}space", "trailing\n",
    ])
    func agrees(_ text: String) {
        #expect(StudyText.wordCount(text) == text.split(whereSeparator: \.isWhitespace).count)
    }
}
