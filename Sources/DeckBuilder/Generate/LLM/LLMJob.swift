/// One note to ask a model about, and how it is cut to fit the model's context.
public struct LLMJob: Sendable, Equatable {
    /// The note's path relative to the content folder.
    public var path: String
    public var title: String
    /// BCP 47 tag of the note's language, in which questions are asked.
    public var lang: String
    /// The note's Markdown body, front matter and quiz blocks removed.
    public var markdown: String
    /// How many questions to ask for.
    public var count: Int

    public init(path: String, title: String, lang: String, markdown: String, count: Int) {
        self.path = path
        self.title = title
        self.lang = lang
        self.markdown = markdown
        self.count = count
    }

    /// One request's share of a note: a piece of its text and how many questions to ask about it.
    public struct Piece: Sendable, Equatable {
        public var markdown: String
        public var count: Int
        /// 1-based position among the pieces that are asked about.
        public var part: Int
        public var parts: Int
    }

    /// The note cut at headings into pieces that fit `contextTokens` beside the prompt and an answer of
    /// `maxTokens`, with the questions shared out by length; pieces left with no question are not asked about.
    public func pieces(contextTokens: Int, maxTokens: Int) -> [Piece] {
        let texts = PromptBuilder().chunks(of: markdown, maxCharacters: Self.noteCharacters(
            contextTokens: contextTokens, maxTokens: maxTokens, lang: lang))
        guard !texts.isEmpty, count > 0 else { return [] }
        let counts = Self.share(count, byLengths: texts.map(\.count))
        let asked = zip(texts, counts).filter { $0.1 > 0 }
        return asked.enumerated().map { index, pair in
            Piece(markdown: pair.0, count: pair.1, part: index + 1, parts: asked.count)
        }
    }

    /// The answer size actually requested: at most a quarter of the context, so a repair round (which carries
    /// the previous answer back) still fits beside the note.
    public static func answerTokens(contextTokens: Int, maxTokens: Int) -> Int {
        max(64, min(maxTokens, contextTokens / 4))
    }

    /// Room for note text in one request, in characters: the context less two answers (the last one, carried in
    /// a repair, and the next) and the prompt's own words. CJK text runs about a token per character, other
    /// scripts about three or four characters per token; the lower figure keeps us inside.
    static func noteCharacters(contextTokens: Int, maxTokens: Int, lang: String) -> Int {
        let promptTokens = 700
        let tokens = max(256, contextTokens - 2 * answerTokens(contextTokens: contextTokens, maxTokens: maxTokens) - promptTokens)
        let primary = lang.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return tokens * (["zh", "ja", "ko"].contains(primary) ? 1 : 3)
    }

    /// `total` split in proportion to `lengths` by largest remainders, so the shares add up to `total` exactly.
    static func share(_ total: Int, byLengths lengths: [Int]) -> [Int] {
        let sum = max(1, lengths.reduce(0, +))
        let exact = lengths.map { Double(total) * Double($0) / Double(sum) }
        var shares = exact.map { Int($0) }
        let order = exact.indices.sorted { exact[$0] - Double(shares[$0]) > exact[$1] - Double(shares[$1]) }
        for index in order.prefix(total - shares.reduce(0, +)) { shares[index] += 1 }
        return shares
    }
}
