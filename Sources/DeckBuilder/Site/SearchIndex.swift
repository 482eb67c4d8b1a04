/// The index page's search index: every word of the site once, with the decks that hold it.
///
/// An inverted index rather than each deck's words: on 5,000 notes it is a fifth of their size (2.8 MB against
/// 12.8 MB), so the index page stays light. A deck is its place in the index's data (`SiteIndexData.decks`); each
/// word's decks are written as the gaps between them, each gap in base-64 digits of five bits, a digit of 32 or more
/// saying another follows (low bits first). The page script decodes a word's decks only when a search reaches it.
enum SearchIndex {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `{"decks":[…],"words":"…"}`: the words in UTF-8 byte order, parted by spaces, and beside each its decks.
    /// `deckWords` are the decks' words (`SearchWords.joined`), in the index's order.
    static func json(_ deckWords: [String]) -> [UInt8] {
        var postings = [Substring: [Int]]()
        for (deck, words) in deckWords.enumerated() {
            for word in words.split(separator: " ") { postings[word, default: []].append(deck) }
        }
        let words = postings.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var json = JSONText()
        json.object { json in
            json.field("decks") { json in
                json.array(words) { json, word in json.string(encoded(postings[word] ?? [])) }
            }
            json.field("words") { $0.string(words.joined(separator: " ")) }
        }
        return json.bytes
    }

    /// Increasing deck numbers as base-64 gaps (the first from zero).
    static func encoded(_ decks: [Int]) -> String {
        var bytes = [UInt8]()
        var previous = 0
        for deck in decks {
            var gap = deck - previous
            previous = deck
            while gap >= 32 {
                bytes.append(digits[32 + (gap & 31)])
                gap >>= 5
            }
            bytes.append(digits[gap])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
