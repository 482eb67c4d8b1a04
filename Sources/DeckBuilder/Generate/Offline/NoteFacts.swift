/// Everything the offline generator takes from one note: its facts, and words that can serve as distractors.
struct NoteFacts: Sendable, Equatable {
    var facts: [Fact] = []
    /// Short bold words and phrases of the note, the last resort for wrong terms.
    var boldTerms: [String] = []
    /// The note's headings worth asking about, by level, in order.
    var headings: [Int: [String]] = [:]
}
