import CLinux

/// The byte paths of `StudyText` for ASCII text, which most study notes are: the same results as the general
/// paths (tests compare them), without the Unicode property lookups and Foundation searches that dominated
/// the offline generator's time.
extension StudyText {
    /// `sentences` on UTF-8 bytes, for text whose only spaces and sentence enders are ASCII (nil for any other):
    /// there every other scalar is part of a word, and splitting needs no Unicode properties. Notes are mostly
    /// ASCII with a dash or a curly quote here and there.
    static func byteSentences(_ text: String, limit: Int = .max) -> [String]? {
        // Decoded into scalars only when there is something other than ASCII to look at.
        if !text.isASCII {
            for scalar in text.unicodeScalars where !scalar.isASCII {
                if scalar.properties.isWhitespace || fullWidthEnderScalars.contains(scalar) { return nil }
            }
        }
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            func trimmed(_ range: Range<Int>) -> String? {
                let kept = bytes.trimmingASCIIWhitespace(range)
                return kept.isEmpty ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
            }
            var result = [String]()
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte == 0x2E || byte == 0x21 || byte == 0x3F, index + 1 == bytes.count || bytes[index + 1].isASCIIWhitespace,
                      !byteEndsWithAbbreviation(bytes, wordEnd: index, sentenceStart: start) else { continue }
                if let sentence = trimmed(start..<(index + 1)) { result.append(sentence) }
                if result.count >= limit { return result }
                start = index + 1
            }
            if let rest = trimmed(start..<bytes.count) { result.append(rest) }
            return result
        }
    }

    /// `endsWithAbbreviation` for the word ending just before `wordEnd` (the full stop's offset): on bytes for an
    /// ASCII word, through the scalar path for any other (`é.` is an initial, and Unicode lowercasing can make ASCII).
    private static func byteEndsWithAbbreviation(_ bytes: UnsafeBufferPointer<UInt8>, wordEnd: Int, sentenceStart: Int) -> Bool {
        var lower = wordEnd
        while lower > sentenceStart, !bytes[lower - 1].isASCIIWhitespace { lower -= 1 }
        guard bytes[lower..<wordEnd].allSatisfy({ $0 < 0x80 }) else {
            let sentence = String(decoding: UnsafeBufferPointer(rebasing: bytes[sentenceStart...wordEnd]), as: UTF8.self)
            return endsWithAbbreviation(sentence[...])
        }
        let isQuote = { (byte: UInt8) in byte == 0x28 || byte == 0x22 || byte == 0x27 }
        var upper = wordEnd
        while lower < upper, isQuote(bytes[lower]) { lower += 1 }
        while upper > lower, isQuote(bytes[upper - 1]) { upper -= 1 }
        if upper - lower == 1 { return (0x61...0x7A).contains(bytes[lower] | 0x20) }
        // Most words are longer than any abbreviation: no lowercased copy and no lookup for them.
        guard upper - lower <= longestAbbreviation else { return false }
        let word = bytes[lower..<upper].map(\.asciiLowercased)
        return abbreviations.contains(String(decoding: word, as: UTF8.self))
    }

    /// The most bytes an abbreviation has.
    private static let longestAbbreviation = abbreviations.map(\.utf8.count).max() ?? 0

    /// A match of `needle` on the UTF-8 bytes of `text` (ASCII when `ignoringCase`). A needle's first byte starts a
    /// scalar, so a match begins on one; a match before a combining mark (`e` + U+0301), which would end inside a
    /// Character, is skipped, as Foundation skips it. Nil when there is no match (or no needle).
    static func asciiRange(of needle: String, in text: String, from start: String.Index,
                                   ignoringCase: Bool) -> Range<String.Index>? {
        let haystack = text.utf8
        let firstOffset = haystack.distance(from: haystack.startIndex, to: start)
        var contiguous = text, needle = needle
        // Searched in place: copying the text into an array cost more than the search when the text is a whole note,
        // and the needle is read in place too (a search is made for every distractor and every term).
        let found = needle.withUTF8 { needleBytes -> Int? in
            guard !needleBytes.isEmpty else { return nil }
            return contiguous.withUTF8 { bytes -> Int? in
                ignoringCase ? firstMatch(of: needleBytes, in: bytes, from: firstOffset) { $0.asciiLowercased }
                    : firstExactMatch(of: needleBytes, in: bytes, from: firstOffset)
            }
        }
        guard let found else { return nil }
        let lowerBound = haystack.index(haystack.startIndex, offsetBy: found)
        return lowerBound..<haystack.index(lowerBound, offsetBy: needle.utf8.count)
    }

    /// The offset of the first match of `needle` in `bytes` at or after `start`, both read through `fold`, that is
    /// not followed by a combining mark; nil when there is none.
    private static func firstMatch(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                   fold: (UInt8) -> UInt8) -> Int? {
        var offset = start
        let first = fold(needle[0]), count = needle.count
        while offset + count <= bytes.count {
            // The first byte is tested alone: most positions fail there.
            guard fold(bytes[offset]) == first else {
                offset += 1
                continue
            }
            var matched = 1
            while matched < count, fold(bytes[offset + matched]) == fold(needle[matched]) { matched += 1 }
            if matched == count, endsCharacter(bytes, at: offset + count) { return offset }
            offset += 1
        }
        return nil
    }

    /// `firstMatch` without folding, through the C library's `memmem`, which searches many bytes at a time: most
    /// searches are of a distractor in a prompt, or of a term in a sentence, and find nothing.
    private static func firstExactMatch(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
                                        from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let needleBase = needle.baseAddress else { return nil }
        var offset = start
        while offset + needle.count <= bytes.count {
            guard let match = deck_find_bytes(base + offset, bytes.count - offset, needleBase, needle.count) else { return nil }
            let found = base.distance(to: match.assumingMemoryBound(to: UInt8.self))
            if endsCharacter(bytes, at: found + needle.count) { return found }
            offset = found + 1
        }
        return nil
    }

    /// Whether a match ending before `offset` ends a Character: a combining mark after it belongs to its last letter.
    private static func endsCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset < bytes.count, bytes[offset] >= 0x80 else { return true }
        let next = String(decoding: bytes[offset..<min(bytes.count, offset + 4)], as: UTF8.self).unicodeScalars.first
        return next.map { $0.properties.generalCategory != .nonspacingMark } ?? true
    }

    /// `wordCount` on the bytes of ASCII text, without a property lookup per character; nil for other text.
    static func asciiWordCount(_ text: String) -> Int? {
        text.withUTF8Bytes { bytes in
            var count = 0
            var inWord = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let isSpace = byte.isASCIIWhitespace
                if !isSpace && !inWord { count += 1 }
                inWord = !isSpace
            }
            return count
        }
    }

    /// Which ASCII bytes are members of `trailingPunctuation`, by value: a lookup, not a hash, for every byte tested.
    private static let asciiTrailingPunctuation: [Bool] = {
        var members = [Bool](repeating: false, count: 128)
        for byte in trailingPunctuation.compactMap(\.asciiValue) { members[Int(byte)] = true }
        return members
    }()

    /// `trimmingTrailingPunctuation` on the bytes of ASCII text, where every byte is a character of its own
    /// (CR LF is one, but both are trimmed alike); nil for any other text.
    static func asciiTrimmingTrailingPunctuation(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.isASCII else { return nil }
            var lower = 0, upper = bytes.count
            while lower < upper, bytes[lower].isASCIIWhitespace { lower += 1 }
            while upper > lower, bytes[upper - 1].isASCIIWhitespace || asciiTrailingPunctuation[Int(bytes[upper - 1])] { upper -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        }
    }

    /// `capitalisingFirstWord` (or, not `capitalising`, `lowercasingPlainWord`) on the bytes of ASCII text;
    /// nil for any other text.
    static func asciiChangingFirstLetter(_ text: String, capitalising: Bool) -> String? {
        var text = text
        let isLower = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        let isUpper = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        let changes = text.withUTF8 { bytes -> Bool? in
            guard bytes.isASCII else { return nil }
            let word = bytes.prefix { !$0.isASCIIWhitespace }
            guard let first = word.first else { return false }
            if capitalising {
                // An ordinary lower-case word, trailing punctuation aside.
                return isLower(first) && word.allSatisfy { isLower($0) || $0 == UInt8(ascii: "-") || asciiTrailingPunctuation[Int($0)] }
            }
            return isUpper(first) && !word.dropFirst().contains(where: isUpper)
        }
        guard let changes else { return nil }
        guard changes else { return text }
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { result in
                _ = result.initialize(from: bytes)
                result[0] = capitalising ? bytes[0] - 0x20 : bytes[0] + 0x20
                return bytes.count
            }
        }
    }
}
