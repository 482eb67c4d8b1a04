/// A term and what one block of a note says it is, before it becomes a `Fact`.
struct Definition: Sendable, Equatable {
    var term: String
    var aliases: [String] = []
    /// The defining words, as found (not yet cleaned into a choice).
    var text: String
    /// The sentence naming the term, for a fill-in-the-blank item.
    var sentence: String?
    /// Whether `sentence` was found by looking for the term in it, so it needs no second look.
    var sentenceNamesTerm = false
    /// 3 for bold terms, 2 for `Term: definition` list items, 1 for sentences that merely look like definitions.
    var reliability: Int
}
