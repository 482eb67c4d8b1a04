/// Maths as GitHub writes it (`$…$` inline, `$$…$$` display), found in a note before cmark-gfm reads it, so that
/// Markdown never touches TeX (`a_1 * b_2` is no emphasis, `\\` keeps both backslashes). Each formula is replaced
/// by a placeholder cmark passes through as text, and the placeholders are turned into MathML after rendering.
struct MathSpans: Sendable {
    /// One formula as written.
    struct Formula: Sendable, Equatable {
        var tex: String
        var display: Bool
        /// The line the formula starts on, counting from 1.
        var line: Int
    }

    /// The Markdown with each formula replaced by its placeholder.
    var markdown: String
    var formulas: [Formula]

    /// Private-use characters around a formula's number: text to cmark, never typed by a writer.
    static let open: Character = "\u{E000}", close: Character = "\u{E001}"

    /// The placeholder of formula `index`.
    static func placeholder(_ index: Int) -> String {
        "\(open)\(index)\(close)"
    }

    /// Finds the formulas of `markdown`, outside code spans and code blocks: `$$…$$` (across lines), and `$…$` on
    /// one line whose opening `$` is followed by no space and whose closing `$` follows no space and is followed by
    /// no digit, as pandoc reads them: `$5 and $10` and `$5-$10` are money, `$1 < a < 3$` and `$2^N$` are maths.
    init(_ markdown: String) {
        var output = "", formulas = [Formula]()
        var fence: String?
        var display: (tex: String, line: Int)?
        var previousBlank = true
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        // Whether a later line holds `$$`: a `$$` with none after it opens nothing.
        var closesLater = [Bool](repeating: false, count: lines.count)
        for index in stride(from: lines.count - 2, through: 0, by: -1) {
            closesLater[index] = closesLater[index + 1] || lines[index + 1].contains("$$")
        }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            // Line breaks stay where they were, so that every later line keeps its number; a display formula's
            // placeholder stands on its last line.
            if index > 0 {
                output += "\n"
                display?.tex += "\n"
            }
            let trimmed = line.drop { $0 == " " }
            // Code fences and indented code are copied as they are.
            if display == nil, let marker = Self.fenceMarker(trimmed), line.count - trimmed.count <= 3 {
                if fence == nil { fence = marker } else if trimmed.hasPrefix(fence!) { fence = nil }
                output += line
                previousBlank = false
                continue
            }
            if fence != nil || (display == nil && previousBlank && (line.hasPrefix("    ") || line.hasPrefix("\t"))) {
                output += line
                previousBlank = line.allSatisfy(\.isWhitespace) && fence == nil
                continue
            }
            previousBlank = line.allSatisfy(\.isWhitespace)
            Self.scan(line, number: number, closesLater: closesLater[index], into: &output, formulas: &formulas, display: &display)
        }
        self.markdown = output
        self.formulas = formulas
    }

    /// "```" or "~~~" when `line` opens or closes a fence.
    private static func fenceMarker(_ line: Substring) -> String? {
        for marker in ["```", "~~~"] where line.hasPrefix(marker) { return marker }
        return nil
    }

    /// Copies one line into `output`, replacing its formulas; `display` carries a `$$` formula across lines.
    private static func scan(_ line: Substring, number: Int, closesLater: Bool, into output: inout String,
                             formulas: inout [Formula], display: inout (tex: String, line: Int)?) {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if var open = display {
                // Inside `$$…$$`: everything up to the closing `$$` is TeX.
                if character == "$", index + 1 < characters.count, characters[index + 1] == "$" {
                    output += placeholder(formulas.count)
                    formulas.append(Formula(tex: open.tex.trimmingWhitespace, display: true, line: open.line))
                    display = nil
                    index += 2
                } else {
                    open.tex.append(character)
                    display = open
                    index += 1
                }
                continue
            }
            switch character {
            case "\\":
                // An escaped character (`\$`) is the writer's own: copied with its backslash for cmark.
                output.append(character)
                if index + 1 < characters.count { output.append(characters[index + 1]) }
                index += 2
            case "`":
                // A code span: from a run of backticks to the next run of the same length on the line.
                let run = characters[index...].prefix { $0 == "`" }.count
                var end = index + run
                var closed: Int?
                while end < characters.count {
                    let next = characters[end...].prefix { $0 == "`" }.count
                    if next == run { closed = end; break }
                    end += max(next, 1)
                }
                let stop = closed.map { $0 + run } ?? index + run
                output += String(characters[index..<stop])
                index = stop
            case "$":
                if index + 1 < characters.count, characters[index + 1] == "$" {
                    if closesLater || String(characters[(index + 2)...]).contains("$$") {
                        display = (tex: "", line: number)
                    } else {
                        output += "$$"
                    }
                    index += 2
                } else if let end = inlineEnd(characters, from: index) {
                    output += placeholder(formulas.count)
                    formulas.append(Formula(tex: String(characters[(index + 1)..<end]), display: false, line: number))
                    index = end + 1
                } else {
                    output.append(character)
                    index += 1
                }
            default:
                output.append(character)
                index += 1
            }
        }
    }

    /// Whether `content` can only be TeX: it holds a command, a script or a group, or is one symbol such as `-`.
    private static func isPlainlyTeX(_ content: ArraySlice<Character>) -> Bool {
        let bare = content.filter { !$0.isWhitespace }
        if bare.count == 1, let only = bare.first, !only.isLetter, !only.isNumber { return true }
        return content.contains { "\\^_{}".contains($0) }
    }

    /// The index of the `$` closing an inline formula opened at `start`, or nil when this `$` opens none.
    private static func inlineEnd(_ characters: [Character], from start: Int) -> Int? {
        guard start + 1 < characters.count, let first = characters.dropFirst(start + 1).first,
              !first.isWhitespace, start == 0 || characters[start - 1] != "$" else { return nil }
        var index = start + 1
        while index < characters.count {
            if characters[index] == "\\" { index += 2; continue }
            if characters[index] == "$" {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                guard next != "$" else { return nil }
                // `$5-$10`: a closing `$` after a space or before a digit ends money, unless what it closes is plainly
                // TeX (`$\lambda $`, `$-$1` for a minus sign written as maths).
                if !previous.isWhitespace, !next.isNumber { return index }
                return isPlainlyTeX(characters[(start + 1)..<index]) ? index : nil
            }
            index += 1
        }
        return nil
    }
}
