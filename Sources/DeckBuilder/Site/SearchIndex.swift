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
        // Each deck's word numbers in turn, then sorted by word with a counting sort: appending to one array per
        // word jumped about memory for every word of every deck.
        var table = WordTable()
        var occurrences = [Int32]()
        var deckEnds = [Int]()
        for words in deckWords {
            var words = words
            words.withUTF8 { bytes in
                var start = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x20 {
                    if index > start { occurrences.append(Int32(table.add(UnsafeBufferPointer(rebasing: bytes[start..<index])).number)) }
                    start = index + 1
                }
            }
            deckEnds.append(occurrences.count)
        }
        var starts = [Int](repeating: 0, count: table.count + 1)
        for number in occurrences { starts[Int(number) + 1] += 1 }
        for number in 0..<table.count { starts[number + 1] += starts[number] }
        var next = starts
        var decks = [Int](repeating: 0, count: occurrences.count)
        var deck = 0
        for (place, number) in occurrences.enumerated() {
            while place >= deckEnds[deck] { deck += 1 }
            decks[next[Int(number)]] = deck
            next[Int(number)] += 1
        }
        let order = table.sortedByBytes
        var json = JSONText()
        json.object { json in
            json.field("decks") { json in
                json.array(order) { json, number in json.string(encoded(decks[starts[number]..<starts[number + 1]])) }
            }
            json.field("words") { $0.string(table.joined(order)) }
        }
        return json.bytes
    }

    /// Increasing deck numbers as base-64 gaps (the first from zero).
    static func encoded(_ decks: some Collection<Int>) -> String {
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
