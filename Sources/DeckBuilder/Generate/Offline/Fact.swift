/// One thing a note states that a question can ask about: a term and its definition, a table cell, or a
/// heading and the sentence that opens its section.
///
/// A class, and immutable: every note's facts are shared with its neighbours and copied into pools and tiers
/// many times over, and copying a dozen strings each time was a tenth of the offline generator's time.
final class Fact: Sendable, Equatable {
    /// What kind of statement the fact comes from; questions draw distractors from facts of the same kind.
    enum Kind: Sendable, Equatable {
        case definition
        case tableCell
        case heading
    }

    let kind: Kind
    /// The thing asked about: the term, the table row's key, or the heading.
    let term: String
    /// Other names of the term (a parenthesised alias), blanked out of prompts along with the term.
    let aliases: [String]
    /// What the note says about the term, cleaned up to be shown as a choice.
    let answer: String
    /// A sentence of the note naming the term, for a fill-in-the-blank item; nil when there is none.
    let sentence: String?
    /// The heading the fact sits under, for wording and explanations.
    let heading: String?
    /// The note's own words, quoted in the explanation; put into text only for a question that is finished.
    let sourceWords: Source
    /// How far the extraction can be trusted: bold definitions score highest, guesses from headings lowest.
    let reliability: Int
    /// Facts sharing a pool (in this note) lend each other distractors: all definitions, one table column, one heading level.
    let pool: String
    /// The pool facts of other notes must share to lend distractors, e.g. a table column's header.
    let siblingPool: String
    /// For table cells: the header of the row key's column and of the asked column.
    let keyColumn: String
    let column: String
    /// `term` and `answer` as `TextNormaliser.comparable` gives them, worked out once: the composer
    /// compares every fact with every other, and normalising is the costly part.
    let comparableTerm: String
    let comparableAnswer: String

    init(kind: Kind, term: String, aliases: [String] = [], answer: String, sentence: String? = nil, heading: String?,
         source: Source, reliability: Int, pool: String, siblingPool: String, keyColumn: String = "", column: String = "",
         comparableTerm: String? = nil, comparableAnswer: String? = nil, poolGroup: String? = nil) {
        self.kind = kind
        self.term = term
        self.aliases = aliases
        self.answer = answer
        self.sentence = sentence
        self.heading = heading
        sourceWords = source
        self.reliability = reliability
        self.pool = pool
        self.siblingPool = siblingPool
        self.keyColumn = keyColumn
        self.column = column
        // A caller that normalised the term or the answer already (a table row's key serves all its cells) passes it on.
        self.comparableTerm = comparableTerm ?? TextNormaliser.comparable(term)
        self.comparableAnswer = comparableAnswer ?? TextNormaliser.comparable(answer)
        // Worked out once: the composer compares every fact's key with every other's in its pool.
        key = "\(pool)|\(self.comparableTerm)"
        // A table's extractor knows the group of its columns' pools already.
        let group = poolGroup ?? (kind == .tableCell ? pool.split(separator: ":").dropLast().joined(separator: ":") : pool)
        self.poolGroup = group
        identity = "\(group)|\(self.comparableTerm)"
        tableVariety = kind == .tableCell ? "table:" + group : ""
    }

    static func == (lhs: Fact, rhs: Fact) -> Bool {
        lhs === rhs || (lhs.kind == rhs.kind && lhs.term == rhs.term && lhs.aliases == rhs.aliases && lhs.answer == rhs.answer
            && lhs.sentence == rhs.sentence && lhs.heading == rhs.heading && lhs.sourceWords == rhs.sourceWords
            && lhs.reliability == rhs.reliability && lhs.pool == rhs.pool && lhs.siblingPool == rhs.siblingPool
            && lhs.keyColumn == rhs.keyColumn && lhs.column == rhs.column)
    }

    /// Tells facts apart: one term in one pool.
    let key: String
    /// The pool, with a table cell's column left out: a table row is one fact however many of its cells could
    /// be asked, and one group whose overuse the selection avoids.
    let poolGroup: String
    /// Identifies the fact so that a deck asks about it once.
    let identity: String
    /// For a table cell, the selection's variety group of its questions (`table:` and the pool group), made once
    /// for the three forms it may be asked in; empty for other facts.
    let tableVariety: String

    /// The note's own words, quoted in the explanation.
    var source: String {
        sourceWords.text
    }

    /// The term and its aliases: every name the prompt must not show when the term is the answer.
    var names: [String] {
        [term] + aliases
    }

    /// Whether the answer mentions the term or an alias, as `StudyText.mentions(answer, name)` tells for each
    /// name, from the normal forms the fact keeps: an answer naming its term gives itself away.
    var answerMentionsAName: Bool {
        ([comparableTerm] + aliases.map(TextNormaliser.comparable)).contains { name in
            !name.isEmpty && StudyText.includes(comparableAnswer, name)
        }
    }
}

extension Fact {
    /// Where a fact's explanation words come from. Most facts are never asked, so a paragraph is cut to a quote,
    /// and a table row joined, only when a question needs it.
    enum Source: Sendable, Equatable, ExpressibleByStringLiteral {
        /// Words as they are.
        case words(String)
        /// A paragraph, quoted up to a sentence boundary when long.
        case paragraph(String)
        /// A table row with its header: `Column: cell; …`.
        case tableRow(header: [String], row: [String])

        init(stringLiteral words: String) {
            self = .words(words)
        }

        /// The words shown.
        var text: String {
            switch self {
            case .words(let words):
                words
            case .paragraph(let text):
                StudyText.leadingSentences(text, limit: 240) ?? String(text.prefix(240)) + "…"
            case .tableRow(let header, let row):
                zip(header, row).filter { !$0.0.isEmpty && !$0.1.isEmpty }.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
            }
        }
    }
}
