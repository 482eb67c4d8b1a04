extension Question {
    /// A stable id: the same question keeps it across builds and choice orders, so progress and
    /// imports (Anki, JSON) can follow it; a changed prompt or choice makes a new question.
    public var id: String {
        let choices = choices.map(TextNormaliser.comparable).sorted()
        let key = ([TextNormaliser.comparable(prompt)] + choices).joined(separator: "\u{1F}")
        return String(SHA256.hex(key).prefix(12))
    }
}
