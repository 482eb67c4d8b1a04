/// One block of the cleaned note.
enum ScanBlock: Equatable, Sendable {
    case paragraph(String)
    case heading(level: Int, String)
    case item(String)
    /// Lines kept as they were, shown as preformatted text.
    case preformatted([String])

    /// The block as Markdown, its text escaped so that it renders as the same words.
    var markdown: String {
        switch self {
        case .paragraph(let text):
            return MarkdownEscaper.escapeBlockStart(MarkdownEscaper.escapeInline(text))
        case .heading(let level, let text):
            return String(repeating: "#", count: level) + " " + MarkdownEscaper.escapeHeading(text)
        case .item(let text):
            return "- " + MarkdownEscaper.escapeBlockStart(MarkdownEscaper.escapeInline(text))
        case .preformatted(let lines):
            let longest = lines.map { MarkdownEscaper.longestRun(of: "`", in: $0) }.max() ?? 0
            let fence = String(repeating: "`", count: max(3, longest + 1))
            return ([fence] + lines + [fence]).joined(separator: "\n")
        }
    }
}
