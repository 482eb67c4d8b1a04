/// A note's Markdown rendered to HTML, with what the later stages need to know about it.
public struct RenderedMarkdown: Sendable, Equatable {
    /// A heading of the note, in document order.
    public struct Heading: Sendable, Equatable {
        /// 1 for `#` (or a `===` underline) through 6 for `######`.
        public var level: Int
        /// The heading's plain text: text, code spans, and the text inside emphasis, links and image descriptions; line breaks as spaces.
        public var text: String
        /// The heading's first line in the Markdown source, counting from 1.
        public var line: Int
        /// The heading's `id` in the page, when rendered with `.headingAnchors`; empty otherwise.
        public var anchor: String

        public init(level: Int, text: String, line: Int, anchor: String = "") {
            self.level = level
            self.text = text
            self.line = line
            self.anchor = anchor
        }
    }

    /// HTML rendered by cmark-gfm; safe to insert unescaped when rendered without `.unsafe`.
    public var html: String
    public var headings: [Heading]
    /// Problems found in the input, such as pathological constructs rendered as plain text.
    /// `path` is left empty for the caller to fill in; `line` is set where known.
    public var warnings: [Diagnostic]
    /// The note's blocks as plain text, for the question generators.
    public var outline: NoteOutline
    /// The note's `quiz` blocks, which are taken out of `html`.
    public var quizBlocks: [QuizBlockSource]

    public init(html: String, headings: [Heading] = [], warnings: [Diagnostic] = [],
                outline: NoteOutline = NoteOutline(), quizBlocks: [QuizBlockSource] = []) {
        self.html = html
        self.headings = headings
        self.warnings = warnings
        self.outline = outline
        self.quizBlocks = quizBlocks
    }

    /// The note's title as its headings give it: the text of its one top-level (`#`) heading. None when it has no
    /// such heading or several (a page of chapters), and never a sub-heading such as "Background".
    public var titleHeading: String? {
        let top = headings.filter { $0.level == 1 && !$0.text.isEmpty }
        return top.count == 1 ? top[0].text : nil
    }
}

/// A link or image destination as written in the Markdown, offered to `MarkdownRenderer.render(_:rewriteURL:)`.
public struct MarkdownURL: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case link
        case image
    }

    public var kind: Kind
    /// The destination after cmark's own unescaping (`\(` and entities resolved), before percent-encoding.
    public var url: String
    /// The source line the link or image starts on, counting from 1.
    public var line: Int

    public init(kind: Kind, url: String, line: Int) {
        self.kind = kind
        self.url = url
        self.line = line
    }
}
