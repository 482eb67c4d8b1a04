import Foundation

/// Small text operations the offline generator needs: sentences, trimming, blanking a term.
enum StudyText {
    /// Sentence enders that need no space after them.
    static let fullWidthEnders: Set<Character> = ["。", "！", "？"]
    static let fullWidthEnderScalars: Set<Unicode.Scalar> = ["。", "！", "？"]
    /// Punctuation taken off the end of every choice, so no choice stands out by its ending.
    static let trailingPunctuation: Set<Character> = [".", ",", ";", ":", "。", "、", "，", "；", "：", "!", "！"]
    /// The gap a fill-in-the-blank item shows.
    static let blank = "____"

    /// Words before a full stop that do not end a sentence.
    static let abbreviations: Set<String> = ["e.g", "i.e", "etc", "vs", "cf", "eg", "ie", "mr", "dr", "no", "fig"]

    /// The text split into sentences, each trimmed, enders kept.
    static func sentences(_ text: String, limit: Int = .max) -> [String] {
        byteSentences(text, limit: limit) ?? unicodeSentences(text, limit: limit)
    }

    /// `sentences` for any text, on Unicode scalars.
    static func unicodeSentences(_ text: String, limit: Int = .max) -> [String] {
        // On Unicode scalars, not Characters: grapheme breaking cost more than the rest of the offline generator.
        var result = [String]()
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let after = scalars.index(after: index)
            let next: Unicode.Scalar? = after < scalars.endIndex ? scalars[after] : nil
            var ends = fullWidthEnderScalars.contains(scalar)
                && next.map { !fullWidthEnderScalars.contains($0) && $0 != "」" && $0 != "）" } ?? true
            if scalar == "." || scalar == "!" || scalar == "?", next == nil || next?.isWhitespace == true {
                ends = !endsWithAbbreviation(text[start..<after])
            }
            if ends {
                let sentence = text[start..<after].trimmingWhitespace
                if !sentence.isEmpty { result.append(sentence) }
                if result.count >= limit { return result }
                start = after
            }
            index = after
        }
        let rest = text[start...].trimmingWhitespace
        if !rest.isEmpty { result.append(rest) }
        return result
    }

    /// The first sentence of `text`.
    static func firstSentence(_ text: String) -> String {
        sentences(text, limit: 1).first ?? text.trimmingWhitespace
    }

    /// As many whole sentences from the start of `text` as fit in `limit` characters; nil when not even one does.
    static func leadingSentences(_ text: String, limit: Int) -> String? {
        var result = ""
        // Each sentence is at least one character, so no more than `limit` of them can fit.
        for sentence in sentences(text, limit: max(1, limit)) {
            let joined = result.isEmpty ? sentence : result + " " + sentence
            // No more characters than UTF-8 bytes: counting characters is needed only when the bytes are too many.
            guard joined.utf8.count <= limit || joined.count <= limit else { break }
            result = joined
        }
        return result.isEmpty ? nil : result
    }

    /// `text` without trailing punctuation and spaces.
    static func trimmingTrailingPunctuation(_ text: String) -> String {
        asciiTrimmingTrailingPunctuation(text) ?? characterTrimmingTrailingPunctuation(text)
    }

    /// `trimmingTrailingPunctuation` for any text, on Characters.
    static func characterTrimmingTrailingPunctuation(_ text: String) -> String {
        var result = text.trimmingWhitespace
        while let last = result.last, trailingPunctuation.contains(last) || last.isWhitespace {
            result.removeLast()
        }
        return result
    }

    /// `text` with its first letter upper-cased, when that letter starts an ordinary lower-case word;
    /// code such as `dict` or `iPhone` is left alone because it is not all letters or not all lower case.
    static func capitalisingFirstWord(_ text: String) -> String {
        asciiChangingFirstLetter(text, capitalising: true) ?? characterCapitalisingFirstWord(text)
    }

    /// `capitalisingFirstWord` for any text, on Characters.
    static func characterCapitalisingFirstWord(_ text: String) -> String {
        guard let first = text.first, first.isLowercase else { return text }
        let word = text.prefix { !$0.isWhitespace }.filter { !StudyText.trailingPunctuation.contains($0) }
        guard word.allSatisfy({ $0.isLetter && $0.isLowercase || $0 == "-" }) else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// `text` with every occurrence of each name, ignoring case, replaced by the blank; nil when none occurs.
    static func blanking(_ names: [String], in text: String) -> String? {
        var result = text
        var found = false
        // Longer names first, so an alias inside the term does not leave half the term showing. Most facts have one
        // name, which needs no sorting (and no counting of its Characters for it).
        for name in names.count < 2 ? names : names.sorted(by: { $0.count > $1.count }) where name.count >= 2 {
            var searchStart = result.startIndex
            while let range = caseInsensitiveRange(of: name, in: result, from: searchStart) {
                // In spaced scripts a name is a whole word: `Math` is not blanked inside `mathematical`.
                guard isWholeWord(range, in: result) else {
                    searchStart = range.upperBound
                    continue
                }
                result.replaceSubrange(range, with: blank)
                searchStart = result.startIndex
                found = true
            }
        }
        guard found else { return nil }
        // An alias in brackets after the term would show a second, redundant blank.
        // Looked for first: most blanked texts have none, and Foundation's replacing is slow even then.
        // Full-width brackets have no canonical decomposition, so ASCII text holds them in no form.
        if includes(result, "(\(blank))") || (!result.isASCII && includes(result, "（\(blank)）")) {
            for doubled in [" (\(blank))", "(\(blank))", "（\(blank)）"] {
                result = result.replacingOccurrences(of: doubled, with: "")
            }
        }
        // A gloss in another script after the gap (`____ (function)` for 関数) translates the answer.
        if !result.isASCII { result = droppingGlossAfterBlank(result) }
        return result
    }

    /// `text` without a bracket of Latin letters right after its gap: `____ (function)` reads `____`.
    static func droppingGlossAfterBlank(_ text: String) -> String {
        guard let gap = text.range(of: blank) else { return text }
        let after = text[gap.upperBound...]
        let spaced = after.drop { $0 == " " }
        guard let open = spaced.first, open == "(" || open == "（",
              let close = spaced.firstIndex(where: { $0 == ")" || $0 == "）" }) else { return text }
        let inside = spaced[spaced.index(after: spaced.startIndex)..<close]
        guard !inside.isEmpty, inside.unicodeScalars.allSatisfy({ $0.isASCII }) else { return text }
        let rest = spaced[spaced.index(after: close)...]
        return String(text[..<gap.upperBound]) + (rest.first == " " ? String(rest) : " " + rest).replacingOccurrences(of: "  ", with: " ")
    }

    /// The first match of `needle` in `text` at or after `start`, ignoring case: on bytes when the needle is
    /// ASCII (Foundation's search took a sixth of the offline generator's time), through Foundation otherwise.
    static func caseInsensitiveRange(of needle: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        guard needle.isASCII else {
            return text.range(of: needle, options: .caseInsensitive, range: start..<text.endIndex)
        }
        return asciiRange(of: needle, in: text, from: start, ignoringCase: true)
    }

    /// The first match of `needle` in `text` as written, on UTF-8 bytes, never ending inside a Character: Foundation's
    /// search, which folds every Character cluster it passes, took a fifth of the offline generator's time.
    static func range(of needle: String, in text: String) -> Range<String.Index>? {
        asciiRange(of: needle, in: text, from: text.startIndex, ignoringCase: false)
    }

    /// Whether `text` contains `needle` as written, searched on bytes.
    static func includes(_ text: String, _ needle: String) -> Bool {
        asciiRange(of: needle, in: text, from: text.startIndex, ignoringCase: false) != nil
    }

    /// True when the match has no Latin letter or digit glued to either side.
    private static func isWholeWord(_ range: Range<String.Index>, in text: String) -> Bool {
        let isLatinWordCharacter = { (character: Character) in character.isASCII && (character.isLetter || character.isNumber) }
        if range.lowerBound > text.startIndex, isLatinWordCharacter(text[text.index(before: range.lowerBound)]) { return false }
        if range.upperBound < text.endIndex, isLatinWordCharacter(text[range.upperBound]) { return false }
        return true
    }

    /// `Stage` becomes `stage` to sit inside a sentence; `CPU`, `Big-O` or `iOS` stay as written.
    static func lowercasingPlainWord(_ text: String) -> String {
        asciiChangingFirstLetter(text, capitalising: false) ?? characterLowercasingPlainWord(text)
    }

    /// `lowercasingPlainWord` for any text, on Characters.
    static func characterLowercasingPlainWord(_ text: String) -> String {
        let word = text.prefix { !$0.isWhitespace }
        guard let first = word.first, first.isUppercase, word.dropFirst().allSatisfy({ !$0.isUppercase }) else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// True when `text` mentions `name` (ignoring case, spacing and punctuation).
    static func mentions(_ text: String, _ name: String) -> Bool {
        mentions(text, comparableName: TextNormaliser.comparable(name))
    }

    /// `mentions` for a name already in its `TextNormaliser.comparable` form.
    static func mentions(_ text: String, comparableName needle: String) -> Bool {
        !needle.isEmpty && includes(TextNormaliser.comparable(text), needle)
    }

    /// The number of space-separated words.
    static func wordCount(_ text: String) -> Int {
        asciiWordCount(text) ?? text.split(whereSeparator: \.isWhitespace).count
    }

    static func endsWithAbbreviation(_ text: Substring) -> Bool {
        // Only the last word matters: scan back to it rather than splitting the whole sentence at every full stop.
        let scalars = text.unicodeScalars
        guard !scalars.isEmpty else { return false }
        let end = scalars.index(before: scalars.endIndex)
        var start = end
        while start > scalars.startIndex, !scalars[scalars.index(before: start)].isWhitespace {
            start = scalars.index(before: start)
        }
        let lastWord = String(scalars[start..<end]).lowercased()
        let bare = String(lastWord.drop { "(\"'".contains($0) }.reversed().drop { "(\"'".contains($0) }.reversed())
        // A lone capital before a full stop is an initial, and a digit-dot-digit is a number, not an end.
        return abbreviations.contains(bare) || (bare.count == 1 && bare.first?.isLetter == true)
    }
}
