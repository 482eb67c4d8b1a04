/// The language questions are worded in: English, or Chinese, Japanese or Korean when the note is.
enum GeneratorLanguage: Sendable, Hashable {
    case english
    case chinese
    case japanese
    case korean

    /// The language for a BCP 47 tag; when the tag names no supported language (often the site's `en`
    /// default), the note's own script decides, so a Korean note left untagged is not quizzed in English.
    init(tag: String, sample: @autoclosure () -> String) {
        let primary = tag.lowercased().split(separator: "-").first.map(String.init) ?? ""
        switch primary {
        case "zh": self = .chinese
        case "ja": self = .japanese
        case "ko": self = .korean
        default: self = Self.detect(in: sample()) ?? .english
        }
    }

    /// The primary language subtag: `en`, `zh`, `ja` or `ko`.
    var primaryTag: String {
        switch self {
        case .english: "en"
        case .chinese: "zh"
        case .japanese: "ja"
        case .korean: "ko"
        }
    }

    /// The note's language: its own `lang`, else the site's, unless the note is plainly written in
    /// Chinese, Japanese or Korean and the site's language is another, as with an untagged Korean note.
    static func pageLanguage(noteLang: String?, siteLang: String, text: String) -> String {
        if let noteLang { return noteLang }
        let detected = GeneratorLanguage(tag: "", sample: text)
        let sitePrimary = siteLang.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return detected.isCJK && detected.primaryTag != sitePrimary ? detected.primaryTag : siteLang
    }

    /// True for languages written without spaces between words, where substring tests replace word tests.
    var isCJK: Bool {
        self != .english
    }

    /// True for Chinese and Japanese, written in Han characters, where a Latin word in the text is a foreign name,
    /// a gloss or a translation's source.
    var writesHan: Bool {
        self == .chinese || self == .japanese
    }

    /// The script most letters of `text` are in, weighing a Hangul, kana or Han character as three Latin letters.
    /// `screening` off skips the byte check that rules out most text; tests hold the two ways to one answer.
    static func detect(in text: String, screening: Bool = true) -> GeneratorLanguage? {
        guard !screening || mayBeCJK(text) else { return nil }
        var hangul = 0, kana = 0, han = 0, letters = 0
        for scalar in text.unicodeScalars {
            // ASCII letters without a property lookup, which was most of this loop's time.
            if scalar.isASCII {
                if (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) { letters += 1 }
                continue
            }
            guard scalar.properties.isAlphabetic else { continue }
            letters += 1
            switch scalar.value {
            case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: hangul += 1
            case 0x3040...0x30FF: kana += 1
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: han += 1
            default: break
            }
        }
        // A syllable or character carries about as much as three Latin letters, and CJK study notes
        // are full of English terms, so weigh the scripts accordingly.
        let cjk = hangul + kana + han
        guard letters > 0, 3 * cjk > letters - cjk else { return nil }
        if hangul >= kana && hangul >= han { return .korean }
        // Japanese text mixes kanji with kana; Chinese has none.
        return kana * 10 >= han ? .japanese : .chinese
    }

    /// False when `detect` would find too few CJK characters, told from bytes alone: each takes three bytes of
    /// UTF-8, so there are at most a third as many as non-ASCII bytes, and there are at least as many letters
    /// as ASCII ones. Spares Latin text, curly quotes and all, the scalar-by-scalar loop.
    static func mayBeCJK(_ text: String) -> Bool {
        mayBeCJK(byteCounts(text))
    }

    /// `mayBeCJK` on the counts of `byteCounts`, which add up across the parts of a text.
    static func mayBeCJK(_ counts: (asciiLetters: Int, nonASCII: Int)) -> Bool {
        // `4 × cjk > letters` is needed, and 4 × cjk ≤ 4 × nonASCII / 3.
        4 * counts.nonASCII > 3 * counts.asciiLetters
    }

    /// The ASCII letters and the bytes beyond ASCII in `text`.
    static func byteCounts(_ text: String) -> (asciiLetters: Int, nonASCII: Int) {
        var text = text
        return text.withUTF8 { bytes in
            var asciiLetters = 0, nonASCII = 0
            var index = 0
            // Eight bytes at a time. A byte with its high bit set is not ASCII. An ASCII byte, case folded with
            // `| 0x20` and kept under 0x80, is a letter when adding 0x1F sets its high bit (it is `a` or more) and
            // adding 0x05 does not (it is `z` or less); neither sum carries into the next byte.
            let high: UInt64 = 0x8080_8080_8080_8080
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let folded = (word | 0x2020_2020_2020_2020) & ~high
                nonASCII += (word & high).nonzeroBitCount
                asciiLetters += ((folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505) & ~word & high).nonzeroBitCount
                index += 8
            }
            for byte in bytes[index...] {
                nonASCII += Int(byte >> 7)
                asciiLetters += (byte | 0x20) &- UInt8(ascii: "a") < 26 ? 1 : 0
            }
            return (asciiLetters, nonASCII)
        }
    }
}
