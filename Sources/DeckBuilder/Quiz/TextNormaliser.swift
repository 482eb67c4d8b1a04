/// Text reduced to what matters when comparing choices: case, spacing and punctuation ignored.
enum TextNormaliser {
    /// Lowercased, letters, digits and other symbols kept, punctuation dropped, runs of space made one.
    /// Punctuation that is part of a number stays (`-1`, `3.5`, `1/2`), so different numbers stay different.
    static func comparable(_ text: String) -> String {
        asciiComparable(text) ?? unicodeComparable(text)
    }

    /// `comparable` for any text, through Unicode's properties. Prompts are mostly ASCII with a few curly quotes or
    /// dashes, so ASCII scalars are classified without property lookups. Each scalar is lowercased on its own, as
    /// `String.lowercased()` does; lowercasing never makes or unmakes a digit, space or mark, so the classes are read
    /// off the original scalars.
    static func unicodeComparable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if isPunctuation(scalar) && !isPartOfNumber(scalars, at: index) {
                continue
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                if scalar.isASCII {
                    result.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar)
                } else if scalar.properties.changesWhenLowercased {
                    result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                } else {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// `comparable` on the UTF-8 bytes of ASCII text, which most choices are: the same result without Unicode
    /// property lookups, which dominated the offline generator's time. Nil for any other text (but see `asciiFolded`).
    static func asciiComparable(_ text: String) -> String? {
        asciiFolded(text, keepingPunctuation: false)
    }

    /// ASCII text lowercased, with runs of whitespace made one space and none at the ends, and punctuation
    /// dropped unless `keepingPunctuation` (or part of a number); on bytes. The dashes, curly quotes and other
    /// marks of U+2010–U+2027 and « » are let through too, as the punctuation they are: prompts quote with them.
    /// Nil for any other text.
    static func asciiFolded(_ text: String, keepingPunctuation: Bool) -> String? {
        var text = text
        // One pass, written straight into the new string's storage: text holding a scalar the fold does not know
        // is given up on where the scalar is met. A first pass looking for such scalars cost a third as much again.
        return text.withUTF8 { bytes -> String? in
            try? String(unsafeUninitializedCapacity: bytes.count) { result in
                var count = 0
                var pendingSpace = false
                var index = 0
                // One table lookup tells the common bytes apart (this loop runs over every prompt and choice), and
                // branches, not a jump table, act on it: most bytes are kept as they are.
                let kinds = asciiKinds
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        let kind = kinds[Int(byte)]
                        if kind == .whitespace {
                            pendingSpace = count > 0
                            index += 1
                            continue
                        }
                        if kind == .punctuation && !keepingPunctuation && !isPartOfASCIINumber(bytes, at: index) {
                            index += 1
                            continue
                        }
                        if pendingSpace {
                            result[count] = 0x20
                            count += 1
                            pendingSpace = false
                        }
                        result[count] = kind == .upper ? byte + 0x20 : byte
                        count += 1
                        index += 1
                        continue
                    }
                    // A mark is punctuation with no case; it is kept only between two digits (`1–2`), like ASCII's.
                    guard let length = markLength(bytes, at: index) else { throw NotFoldable() }
                    defer { index += length }
                    let isDigit = { (position: Int) in bytes.indices.contains(position) && (0x30...0x39).contains(bytes[position]) }
                    guard keepingPunctuation || (isDigit(index - 1) && isDigit(index + length)) else { continue }
                    if pendingSpace {
                        result[count] = 0x20
                        count += 1
                    }
                    pendingSpace = false
                    for offset in 0..<length { result[count + offset] = bytes[index + offset] }
                    count += length
                }
                return count
            }
        }
    }

    /// Text the ASCII fold does not know a scalar of.
    private struct NotFoldable: Error {}

    /// What the fold does with an ASCII byte.
    private enum ASCIIKind: UInt8 {
        case kept, upper, whitespace, punctuation
    }

    /// Each ASCII byte's kind, by value.
    private static let asciiKinds: [ASCIIKind] = (0..<128).map { value in
        let byte = UInt8(value)
        if byte.isASCIIWhitespace { return .whitespace }
        if isASCIIPunctuation(byte) { return .punctuation }
        return (0x41...0x5A).contains(byte) ? .upper : .kept
    }

    /// The byte length of the mark at `index` when it is one of U+2010–U+2027 (dashes, quotes, bullets, the
    /// ellipsis: all punctuation) or « »; nil for any other non-ASCII scalar.
    private static func markLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, (0x90...0xA7).contains(bytes[index + 2]) {
            return 3
        }
        if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xAB || bytes[index + 1] == 0xBB {
            return 2
        }
        return nil
    }

    /// ASCII punctuation in Unicode's sense: `$ + < = > ^ ` | ~` are symbols, and kept.
    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x23, 0x25...0x2A, 0x2C...0x2F, 0x3A, 0x3B, 0x3F, 0x40, 0x5B...0x5D, 0x5F, 0x7B, 0x7D: true
        default: false
        }
    }

    private static func isPartOfASCIINumber(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let isDigit = { (position: Int) in bytes.indices.contains(position) && (0x30...0x39).contains(bytes[position]) }
        guard isDigit(index + 1) else { return false }
        if isDigit(index - 1) { return true }
        let previous = index > 0 ? bytes[index - 1] : 0x20
        let startsWord = index == 0 || previous.isASCIIWhitespace
        return startsWord && bytes[index] == 0x2D
    }

    /// A sign before a digit at the start of a word, or a mark between two digits.
    private static func isPartOfNumber(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let isDigit = { (position: Int) in scalars.indices.contains(position) && isNumeric(scalars[position]) }
        guard isDigit(index + 1) else { return false }
        if isDigit(index - 1) { return true }
        let startsWord = index == 0 || scalars[index - 1].isWhitespace
        return startsWord && (scalars[index] == "-" || scalars[index] == "+" || scalars[index] == "\u{2212}")
    }

    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
