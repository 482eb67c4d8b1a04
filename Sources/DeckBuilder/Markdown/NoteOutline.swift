/// The structure of a note as plain text, block by block: what the question generators read.
public struct NoteOutline: Sendable, Hashable {
    /// One block of the note.
    public enum Block: Sendable, Hashable {
        case heading(level: Int, text: OutlineText)
        case paragraph(OutlineText)
        /// The first paragraph of a list item; `depth` counts enclosing lists from 1.
        case listItem(OutlineText, depth: Int)
        /// A table: header cells, then body rows, as plain text.
        case table(header: [String], rows: [[String]])
    }

    /// A block with where it stands.
    public struct Entry: Sendable, Hashable {
        public var block: Block
        /// The line the block starts on, counting from 1 in the Markdown given to the renderer.
        public var line: Int
        /// The texts of the headings the block sits under, outermost first.
        public var headings: [String]
    }

    public let entries: [Entry]
    /// A hash of the entries, worked out once: the offline generator looks a note's outline up for each neighbour.
    /// It takes in every entry's line but only the first and last entries' words: hashing every word of every note
    /// cost more than the lookups. Equality still compares everything.
    private let entriesHash: Int

    public init(entries: [Entry] = []) {
        self.entries = entries
        var hasher = Hasher()
        hasher.combine(entries.count)
        for entry in entries { hasher.combine(entry.line) }
        hasher.combine(entries.first)
        hasher.combine(entries.last)
        entriesHash = hasher.finalize()
    }

    public static func == (lhs: NoteOutline, rhs: NoteOutline) -> Bool {
        lhs.entriesHash == rhs.entriesHash && lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entriesHash)
    }
}

/// A paragraph or heading as plain text, with the bold words it opens with kept apart (`**Term**: …`).
public struct OutlineText: Sendable, Hashable {
    /// Stands in the text where raw HTML stood, whose words the text may hold without their meaning (U+FFFC).
    public static let objectMark = "\u{FFFC}"

    /// The whole text: emphasis, links and code flattened to their words, line breaks as spaces.
    public var text: String
    /// The text of a bold span that opens the block, if one does.
    public var leadingStrong: String?
    /// Every bold span in the block, in order.
    public var strong: [String]

    public init(text: String, leadingStrong: String? = nil, strong: [String] = []) {
        self.text = text
        self.leadingStrong = leadingStrong
        self.strong = strong
    }
}

/// A fenced block with info string `quiz`, taken out of the note before rendering.
public struct QuizBlockSource: Sendable, Equatable {
    /// The block's content, without the fences.
    public var text: String
    /// The line of the block's first content line, counting from 1 in the Markdown given to the renderer.
    public var firstLine: Int
}
