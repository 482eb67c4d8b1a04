/// The built-in generator: multiple-choice questions from the note's own definitions, tables and headings,
/// with no network and no randomness, so the same note always gets the same questions.
public struct OfflineGenerator: QuestionGenerator {
    public let name = "offline"
    public let model = "-"
    public let promptVersion = "offline-4"
    /// Shared by the copies of this generator, so one build reads each sibling's facts once.
    private let siblingFacts = SiblingFactsCache()

    /// A generator with the built-in rules.
    public init() {}

    /// Up to `request.count` questions, each valid and explained; none when the note states nothing askable.
    public func questions(for request: GenerationRequest) throws(Diagnostic) -> [Question] {
        report(for: request).questions
    }

    /// The questions, with how many candidates the validator turned away (for tests and tuning).
    func report(for request: GenerationRequest) -> (questions: [Question], dropped: Int) {
        guard request.count > 0 else { return ([], 0) }
        let language = GeneratorLanguage(tag: request.lang, sample: Self.sample(of: request.outline))
        let extractor = FactExtractor(language: language)
        let note = FactExtractor(language: language, markdown: request.markdown).facts(in: request.outline)
        let siblings = request.siblings.map { outline in
            siblingFacts.facts(of: outline, language: language) { extractor.facts(in: outline) }
        }
        let composer = QuestionComposer(note: note, siblings: siblings,
                                        wording: QuestionWording(language: language, title: request.title))
        var candidates = [Candidate]()
        var dropped = 0
        for (order, fact) in note.facts.enumerated() {
            let made = composer.candidates(for: fact, order: order)
            candidates += made.candidates
            dropped += made.dropped
        }
        return (QuestionSelector().select(candidates, count: request.count), dropped)
    }

    /// Enough of the note's text to tell its script.
    private static func sample(of outline: NoteOutline) -> String {
        var text = ""
        for entry in outline.entries where text.count < 4000 {
            switch entry.block {
            case .heading(_, let words), .paragraph(let words), .listItem(let words, _): text += words.text + " "
            case .table: break
            }
        }
        return text
    }
}
