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
}
