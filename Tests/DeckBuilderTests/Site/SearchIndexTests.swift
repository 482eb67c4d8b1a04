import Foundation
import Testing
@testable import DeckBuilder

/// The index page's inverted index: each word once, its decks as base-64 gaps the page script decodes.
@Suite("Search index")
struct SearchIndexTests {
    /// Decodes gaps as quiz.js's `decodeDecks` does.
    static func decoded(_ text: String) -> [Int] {
        var decks = [Int](), previous = 0, gap = 0, shift = 0
        for byte in text.utf8 {
            let digit = SearchIndex.digits.firstIndex(of: byte)!
            gap += (digit & 31) << shift
            if digit >= 32 {
                shift += 5
                continue
            }
            previous += gap
            decks.append(previous)
            gap = 0
            shift = 0
        }
        return decks
    }

    @Test("deck numbers of every size survive the gap coding")
    func gapsRoundTrip() {
        for decks in [[0], [0, 1, 2], [31, 32, 33], [5, 1_000, 1_001, 40_000, 1_048_576, 1_048_577], []] {
            #expect(Self.decoded(SearchIndex.encoded(decks)) == decks)
        }
        #expect(SearchIndex.encoded([0, 1, 31]) == "ABe", "one digit for each gap under 32")
    }

    @Test("each word lists the decks that hold it, in order")
    func postings() throws {
        let json = SearchIndex.json(["cells water", "", "water 火药", "cells"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let words = try #require(object["words"] as? String).split(separator: " ").map(String.init)
        let decks = try #require(object["decks"] as? [String])
        #expect(words == ["cells", "water", "火药"])
        #expect(decks.map(Self.decoded) == [[0, 3], [0, 2], [2]])
        #expect(SearchIndex.json([]) == Array(#"{"decks":[],"words":""}"#.utf8))
    }
}
