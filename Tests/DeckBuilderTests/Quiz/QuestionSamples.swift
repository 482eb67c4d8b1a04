@testable import DeckBuilder

/// Deterministic question generators for the property-style quiz tests: the same questions on every run.
struct QuestionSamples {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Text pieces chosen to trip a careless parser or printer.
    static let fragments = [
        "Mitochondrion", "Chloroplast", "叶绿体", "光合作用", "東京タワー", "ひらがな", "서울", "한국어", "🧬 DNA", "👩🏽‍🔬",
        "e\u{301}clair", "naïve café", "Ωmega", "a > b", "x < y & z", "[x] marks the spot", "[ ] an empty box",
        "Q: nested", "- [ ] not a choice", "> not an explanation", "*star*", "`code`", "50 %", "tab\there",
        "\"quoted\"", "'single'", "«guillemets»", "1/2", "—dash—", "العربية", "עברית", "x", "?",
    ]

    /// A question already in canonical form: one-line, trimmed prompt and choices, tidy explanation lines.
    mutating func canonicalQuestion(choiceCount: Int? = nil) -> Question {
        let count = choiceCount ?? Int.random(in: 2...6, using: &generator)
        let choices = (0..<count).map { index in phrase(words: 1...3) + (Bool.random(using: &generator) ? " \(index)" : "") }
        let lineCount = Int.random(in: 0...4, using: &generator)
        let lines = (0..<lineCount).map { index -> String in
            // Blank lines and leading spaces are canonical inside an explanation, not at its ends.
            let inside = index > 0 && index < lineCount - 1
            switch Int.random(in: 0...5, using: &generator) {
            case 0 where inside: return ""
            case 1: return "  " + phrase(words: 1...3)
            case 2: return "> " + phrase(words: 1...2)
            default: return phrase(words: 1...6)
            }
        }
        return Question(prompt: phrase(words: 1...8) + "?", choices: choices,
                        answer: Int.random(in: 0..<count, using: &generator), explanation: lines.joined(separator: "\n"))
    }

    /// `question` made untidy in ways the printer must tidy back to `question`: padding, line breaks for spaces,
    /// trailing spaces on explanation lines, blank lines around the explanation.
    mutating func untidy(_ question: Question) -> Question {
        var result = question
        result.prompt = pad(breakLines(question.prompt))
        result.choices = question.choices.map { pad(breakLines($0)) }
        if !question.explanation.isEmpty {
            let lines = question.explanation.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0 + String(repeating: " ", count: Int.random(in: 0...2, using: &generator)) }
            result.explanation = "\n  \n" + lines.joined(separator: Bool.random(using: &generator) ? "\n" : "\r\n") + "\n\t\n"
        }
        return result
    }

    private mutating func phrase(words: ClosedRange<Int>) -> String {
        (0..<Int.random(in: words, using: &generator)).map { _ in
            Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &generator)]
        }.joined(separator: " ")
    }

    private mutating func pad(_ text: String) -> String {
        let pads = ["", " ", "  ", "\t", "\u{3000}", "\n"]
        return pads[Int.random(in: 0..<pads.count, using: &generator)] + text + pads[Int.random(in: 0..<pads.count, using: &generator)]
    }

    /// Some spaces turned into line breaks, which the printer turns back into spaces.
    private mutating func breakLines(_ text: String) -> String {
        String(text.map { character in
            guard character == " " else { return character }
            switch Int.random(in: 0...3, using: &generator) {
            case 0: return "\n"
            case 1: return "\r\n"
            default: return " "
            }
        })
    }
}
