import Testing
@testable import DeckBuilder

@Suite("Cutting notes to fit a model's context")
struct LLMJobTests {
    static func longNote(sections: Int, paragraph: Int) -> String {
        (1...sections).map { "## Section \($0)\n\n" + String(repeating: "Words about section \($0). ", count: paragraph) }
            .joined(separator: "\n\n")
    }

    @Test("a note that fits is one piece with every question")
    func fits() {
        let job = LLMJob(path: "a.md", title: "A", lang: "en", markdown: "# A\n\nShort.", count: 5)
        #expect(job.pieces(contextTokens: 8192, maxTokens: 2048) == [LLMJob.Piece(markdown: "# A\n\nShort.", count: 5, part: 1, parts: 1)])
    }

    @Test("a long note is cut at headings, every piece fits, and the questions add up")
    func cut() {
        let markdown = Self.longNote(sections: 6, paragraph: 60)
        let job = LLMJob(path: "a.md", title: "A", lang: "en", markdown: markdown, count: 6)
        let pieces = job.pieces(contextTokens: 4096, maxTokens: 1024)
        let limit = LLMJob.noteCharacters(contextTokens: 4096, maxTokens: 1024, lang: "en")
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { $0.markdown.count <= limit && $0.markdown.hasPrefix("## Section") })
        #expect(pieces.map(\.count).reduce(0, +) == 6)
        #expect(pieces.map(\.part) == Array(1...pieces.count))
        #expect(pieces.allSatisfy { $0.parts == pieces.count })
    }

    @Test("more pieces than questions: only the longest pieces are asked about")
    func fewQuestions() {
        let markdown = "## Short\n\nTiny.\n\n" + Self.longNote(sections: 4, paragraph: 60)
        let pieces = LLMJob(path: "a.md", title: "A", lang: "en", markdown: markdown, count: 2).pieces(contextTokens: 4096, maxTokens: 1024)
        #expect(pieces.map(\.count) == [1, 1])
        #expect(pieces.allSatisfy { !$0.markdown.hasPrefix("## Short") || $0.markdown.count > 100 })
    }

    @Test("CJK text is budgeted at a token a character; answers take at most a quarter of the context")
    func budgets() {
        #expect(LLMJob.noteCharacters(contextTokens: 8192, maxTokens: 2048, lang: "zh-Hans") * 3
                == LLMJob.noteCharacters(contextTokens: 8192, maxTokens: 2048, lang: "en"))
        #expect(LLMJob.answerTokens(contextTokens: 2048, maxTokens: 2048) == 512)
        #expect(LLMJob.answerTokens(contextTokens: 128_000, maxTokens: 2048) == 2048)
    }

    @Test("shares add up exactly and follow the lengths")
    func shares() {
        #expect(LLMJob.share(5, byLengths: [100, 100, 100]).reduce(0, +) == 5)
        #expect(LLMJob.share(4, byLengths: [300, 100]) == [3, 1])
        #expect(LLMJob.share(0, byLengths: [10, 10]) == [0, 0])
    }
}
