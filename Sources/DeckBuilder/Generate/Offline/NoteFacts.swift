/// Everything the offline generator takes from one note: its facts, and words that can serve as distractors.
struct NoteFacts: Sendable, Equatable {
    /// A fact as the extractor found it, before repeats are dropped.
    struct Found: Sendable, Equatable {
        var fact: Fact
        /// The definition's term as written, for a definition; a link's text (`[Term: subtitle](…)`) is no definition.
        var definitionTerm: String?
    }

    /// Every fact found, in the order the note states them, repeats included.
    var found: [Found] = [] {
        didSet { facts = Self.firstOfEachKey(found) }
    }
    /// The facts of `found`, each key once.
    private(set) var facts: [Fact] = []
    /// Short bold words and phrases of the note, the last resort for wrong terms.
    var boldTerms: [String] = []
    /// The note's headings worth asking about, by level, in order.
    var headings: [Int: [String]] = [:]

    /// These facts without definitions whose term starts a link's text in `markdown`. The note itself is read
    /// without its Markdown once, as a sibling of its neighbours, and this narrows that reading for its own deck.
    func leavingOutLinkText(of markdown: String) -> NoteFacts {
        guard !markdown.isEmpty else { return self }
        var narrowed = self
        narrowed.found = found.filter { found in
            found.definitionTerm.map { !StudyText.includes(markdown, "[" + $0) } ?? true
        }
        return narrowed
    }

    private static func firstOfEachKey(_ found: [Found]) -> [Fact] {
        var seen = Set<String>()
        return found.map(\.fact).filter { seen.insert($0.key).inserted }
    }
}
