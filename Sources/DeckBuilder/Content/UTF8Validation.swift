/// Finds the bytes that are not well-formed UTF-8, by the rules of the Unicode standard (table 3-7).
enum UTF8Validation {
    /// Offsets of the first byte of each ill-formed sequence, up to `limit` of them.
    static func invalidOffsets(in bytes: [UInt8], limit: Int) -> [Int] {
        var offsets = [Int]()
        var index = 0
        let count = bytes.count
        while index < count, offsets.count < limit {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length = sequenceLength(bytes, at: index)
            if length == 0 {
                offsets.append(index)
                index += 1
            } else {
                index += length
            }
        }
        return offsets
    }

    /// The length of the well-formed sequence starting at `index`, or 0 when it is ill-formed.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let (length, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
