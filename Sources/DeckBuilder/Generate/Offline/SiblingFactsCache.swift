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

    /// The entries, and the keys of those read, oldest first.
    private let entries = LockedBox((byKey: [Key: Entry](), order: [Key](), oldest: 0))
    /// How many notes' facts are kept. A build asks for a note's facts while it works on the note and its
    /// neighbours, close together in deck order, so only the last few hundred are asked for again; keeping every
    /// note's made memory grow with the content. A note dropped too soon is only read again.
    private let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The facts of `outline` read in `language`, from the cache or from `extract`, whose result is kept.
    ///
    /// A note is read by one task only: neighbouring notes' tasks ask for the same siblings at about the same
    /// time, and when each read them itself, a third of the reading was done twice. Reading a note asks for no
    /// other, so a task waiting here never waits on itself.
    func facts(of outline: NoteOutline, language: GeneratorLanguage, extract: () -> NoteFacts) -> NoteFacts {
        let key = Key(language: language, outline: outline)
        let (known, mine) = entries.withLock { entries -> (Entry?, PendingValue<NoteFacts>?) in
            if let entry = entries.byKey[key] { return (entry, nil) }
            let reading = PendingValue<NoteFacts>()
            entries.byKey[key] = .reading(reading)
            return (nil, reading)
        }
        switch known {
        case .read(let facts): return facts
        case .reading(let reading): return reading.value
        case nil: break
        }
        let extracted = extract()
        // The dropped notes' facts are freed after the lock is let go: freeing them under it held up the other tasks.
        let dropped = entries.withLock { entries -> [Entry] in
            entries.byKey[key] = .read(extracted)
            entries.order.append(key)
            // The oldest are dropped; the list itself is compacted now and then rather than shifted every time.
            var dropped = [Entry]()
            while entries.order.count - entries.oldest > capacity {
                if let entry = entries.byKey.removeValue(forKey: entries.order[entries.oldest]) { dropped.append(entry) }
                entries.oldest += 1
            }
            if entries.oldest > capacity {
                entries.order.removeFirst(entries.oldest)
                entries.oldest = 0
            }
            return dropped
        }
        mine?.fulfil(extracted)
        withExtendedLifetime(dropped) {}
        return extracted
    }
}
