import Testing
@testable import DeckBuilder

/// Words kept once each, numbered as first added, read back by number and in byte order.
@Suite("Word table")
struct WordTableTests {
    @Test("a word added again keeps its number; words read back as added")
    func numbers() {
        var table = WordTable()
        let words = ["water", "cells", "water", "細胞", "", "cell", "cells"]
        let added = words.map { table.add(Array($0.utf8)) }
        #expect(added.map(\.number) == [0, 1, 0, 2, 3, 4, 1])
        #expect(added.map(\.isNew) == [true, true, false, true, true, true, false])
        #expect(table.count == 5)
        #expect((0..<table.count).map { String(decoding: table.word($0), as: UTF8.self) } == ["water", "cells", "細胞", "", "cell"])
        #expect(table.sortedByBytes.map { String(decoding: table.word($0), as: UTF8.self) } == ["", "cell", "cells", "water", "細胞"])
    }

    @Test("the hash order is the same whatever order the words came in")
    func hashOrder() {
        var forward = WordTable(), backward = WordTable()
        let words = (0..<500).map { "word\($0)" }
        for word in words { _ = forward.add(Array(word.utf8)) }
        for word in words.reversed() { _ = backward.add(Array(word.utf8)) }
        #expect(forward.joined == backward.joined)
        #expect(Set(forward.joined.split(separator: " ").map(String.init)) == Set(words))
    }
}
