@testable import DeckBuilder

/// Word and character error rates, for measuring OCR cleanup against a ground truth.
enum ErrorRates {
    /// Levenshtein distance over whitespace-split words / words in the truth.
    static func wordErrorRate(_ hypothesis: String, truth: String) -> Double {
        let truthWords = words(truth)
        return Double(distance(words(hypothesis), truthWords)) / Double(max(1, truthWords.count))
    }

    /// Levenshtein distance over characters (whitespace normalised) / characters in the truth.
    static func characterErrorRate(_ hypothesis: String, truth: String) -> Double {
        let truthCharacters = Array(words(truth).joined(separator: " "))
        return Double(distance(Array(words(hypothesis).joined(separator: " ")), truthCharacters)) / Double(max(1, truthCharacters.count))
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Levenshtein distance, the library's own.
    static func distance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        EditDistance.between(a, b)
    }

    /// The words of cleaned Markdown: fences, heading and item marks, and backslash escapes taken out.
    static func plainText(ofMarkdown markdown: String) -> String {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            if line.hasPrefix("```") || line.hasPrefix("~~~") { return nil }
            var text = Substring(line)
            if let space = text.firstIndex(of: " "), !text[..<space].isEmpty, text[..<space].allSatisfy({ $0 == "#" }) {
                text = text[text.index(after: space)...]
            }
            if text.hasPrefix("- ") { text = text.dropFirst(2) }
            var out = ""
            var escaped = false
            for character in text {
                if !escaped, character == "\\" { escaped = true; continue }
                if escaped, !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) { out.append("\\") }
                escaped = false
                out.append(character)
            }
            return out
        }.joined(separator: "\n")
    }
}
