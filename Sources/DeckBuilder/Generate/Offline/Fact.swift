/// One thing a note states that a question can ask about: a term and its definition, a table cell, or an
/// attribute of a section's topic.
///
/// A class, and immutable: a note's facts are copied into pools and tiers
/// many times over, and copying a dozen strings each time was a tenth of the offline generator's time.
final class Fact: Sendable, Equatable {
    /// What kind of statement the fact comes from; questions draw distractors from facts of the same kind.
    enum Kind: Sendable, Equatable {
        case definition
        case tableCell
        /// An attribute of a section's topic (`Source:` under `### Auxin`): `term` is the topic, `column` the attribute.
        case attribute
        /// A key word the writer marked in bold inside a sentence: asked as a fill-in-the-blank recall card.
        case keyword
    }

    let kind: Kind
    /// The thing asked about: the term, the table row's key, or the topic an attribute is of.
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
    /// How far the extraction can be trusted: bold definitions score highest, guesses from plain sentences lowest.
    let reliability: Int
    /// Facts sharing a pool (in this note) lend each other distractors: one group of definitions, one table column,
    /// one attribute.
    let pool: String
    /// For table cells: the header of the row key's column and of the asked column.
    let keyColumn: String
    let column: String
    /// `term` and `answer` as `TextNormaliser.comparable` gives them, worked out once: the composer
    /// compares every fact with every other, and normalising is the costly part.
    let comparableTerm: String
    let comparableAnswer: String

    init(kind: Kind, term: String, aliases: [String] = [], answer: String, sentence: String? = nil, heading: String?,
         source: Source, reliability: Int, pool: String, keyColumn: String = "", column: String = "",
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
        self.keyColumn = keyColumn
        self.column = column
        // A caller that normalised the term or the answer already (a table row's key serves all its cells) passes it on.
        self.comparableTerm = comparableTerm ?? TextNormaliser.comparable(term)
        self.comparableAnswer = comparableAnswer ?? TextNormaliser.comparable(answer)
        // A table's extractor knows the group of its columns' pools already.
        self.poolGroup = poolGroup ?? (kind == .tableCell ? pool.split(separator: ":").dropLast().joined(separator: ":") : pool)
    }

    static func == (lhs: Fact, rhs: Fact) -> Bool {
        lhs === rhs || (lhs.kind == rhs.kind && lhs.term == rhs.term && lhs.aliases == rhs.aliases && lhs.answer == rhs.answer
            && lhs.sentence == rhs.sentence && lhs.heading == rhs.heading && lhs.sourceWords == rhs.sourceWords
            && lhs.reliability == rhs.reliability && lhs.pool == rhs.pool
            && lhs.keyColumn == rhs.keyColumn && lhs.column == rhs.column)
    }

    /// The pool, with a table cell's column left out: a table row is one fact however many of its cells could
    /// be asked, and one group whose overuse the selection avoids.
    let poolGroup: String

    /// Tells facts apart: one term in one pool. Compared by its parts rather than kept as a joined string: a
    /// note's forty-odd facts each made two more strings to allocate and free.
    var key: Key {
        Key(pool: pool, term: comparableTerm)
    }

    /// A pool and a term in it, as `key` and `identity` hold them.
    struct Key: Hashable {
        var pool: String
        var term: String
    }

    /// Identifies the fact so that a deck asks about it once: its term in its pool group.
    var identity: Key {
        Key(pool: poolGroup, term: comparableTerm)
    }

    /// Whether `other` is the same fact for a deck, which asks about it once: `identity` compared without making it.
    func isSameFact(as other: Fact) -> Bool {
        comparableTerm == other.comparableTerm && poolGroup == other.poolGroup
    }

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
