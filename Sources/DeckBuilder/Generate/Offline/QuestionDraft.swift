/// A question the offline generator could ask, before its words and distractors. Wording and picking distractors
/// are most of the generator's work, and a deck needs only a few of some hundred drafts, so the selection ranks
/// drafts by the best quality they could reach and words and finishes only those that could be chosen.
struct QuestionDraft: Sendable {
    var fact: Fact
    var form: QuestionForm
    /// Where the fact stands in the note, to put the chosen questions in the note's order.
    var order: Int
    /// A content-derived tie-breaker, so equal candidates are ordered the same way on every run and machine: a
    /// 64-bit FNV-1a hash of the fact's key (unique in its note) and the form, known before the draft is worded.
    /// Not Swift's `Hasher`, which is seeded afresh by each run; not SHA-256, which cost more than wording.
    var tieBreaker: UInt64 {
        let prime: UInt64 = 0x100000001b3
        var hash: UInt64 = 0xcbf29ce484222325
        // The key's parts with `|` between: the bytes of the key written as `pool|term`.
        fact.pool.withUTF8Bytes { for byte in $0 { hash = (hash ^ UInt64(byte)) &* prime } }
        hash = (hash ^ UInt64(UInt8(ascii: "|"))) &* prime
        fact.comparableTerm.withUTF8Bytes { for byte in $0 { hash = (hash ^ UInt64(byte)) &* prime } }
        // A separator, then the form: the form's byte comes last, so no two keys and forms give the same bytes.
        hash = (hash ^ 0x1F) &* prime
        return (hash ^ UInt64(form.tieBreakerCode)) &* prime
    }
    /// True for a table cell most rows share, which one could answer by guessing the common value.
    var isCommonCell: Bool
    /// The quality the finished question would have with four choices of like length; never exceeded.
    var bestQuality: Int
    /// The group whose overuse the selection avoids: forms of definitions, and table and heading questions.
    var variety: String

    init(fact: Fact, form: QuestionForm, order: Int, isCommonCell: Bool) {
        self.fact = fact
        self.form = form
        self.order = order
        self.isCommonCell = isCommonCell
        bestQuality = Candidate.quality(reliability: fact.reliability, fourChoices: true, evenLengths: true,
                                        commonCell: isCommonCell)
        switch fact.kind {
        case .definition: variety = form.varietyName
        // A table's pool group names the table alone: no form or heading group is named like it.
        case .tableCell: variety = fact.poolGroup
        case .attribute: variety = fact.pool
        case .keyword: variety = "keyword"
        }
    }
}

/// A draft with its words: what the prompt shows and the prompt itself.
struct WordedDraft: Sendable {
    var draft: QuestionDraft
    /// What the prompt shows: the answer, the answer with its term blanked, or the blanked sentence.
    var shown: String
    var prompt: String
}
