/// Each note's facts, read once per build: a note is asked about once and lends its facts to up to eight
/// neighbours, and reading it again for each was most of the offline generator's time.
final class SiblingFactsCache: Sendable {
    private struct Key: Hashable {
        let language: GeneratorLanguage
        let outline: NoteOutline
    }

    private let facts = LockedBox([Key: NoteFacts]())

    /// The facts of `outline` read in `language`, from the cache or from `extract`, whose result is kept.
    func facts(of outline: NoteOutline, language: GeneratorLanguage, extract: () -> NoteFacts) -> NoteFacts {
        let key = Key(language: language, outline: outline)
        if let known = facts.withLock({ $0[key] }) { return known }
        // Extracted outside the lock, so other notes go on meanwhile; two tasks may both read one sibling once.
        let extracted = extract()
        facts.withLock { $0[key] = extracted }
        return extracted
    }
}
