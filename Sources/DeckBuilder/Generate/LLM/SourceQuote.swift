import Foundation

/// The check of a model's question against the note: the sentence it quotes as its source must be in the note,
/// word for word, and must support the answer it marks right more than any wrong choice.
///
/// Structure alone let wrong keys through: a question well formed, about the note, with the wrong choice marked.
/// The quote ties the key to the note's words. The test is lexical, not understanding: the key's content words
/// (their first five letters; each Han or kana character) must mostly be in the quote, and no wrong choice may be
/// wholly in it while the key is not.
struct SourceQuote: Sendable {
    private let note: String

    init(note: String) {
        self.note = Self.normalised(note)
    }

    /// What is wrong with `quote` as the source of `question`: nothing when it holds.
    func problems(quote: String, question: Question) -> [String] {
        let quoted = Self.normalised(quote)
        // Eight characters make a clause in English; four do in Chinese or Japanese.
        let shortest = quoted.unicodeScalars.contains(where: SearchWords.isIdeographic) ? 4 : 8
        guard quoted.count >= shortest else {
            return ["\"quote\" is empty or too short; expected a sentence copied word for word from the note that shows the answer is right"]
        }
        // An excerpt may leave words out where it says so with an ellipsis: each part must be in the note.
        // The quote's own closing stop or quotation marks may differ from the note's punctuation there.
        let ends = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ".,;:!?\"'。，；：！？、"))
        let parts = quoted.components(separatedBy: "...").map { $0.trimmingCharacters(in: ends) }.filter { !$0.isEmpty }
        guard parts.allSatisfy({ note.contains($0) }) else {
            return ["\"quote\" is not in the note; expected a sentence copied word for word from the note"]
        }
        guard let key = question.correctChoice else { return [] }
        let keySupport = Self.support(of: key, in: quoted)
        if keySupport < 0.5 {
            return ["the quote does not support the answer \"\(key.prefix(60))\"; expected the note's sentence that shows the marked answer is right (or a different answer)"]
        }
        for (index, choice) in question.choices.enumerated() where index != question.answer {
            if keySupport < 1, Self.support(of: choice, in: quoted) == 1 {
                return ["the quote supports choice \(index + 1) (\"\(choice.prefix(60))\") better than the marked answer; expected the answer the note gives"]
            }
        }
        return []
    }

    /// The share of `text`'s content words that `quote` holds; 1 for a text with none to judge by.
    static func support(of text: String, in quote: String) -> Double {
        let words = NoteGrounding.contentWords(in: normalised(text))
        guard !words.isEmpty else { return quote.contains(normalised(text)) ? 1 : 0 }
        return Double(words.filter { quote.contains($0) }.count) / Double(words.count)
    }

    /// Text as the check compares it: lower case, Markdown's marks and link targets gone, quotes and dashes of one
    /// kind, every run of spacing one space, `…` as three dots.
    static func normalised(_ text: String) -> String {
        var text = text.lowercased()
        // [words](target) → words; the target is no part of the sentence a reader sees.
        text = text.replacingOccurrences(of: #"\]\([^)\s]*\)"#, with: "", options: .regularExpression)
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        for character in text {
            var replaced: Character = character
            switch character {
            // Emphasis and code marks vanish (`**Nucleus**:` reads as `Nucleus:`); block marks part words.
            case "*", "_", "`", "[", "]": continue
            case "#", ">", "|": replaced = " "
            case "“", "”", "„", "«", "»": replaced = "\""
            case "‘", "’": replaced = "'"
            case "–", "—", "−": replaced = "-"
            case "…":
                result += "..."
                lastWasSpace = false
                continue
            default: break
            }
            if replaced.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(replaced)
                lastWasSpace = false
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
