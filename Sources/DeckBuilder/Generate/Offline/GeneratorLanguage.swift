/// The language questions are worded in: English, or Chinese, Japanese or Korean when the note is.
enum GeneratorLanguage: Sendable, Equatable {
    case english
    case chinese
    case japanese
    case korean

    /// The language for a BCP 47 tag; when the tag names no supported language (often the site's `en`
    /// default), the note's own script decides, so a Korean note left untagged is not quizzed in English.
    init(tag: String, sample: String) {
        let primary = tag.lowercased().split(separator: "-").first.map(String.init) ?? ""
        switch primary {
        case "zh": self = .chinese
        case "ja": self = .japanese
        case "ko": self = .korean
        default: self = Self.detect(in: sample) ?? .english
        }
    }

    /// True for languages written without spaces between words, where substring tests replace word tests.
    var isCJK: Bool {
        self != .english
    }

    /// The script most letters of `text` are in, weighing a Hangul, kana or Han character as three Latin letters.
    private static func detect(in text: String) -> GeneratorLanguage? {
        var hangul = 0, kana = 0, han = 0, letters = 0
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
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
}
