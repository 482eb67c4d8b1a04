/// A note rendered to HTML, with what its page and the index show about it.
struct RenderedDeck: Sendable {
    var slug: String
    var sourcePath: String
    var title: String
    var lang: String
    var tags: [String]
    var section: String
    var order: Int?
    var html: String
    /// Content files the note links to, copied into `files/`.
    var assets: [String]
    /// The note's structure, read by the question generators.
    var outline: NoteOutline
    /// The note's own quiz blocks, not yet parsed.
    var quizBlocks: [QuizBlockSource]
    /// The deck's questions, valid and with their choices already shuffled.
    var questions: [Question] = []
}
