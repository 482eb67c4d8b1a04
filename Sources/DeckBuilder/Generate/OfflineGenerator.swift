/// The built-in generator: multiple-choice questions from the note's own definitions, tables and headings,
/// with no network and no randomness, so the same note always gets the same questions.
public struct OfflineGenerator: QuestionGenerator {
    public let name = "offline"
    public let model = "-"
    public let promptVersion = "offline-6"
    /// `QuestionComposer.candidate(from:)` keeps only questions the validator finds nothing wrong with.
    public let validatesItsQuestions = true

    /// A generator with the built-in rules.
    public init() {}

    /// Up to `request.count` questions, each valid and explained; none when the note states nothing askable.
    public func questions(for request: GenerationRequest) throws(Diagnostic) -> [Question] {
        report(for: request).questions
    }

    /// The questions, with how many finished candidates the validator turned away (for tests and tuning).
    func report(for request: GenerationRequest) -> (questions: [Question], dropped: Int) {
        guard request.count > 0 else { return ([], 0) }
        let (composer, drafts) = composition(for: request)
        return QuestionSelector().select(drafts, count: request.count, word: composer.worded, finish: composer.candidate(from:))
    }

    /// The composer for the note and every question it could ask, before words and distractors.
    func composition(for request: GenerationRequest) -> (composer: QuestionComposer, drafts: [QuestionDraft]) {
        let language = GeneratorLanguage(tag: request.lang, sample: Self.sample(of: request.outline))
        let extractor = FactExtractor(language: language, markdown: request.markdown)
        let note = extractor.facts(in: request.outline)
        var composer = QuestionComposer(note: note, wording: QuestionWording(language: language, title: request.title))
        composer.validator.unsureWords = request.unsureWords
        return (composer, note.facts.enumerated().flatMap { order, fact in composer.drafts(for: fact, order: order) })
    }

    /// Enough of the note's text to tell its script; empty when its bytes already rule out Chinese, Japanese and
    /// Korean, as they do for Latin text, which spares joining it.
    static func sample(of outline: NoteOutline) -> String {
        var texts = [String]()
        var counts = (asciiLetters: 0, nonASCII: 0)
        // Counted in scalars as it grows: `String.count` walks the whole string each time. Text with no byte beyond
        // ASCII has one scalar per byte; elsewhere a scalar is a UTF-8 byte that does not continue another.
        var length = 0
        for entry in outline.entries where length < 4000 {
            switch entry.block {
            case .heading(_, let words), .paragraph(let words), .listItem(let words, _):
                let counted = GeneratorLanguage.byteCounts(words.text)
                counts = (counts.asciiLetters + counted.asciiLetters, counts.nonASCII + counted.nonASCII)
                texts.append(words.text)
                let scalars = counted.nonASCII == 0 ? words.text.utf8.count
                    : words.text.utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                length += scalars + 1
            case .table: break
            }
        }
        return GeneratorLanguage.mayBeCJK(counts) ? texts.map { $0 + " " }.joined() : ""
    }
}
