/// Something that writes questions for a note: the offline generator, or (later) an LLM provider.
public protocol QuestionGenerator: Sendable {
    /// The name recorded in the question store (`offline`, `openai`, `gemini`).
    var name: String { get }
    /// The model recorded in the store; `-` where there is none.
    var model: String { get }
    /// Changes whenever the way questions are made changes, so stored questions made the old way are regenerated.
    var promptVersion: String { get }

    /// Up to `request.count` questions for the note, every one passing `QuestionValidator`; fewer rather than bad ones.
    func questions(for request: GenerationRequest) throws(Diagnostic) -> [Question]

    /// True only for a generator that runs `QuestionValidator` itself on every question it returns, as returned, and
    /// keeps none with any problem: the build then need not run it a second time. False unless a generator says so.
    var validatesItsQuestions: Bool { get }
}

extension QuestionGenerator {
    public var validatesItsQuestions: Bool { false }
}

/// Everything a generator knows about the note it writes questions for.
public struct GenerationRequest: Sendable {
    /// The note's path relative to the content folder, for messages.
    public var notePath: String
    public var title: String
    /// The note's language (BCP 47), in which questions are asked.
    public var lang: String
    /// How many questions to make at most.
    public var count: Int
    /// The note's Markdown body, front matter and quiz blocks removed.
    public var markdown: String
    public var outline: NoteOutline
    /// Words of a scanned note that tesseract was unsure of, which no answer or wrong choice may hold.
    public var unsureWords: Set<String> = []

    public init(notePath: String, title: String, lang: String, count: Int, markdown: String, outline: NoteOutline) {
        self.notePath = notePath
        self.title = title
        self.lang = lang
        self.count = count
        self.markdown = markdown
        self.outline = outline
    }
}
