import Foundation

/// HTML tags and script URLs in a model's question that the note itself does not contain.
///
/// Questions are plain text and are escaped on every page, so markup cannot run; but markup a model made up
/// (`<script>`, `<img onerror=…>`) is a sign of a prompt injection or a broken answer, and shown escaped it is
/// noise. A note about HTML may quote tags, so a tag the note contains word for word is allowed.
enum MarkupInAnswer {
    /// The tag starts, event handlers and `javascript:` URLs in `text` that do not appear in `note`, in order.
    static func unexplained(in text: String, note: String) -> [String] {
        var found = [String]()
        for candidate in candidates(in: text) where !note.contains(candidate) && !found.contains(candidate) {
            found.append(candidate)
        }
        return found
    }

    private static func candidates(in text: String) -> [String] {
        // Most text has none of the three marks: skip the regular expression for it.
        guard text.contains("<") || text.contains("=") || text.contains(":") else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    /// The start of a tag, comment or declaration, closed or not (`<script`, `</b`, `<!--`), an event-handler
    /// attribute (`onerror=`), or a script URL.
    private static let pattern: NSRegularExpression = {
        // The pattern is a constant; a failure here is a programming error caught by every test run.
        guard let regex = try? NSRegularExpression(
            pattern: #"<[A-Za-z!/?][^<>\s]*|\bon[a-z]{3,}\s*=|javascript\s*:"#,
            options: [.caseInsensitive]) else { preconditionFailure("invalid markup pattern") }
        return regex
    }()
}
