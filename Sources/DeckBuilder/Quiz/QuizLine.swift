/// One line of a quiz block, sorted by its form before the parser decides whether it fits where it stands.
///
/// Work is done on Unicode scalars rather than characters so that a combining mark after `Q: ` or `- [ ] `
/// (which joins the space into one character) cannot hide the marker.
struct QuizLine: Sendable, Equatable {
    /// What the line looks like, on its own.
    enum Kind: Sendable, Equatable {
        case blank
        /// `Q: text`, with the text trimmed.
        case question(String)
        /// `A: text`, a recall card's answer, with the text trimmed.
        case answer(String)
        /// `- [ ] text` or `- [x] text`, with the text trimmed.
        case choice(text: String, isCorrect: Bool)
        /// `> text`, without the `>` and the one space or tab after it; trailing spaces already gone.
        case explanation(String)
        /// `Q:` with nothing after it, or not followed by a space.
        case malformedQuestion
        /// `A:` likewise.
        case malformedAnswer
        /// `- [ ]` with no text after the mark.
        case emptyChoice
        /// Starts like a list item or a mark (`-`, `*`, `[`) but is not `- [ ] text`.
        case malformedChoice
        case other
    }

    let kind: Kind
    /// The column of the first non-blank character, from 1; indentation is allowed and skipped.
    let column: Int
    /// The line without its indentation and trailing whitespace, to quote in messages.
    let text: String

    init(_ raw: Substring) {
        // Walked by index, not copied into an array, and the text taken as a slice: store files have many lines.
        let scalars = raw.unicodeScalars
        var start = scalars.startIndex
        var column = 1
        while start < scalars.endIndex, scalars[start].isWhitespace {
            start = scalars.index(after: start)
            column += 1
        }
        var end = scalars.endIndex
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before].isWhitespace else { break }
            end = before
        }
        let body = scalars[start..<end]
        kind = Self.kind(of: body)
        self.column = column
        text = Self.string(body)
    }

    /// The line as quoted in a message: long lines are cut so the message stays on one screen line.
    var quoted: String {
        let limit = 60
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return "\"\(shown)\""
    }
}

// MARK: - Classifying

private extension QuizLine {
    typealias Scalars = Substring.UnicodeScalarView

    static func kind(of body: Scalars) -> Kind {
        guard let first = body.first else { return .blank }
        if body.starts(with: ["Q", ":"]) {
            return question(after: body.dropFirst(2))
        }
        if body.starts(with: ["A", ":"]) {
            guard case .question(let text) = question(after: body.dropFirst(2)) else { return .malformedAnswer }
            return .answer(text)
        }
        switch first {
        case ">":
            let rest = body.dropFirst()
            return .explanation(string(rest.first.map(isBlank) == true ? rest.dropFirst() : rest))
        case "-", "*":
            return choice(after: body.dropFirst())
        case "[":
            return .malformedChoice
        default:
            return .other
        }
    }

    static func question(after rest: Scalars) -> Kind {
        guard let first = rest.first, isBlank(first) else { return .malformedQuestion }
        let text = trimmed(rest)
        return text.isEmpty ? .malformedQuestion : .question(string(text))
    }

    static func choice(after bullet: Scalars) -> Kind {
        // At least one space or tab after the bullet, then `[ ]`, `[x]` or `[X]`.
        guard let first = bullet.first, isBlank(first) else { return .malformedChoice }
        let box = Array(bullet.drop(while: isBlank).prefix(3))
        guard box.count == 3, box[0] == "[", box[2] == "]" else { return .malformedChoice }
        let mark = box[1]
        guard mark == " " || mark == "x" || mark == "X" else { return .malformedChoice }
        let rest = bullet.drop(while: isBlank).dropFirst(3)
        guard let afterBox = rest.first else { return .emptyChoice }
        guard isBlank(afterBox) else { return .malformedChoice }
        return .choice(text: string(trimmed(rest)), isCorrect: mark != " ")
    }

    /// The separators the format itself uses: a space or a tab.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    static func trimmed(_ scalars: Scalars) -> Scalars {
        let start = scalars.firstIndex { !$0.isWhitespace } ?? scalars.endIndex
        let end = scalars.lastIndex { !$0.isWhitespace }.map { scalars.index(after: $0) } ?? start
        return scalars[start..<max(start, end)]
    }

    static func string(_ scalars: Scalars) -> String {
        String(Substring(scalars))
    }
}
