extension Question {
    /// A stable id: the same question keeps it across builds and choice orders, so progress and
    /// imports (Anki, JSON) can follow it; a changed prompt, answer or choice makes a new question.
    /// Only case and spacing are ignored: `O(1)*` and `O(1)` are different answers.
    public var id: String {
        let fold = { (text: String) in text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let key = ([fold(prompt), fold(correctChoice ?? "")] + choices.map(fold).sorted()).joined(separator: "\u{1F}")
        return String(SHA256.hex(key).prefix(12))
    }
}
