/// Everything the offline generator takes from one note: its facts, and words that can serve as distractors.
struct NoteFacts: Sendable, Equatable {
    /// A fact as the extractor found it, before repeats are dropped.
    struct Found: Sendable, Equatable {
        var fact: Fact
        /// The definition's term as written, for a definition; a link's text (`[Term: subtitle](…)`) is no definition.
        var definitionTerm: String?
        /// The definition's text as written: one that is a link's text (`FATE group: [FATE: Fairness… - Microsoft
        /// Research](…)`) names a page to read, it does not define.
        var definitionText: String? = nil
    }

    /// Every fact found, in the order the note states them, repeats included.
    var found: [Found] = [] {
        didSet {
            facts = Self.firstOfEachKey(found)
        }
    }
    /// The facts of `found`, each key once.
    private(set) var facts: [Fact] = []

    /// These facts without definitions whose term starts a link's text in `markdown`. The note itself is read
    /// without its Markdown, and this narrows that reading by the Markdown's link texts.
    func leavingOutLinkText(of markdown: String) -> NoteFacts {
        guard !markdown.isEmpty else { return self }
        let linkTexts = LinkTextStarts(markdown)
        let kept = found.filter { found in
            (found.definitionTerm.map { !linkTexts.anyStarts(with: $0) } ?? true)
                && (found.definitionText.map { !isLinkText($0, in: markdown, linkTexts: linkTexts) } ?? true)
        }
        // Most notes lose nothing: their facts and groups stand as read.
        guard kept.count < found.count else { return self }
        var narrowed = self
        narrowed.found = kept
        return narrowed
    }

    /// Whether a definition's text is a link's text: its opening (`FATE: Fairness, …`), or, when short, all of it
    /// (`[博客文章](…)`), stands right after a `[`.
    private func isLinkText(_ text: String, in markdown: String, linkTexts: LinkTextStarts) -> Bool {
        text.count >= 8 ? linkTexts.anyStarts(with: String(text.prefix(16))) : StudyText.includes(markdown, "[" + text + "]")
    }

    private static func firstOfEachKey(_ found: [Found]) -> [Fact] {
        var seen = Set<Fact.Key>(minimumCapacity: found.count)
        return found.map(\.fact).filter { seen.insert($0.key).inserted }
    }
}

/// Where each `[` of a note's Markdown stands, so that many terms can be tested against its link texts
/// without searching the whole note for each.
private struct LinkTextStarts {
    let markdown: String
    let bytes: [UInt8]
    /// Offsets just after each `[`.
    let offsets: [Int]

    init(_ markdown: String) {
        self.markdown = markdown
        let bytes = Array(markdown.utf8)
        self.bytes = bytes
        offsets = bytes.indices.filter { bytes[$0] == UInt8(ascii: "[") }.map { $0 + 1 }
    }

    /// True when `[` + `term` occurs in the Markdown, as `StudyText.includes` would find it.
    func anyStarts(with term: String) -> Bool {
        // Only ASCII terms are compared byte for byte: `includes` compares other text as `String.contains` does.
        guard term.isASCII else { return StudyText.includes(markdown, "[" + term) }
        let needle = Array(term.utf8)
        return offsets.contains { offset in
            offset + needle.count <= bytes.count && bytes[offset..<offset + needle.count].elementsEqual(needle)
        }
    }
}
