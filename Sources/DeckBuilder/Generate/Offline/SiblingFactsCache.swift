import Dispatch

/// Each note's facts, read once per build: a note is asked about once and lends its facts to up to eight
/// neighbours, and reading it again for each was most of the offline generator's time.
final class SiblingFactsCache: Sendable {
    private struct Key: Hashable {
        let language: GeneratorLanguage
        let outline: NoteOutline
    }

    /// Facts being read by one task, which the others needing them wait for.
    private final class Reading: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let result = LockedBox<NoteFacts?>(nil)

        func finish(_ facts: NoteFacts) {
            result.withLock { $0 = facts }
            done.signal()
        }

        var facts: NoteFacts {
            done.wait()
            // Signalled again, so that every other waiter goes on too.
            done.signal()
            guard let facts = result.withLock({ $0 }) else { preconditionFailure("signalled before the facts were stored") }
            return facts
        }
    }

    private enum Entry: Sendable {
        case read(NoteFacts)
        case reading(Reading)
    }

    private let entries = LockedBox([Key: Entry]())

    /// The facts of `outline` read in `language`, from the cache or from `extract`, whose result is kept.
    ///
    /// A note is read by one task only: neighbouring notes' tasks ask for the same siblings at about the same
    /// time, and when each read them itself, a third of the reading was done twice. Reading a note asks for no
    /// other, so a task waiting here never waits on itself.
    func facts(of outline: NoteOutline, language: GeneratorLanguage, extract: () -> NoteFacts) -> NoteFacts {
        let key = Key(language: language, outline: outline)
        let (known, mine) = entries.withLock { entries -> (Entry?, Reading?) in
            if let entry = entries[key] { return (entry, nil) }
            let reading = Reading()
            entries[key] = .reading(reading)
            return (nil, reading)
        }
        switch known {
        case .read(let facts): return facts
        case .reading(let reading): return reading.facts
        case nil: break
        }
        let extracted = extract()
        entries.withLock { $0[key] = .read(extracted) }
        mine?.finish(extracted)
        return extracted
    }
}
