import Foundation

/// Decides how a word broken at a line end is put back together, from the evidence of the same text and,
/// for English, the system word list: `con-` + `stitution` is joined; `self-` + `control` keeps its hyphen
/// when `self-control` appears elsewhere or `selfcontrol` does not.
struct Hyphenation: Sendable {
    /// How two halves are joined.
    enum Join: Equatable, Sendable {
        /// One word, hyphen dropped (`constitution`).
        case word
        /// A compound, hyphen kept (`self-control`).
        case compound
    }

    /// Prefixes that usually make compounds; they keep the hyphen unless the joined word is attested.
    static let compoundPrefixes: Set<String> = ["self", "well", "non", "co"]
    /// Short words never taken for half of a word broken without a hyphen.
    static let functionWords: Set<String> = [
        "a", "an", "and", "as", "at", "be", "but", "by", "do", "for", "he", "her", "his", "i", "if", "in", "is", "it",
        "me", "my", "no", "not", "of", "on", "or", "our", "she", "so", "the", "to", "up", "us", "was", "we", "you",
    ]

    private var counts: [String: Int] = [:]
    private let dictionary: WordList?

    /// Counts the words of `text`, lowercased, without surrounding punctuation; `dictionary` settles what the text leaves open.
    init(evidence text: String, dictionary: WordList? = nil) {
        self.dictionary = dictionary
        for token in text.split(whereSeparator: \.isWhitespace) {
            let word = Self.word(token)
            if !word.isEmpty, !word.hasSuffix("-") { counts[word, default: 0] += 1 }
        }
    }

    /// How often `word` appears (lowercased) in the evidence.
    func count(_ word: String) -> Int { counts[word.lowercased()] ?? 0 }

    /// How `head` (ending in `-`, hyphen removed) and `tail` should be joined; nil when they are not a broken word at all.
    func joinHyphenated(_ head: String, _ tail: String) -> Join? {
        guard let last = head.last, last.isLetter, let first = tail.first, first.isLetter else { return nil }
        // `Jean-` + `Paul`, `anti-` + `American`: a capital after the break is not a word's middle.
        if first.isUppercase { return .compound }
        let joined = count(head + tail)
        let hyphenated = count(head + "-" + tail)
        if Self.compoundPrefixes.contains(head.lowercased()) { return hyphenated > 0 || joined == 0 ? .compound : .word }
        if hyphenated == 0, joined == 0, let dictionary, !dictionary.contains(head + tail),
           dictionary.contains(head), dictionary.contains(tail), head.count >= 3, tail.count >= 3 {
            // `bed-` + `tick`: two words that make no word together are a compound.
            return .compound
        }
        return hyphenated > joined ? .compound : .word
    }

    /// Whether `head` and `tail`, split by a line break with no hyphen (OCR often loses it), are one word: when the
    /// joined word appears elsewhere and neither half does, so `a round` stays apart but `Chi` + `cago` becomes
    /// `Chicago`; or when the word list has the joined word and not the tail (`con` + `stitution`).
    func joinsUnhyphenated(_ head: String, _ tail: String) -> Bool {
        guard head.count >= 2, tail.count >= 2, head.allSatisfy(\.isLetter), tail.allSatisfy(\.isLetter),
              let first = tail.first, first.isLowercase, head.dropFirst().allSatisfy({ !$0.isUppercase }) else { return false }
        let lower = (head.lowercased(), tail.lowercased())
        guard !Self.functionWords.contains(lower.0), !Self.functionWords.contains(lower.1) else { return false }
        // Each half is itself one occurrence in the evidence.
        if count(head + tail) >= 1 && count(head) <= 1 && count(tail) <= 1 { return true }
        guard let dictionary, head.count + tail.count >= 5 else { return false }
        return dictionary.contains(head + tail) && !dictionary.contains(tail) && count(tail) <= 1
    }

    /// `token` lowercased, without leading or trailing punctuation (a trailing hyphen is kept).
    static func word(_ token: Substring) -> String {
        let trimmed = token.drop { !$0.isLetter && !$0.isNumber }
        var end = trimmed.endIndex
        while end > trimmed.startIndex {
            let previous = trimmed.index(before: end)
            let character = trimmed[previous]
            if character.isLetter || character.isNumber || character == "-" { break }
            end = previous
        }
        return trimmed[..<end].lowercased()
    }
}
