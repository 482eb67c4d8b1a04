/// Each note's facts, read once per build: a note is asked about once and lends its facts to up to eight
/// neighbours, and reading it again for each was most of the offline generator's time.
final class SiblingFactsCache: Sendable {
    private struct Key: Hashable {
        let language: GeneratorLanguage
        let outline: NoteOutline
    }

    private enum Entry: Sendable {
        case read(NoteFacts)
        /// Being read by one task, which the others needing the facts wait for.
        case reading(PendingValue<NoteFacts>)
    }

    private let entries = LockedBox([Key: Entry]())

    /// The facts of `outline` read in `language`, from the cache or from `extract`, whose result is kept.
    ///
    /// A note is read by one task only: neighbouring notes' tasks ask for the same siblings at about the same
    /// time, and when each read them itself, a third of the reading was done twice. Reading a note asks for no
    /// other, so a task waiting here never waits on itself.
    func facts(of outline: NoteOutline, language: GeneratorLanguage, extract: () -> NoteFacts) -> NoteFacts {
        let key = Key(language: language, outline: outline)
        let (known, mine) = entries.withLock { entries -> (Entry?, PendingValue<NoteFacts>?) in
            if let entry = entries[key] { return (entry, nil) }
            let reading = PendingValue<NoteFacts>()
            entries[key] = .reading(reading)
            return (nil, reading)
        }
        switch known {
        case .read(let facts): return facts
        case .reading(let reading): return reading.value
        case nil: break
        }
        let extracted = extract()
        entries.withLock { $0[key] = .read(extracted) }
        mine?.fulfil(extracted)
        return extracted
    }
}
