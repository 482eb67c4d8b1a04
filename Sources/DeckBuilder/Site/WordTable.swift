/// Words as UTF-8 bytes, each kept once and numbered in the order first added. A word is found by a 64-bit FNV-1a
/// hash of its bytes, checked against the word itself. The words lie end to end in one buffer: building the search
/// index looks one up two million times, and words kept as arrays of their own were a cache miss each.
struct WordTable {
    /// Every word's bytes, end to end.
    private var bytes: [UInt8] = []
    /// Where each word ends in `bytes`, by number.
    private var ends: [Int] = []
    /// Each word's hash, by number: an order that costs nothing to sort by.
    private var hashes: [UInt64] = []
    private var numbers: [UInt64: Int] = [:]

    var count: Int { ends.count }

    /// The bytes of word `number`.
    func word(_ number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : ends[number - 1])..<ends[number]]
    }

    /// The number of `word`, and whether it was added just now.
    mutating func add(_ word: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        // Two words of one hash (never seen, but possible) take the next free slot along a fixed step.
        while true {
            guard let number = numbers[hash] else {
                numbers[hash] = ends.count
                bytes.append(contentsOf: word)
                ends.append(bytes.count)
                hashes.append(hash)
                return (ends.count - 1, true)
            }
            if self.word(number).elementsEqual(word) { return (number, false) }
            hash &+= 0x9E37_79B9_7F4A_7C15
        }
    }

    /// `add` on the bytes of an array.
    mutating func add(_ word: [UInt8]) -> (number: Int, isNew: Bool) {
        word.withUnsafeBufferPointer { add($0) }
    }

    /// The words numbered `order`, one space between them.
    func joined(_ order: [Int]) -> String {
        var joined = [UInt8]()
        joined.reserveCapacity(bytes.count + order.count)
        for (place, number) in order.enumerated() {
            if place > 0 { joined.append(0x20) }
            joined += word(number)
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// Every word, one space between them, in the order of their hashes: the same on every run, and cheap.
    var joined: String {
        joined(hashes.indices.sorted { hashes[$0] < hashes[$1] })
    }

    /// The word numbers in UTF-8 byte order.
    var sortedByBytes: [Int] {
        ends.indices.sorted { word($0).lexicographicallyPrecedes(word($1)) }
    }
}
