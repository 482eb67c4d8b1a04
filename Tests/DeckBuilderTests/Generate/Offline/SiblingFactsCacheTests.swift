import Foundation
import Synchronization
import Testing
@testable import DeckBuilder

@Suite("Sibling facts cache")
struct SiblingFactsCacheTests {
    @Test("tasks asking for a note's facts at once read it once, and all get what was read")
    func readsOnce() {
        let cache = SiblingFactsCache()
        let outline = NoteOutline(entries: [.init(block: .paragraph(OutlineText(text: "A heap is a tree.")), line: 1, headings: [])])
        let reads = Atomic<Int>(0)
        let terms = LockedBox([[String]]())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let facts = cache.facts(of: outline, language: .english) {
                reads.add(1, ordering: .relaxed)
                // Long enough for every other thread to ask while this one reads.
                usleep(50_000)
                var facts = NoteFacts()
                facts.boldTerms = ["Heap"]
                return facts
            }
            terms.withLock { $0.append(facts.boldTerms) }
        }
        #expect(reads.load(ordering: .relaxed) == 1)
        #expect(terms.withLock { $0 } == Array(repeating: ["Heap"], count: 8))
    }

    @Test("another language or another outline is read on its own")
    func keys() {
        let cache = SiblingFactsCache()
        let first = NoteOutline(entries: [.init(block: .paragraph(OutlineText(text: "One.")), line: 1, headings: [])])
        let second = NoteOutline(entries: [.init(block: .paragraph(OutlineText(text: "Two.")), line: 1, headings: [])])
        let reads = Atomic<Int>(0)
        let read = { () -> NoteFacts in
            reads.add(1, ordering: .relaxed)
            return NoteFacts()
        }
        for _ in 0..<3 {
            _ = cache.facts(of: first, language: .english, extract: read)
            _ = cache.facts(of: first, language: .korean, extract: read)
            _ = cache.facts(of: second, language: .english, extract: read)
        }
        #expect(reads.load(ordering: .relaxed) == 3)
    }

    @Test("only the most recent notes' facts are kept: one dropped is read again when asked for")
    func keepsTheRecent() {
        let cache = SiblingFactsCache(capacity: 2)
        let outlines = (1...3).map { number in
            NoteOutline(entries: [.init(block: .paragraph(OutlineText(text: "Note \(number).")), line: 1, headings: [])])
        }
        let reads = Atomic<Int>(0)
        let read = { () -> NoteFacts in
            reads.add(1, ordering: .relaxed)
            return NoteFacts()
        }
        for outline in outlines { _ = cache.facts(of: outline, language: .english, extract: read) }
        #expect(reads.load(ordering: .relaxed) == 3)
        // The last two are kept.
        _ = cache.facts(of: outlines[2], language: .english, extract: read)
        _ = cache.facts(of: outlines[1], language: .english, extract: read)
        #expect(reads.load(ordering: .relaxed) == 3)
        // The first was dropped, and is read again.
        _ = cache.facts(of: outlines[0], language: .english, extract: read)
        #expect(reads.load(ordering: .relaxed) == 4)
        // Many more notes later, the last two are still kept.
        let more = (4...20).map { number in
            NoteOutline(entries: [.init(block: .paragraph(OutlineText(text: "Note \(number).")), line: 1, headings: [])])
        }
        for outline in more { _ = cache.facts(of: outline, language: .english, extract: read) }
        #expect(reads.load(ordering: .relaxed) == 21)
        for outline in more.suffix(2) { _ = cache.facts(of: outline, language: .english, extract: read) }
        #expect(reads.load(ordering: .relaxed) == 21)
        _ = cache.facts(of: more[0], language: .english, extract: read)
        #expect(reads.load(ordering: .relaxed) == 22)
    }
}
