import Testing
@testable import DeckBuilder

/// A deck grows with its note: five questions for a card, a chapter's worth for a chapter.
@Suite("Default question count")
struct DeckQuestionsCountTests {
    @Test("five up to 1,250 words, then one more per 250 words, at most 40", arguments: [
        (0, 5), (300, 5), (1_250, 5), (1_500, 6), (3_000, 12), (13_000, 40),
    ])
    func words(count: Int, expected: Int) {
        let text = Array(repeating: "word", count: count).joined(separator: " ")
        #expect(DeckQuestions.defaultCount(forText: text) == expected)
    }

    @Test("Chinese and Japanese characters count as half a word each")
    func ideographs() {
        #expect(DeckQuestions.defaultCount(forText: String(repeating: "細胞分裂", count: 1_500)) == 12)
    }
}
