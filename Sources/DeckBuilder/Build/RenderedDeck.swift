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
    /// The note's links and images that name content (`LinkResolver.readsContent`), as written: the page changes
    /// when what they resolve to does.
    var linkReferences: [LinkResolver.Reference] = []
    /// `LinkResolver.digest` of `linkReferences` as this build resolved them.
    var linkDigest = ""
    /// The note's structure, read by the question generators.
    var outline: NoteOutline
    /// The note's own quiz blocks, not yet parsed.
    var quizBlocks: [QuizBlockSource]
    /// The deck's questions, valid and with their choices already shuffled.
    var questions: [Question] = []
    /// True when the deck's page is kept from the last build as it is; `questions` is then empty.
    var isKept = false
    /// The questions as the index lists them, worked out once per deck (ids are digests); for a kept deck,
    /// from the last build's record.
    var listedQuestions: [IndexQuestion]?
    /// What rendering reported about this deck (or, for a kept deck, what it reported last time).
    var renderDiagnostics: [Diagnostic] = []
    /// What the question step reported about this deck (or, for a kept page, what it reported last time).
    var questionDiagnostics: [Diagnostic] = []

    /// The questions as the index lists them.
    var indexQuestions: [IndexQuestion] {
        listedQuestions ?? questions.map { IndexQuestion(id: $0.id, prompt: $0.prompt) }
    }

    var questionCount: Int {
        listedQuestions?.count ?? questions.count
    }
}
