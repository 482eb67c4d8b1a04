import Foundation

/// The words the index's search finds a deck by, cut and folded exactly as the page script cuts and folds what is
/// typed (`searchTokens` in quiz.js): compatibility forms joined (NFKC), lower case, the accents of Latin, Greek and
/// Cyrillic dropped; a word is a run of letters, marks and digits. Chinese and Japanese have no spaces between
/// words, so their runs are indexed as single characters and as pairs of neighbouring characters.
enum SearchWords {
    /// Longer words are cut to this many characters, on both sides: a long token is noise, not something typed.
    static let longestWord = 32

    /// The distinct words of `text`, added to `words`.
    ///
    /// Read on the UTF-8 bytes: a run of ASCII letters and digits is a word as it is, lower-cased; only a run holding
    /// other characters is folded through Foundation, which over a whole note took half a clean build's time.
    static func add(_ text: String, to words: inout WordTable) {
        var text = text
        var lowered = [UInt8]()
        text.withUTF8 { bytes in
            var runStart = -1
            var plain = true
            var index = 0
            while index <= bytes.count {
                let byte: UInt8 = index < bytes.count ? bytes[index] : 0x20
                let punctuation = generalPunctuationLength(bytes, at: index)
                if punctuation == 0, byte >= 0x80 || isASCIIWordByte(byte) {
                    if runStart < 0 {
                        runStart = index
                        plain = true
                    }
                    if byte >= 0x80 { plain = false }
                    index += 1
                    continue
                }
                if runStart >= 0 {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    if plain {
                        lowered.removeAll(keepingCapacity: true)
                        for byte in run.prefix(longestWord) { lowered.append(isUpperASCII(byte) ? byte | 0x20 : byte) }
                        _ = words.add(lowered)
                    } else {
                        addFolded(fold(String(decoding: run, as: UTF8.self)), to: &words)
                    }
                    runStart = -1
                }
                index += max(1, punctuation)
            }
        }
    }

    /// 3 when `bytes` hold a dash, quote, bullet or the like of U+2010–U+205E at `index`, else 0. They part words and
    /// are no part of one, even folded; curly quotes and dashes beside English words would otherwise send each of
    /// those words through Foundation's folding.
    private static func generalPunctuationLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index + 2 < bytes.count, bytes[index] == 0xE2 else { return 0 }
        let second = bytes[index + 1], third = bytes[index + 2]
        return (second == 0x80 && third >= 0x90) || (second == 0x81 && third <= 0x9E) ? 3 : 0
    }

    /// The words of folded text: runs of letters, marks and digits, kana and Han runs as characters and pairs.
    private static func addFolded(_ folded: String, to words: inout WordTable) {
        var run: [Unicode.Scalar] = []
        var ideographic = false
        func flush() {
            defer { run.removeAll(keepingCapacity: true) }
            guard !run.isEmpty else { return }
            if !ideographic {
                var word = String.UnicodeScalarView()
                word.append(contentsOf: run.prefix(longestWord))
                _ = words.add(Array(String(word).utf8))
                return
            }
            for (offset, scalar) in run.enumerated() {
                _ = words.add(Array(String(scalar).utf8))
                if offset + 1 < run.count {
                    var pair = String.UnicodeScalarView()
                    pair.append(scalar)
                    pair.append(run[offset + 1])
                    _ = words.add(Array(String(pair).utf8))
                }
            }
        }
        for scalar in folded.unicodeScalars {
            guard isWordScalar(scalar) else {
                flush()
                continue
            }
            let cjk = isIdeographic(scalar)
            if cjk != ideographic { flush() }
            ideographic = cjk
            run.append(scalar)
        }
        flush()
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || isUpperASCII(byte)
    }

    private static func isUpperASCII(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte)
    }

    /// The distinct words of `texts`, one space between them (`WordTable.joined`): how the deck records keep them.
    static func joined(_ texts: [String]) -> String {
        var words = WordTable()
        for text in texts { add(text, to: &words) }
        return words.joined
    }

    /// The text of sanitised HTML: tags and character references become spaces, which part words as they do on screen.
    static func text(ofHTML html: String) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(html.utf8.count)
        var inTag = false, inReference = false
        for byte in html.utf8 {
            switch byte {
            case UInt8(ascii: "<"): inTag = true
            case UInt8(ascii: ">") where inTag: inTag = false; bytes.append(0x20)
            case UInt8(ascii: "&") where !inTag: inReference = true; bytes.append(0x20)
            case UInt8(ascii: ";") where inReference: inReference = false
            default:
                if inReference, byte == 0x20 || byte == 0x0A { inReference = false }
                if !inTag && !inReference { bytes.append(byte) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// NFKC, lower case, then the combining accents the page script drops (its `ACCENTS`) removed after NFD.
    private static func fold(_ text: String) -> String {
        let decomposed = text.precomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCanonicalMapping
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: decomposed.unicodeScalars.lazy.filter { !isDroppedAccent($0) })
        return String(kept)
    }

    private static func isDroppedAccent(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    /// Letters, marks and digits: `[\p{L}\p{M}\p{N}]` in the page script.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Kana and Han, written without spaces between words (the page script's `IDEOGRAPHIC`).
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }
}
