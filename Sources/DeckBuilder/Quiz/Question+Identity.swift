extension Question {
    /// A stable id: the same question keeps it across builds and choice orders, so progress and
    /// imports (Anki, JSON) can follow it; a changed prompt, answer or choice makes a new question.
    /// Only case and spacing are ignored: `O(1)*` and `O(1)` are different answers.
    public var id: String {
        let fold = { (text: String) in Self.asciiFolded(text) ?? text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        // Each choice folded once: the correct one is among them.
        let folded = choices.map(fold)
        let key = ([fold(prompt), folded.indices.contains(answer) ? folded[answer] : ""] + folded.sorted()).joined(separator: "\u{1F}")
        return String(SHA256.hex(key).prefix(12))
    }

    /// The fold of ASCII text on its bytes (lowercased, runs of whitespace made one space, none at the ends):
    /// the same as the Character path, which cost a build of thousands of decks more than rendering them.
    static func asciiFolded(_ text: String) -> String? {
        TextNormaliser.asciiFolded(text, keepingPunctuation: true)
    }
}
