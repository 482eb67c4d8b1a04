import Foundation

/// Whether a model's text is about the note at all: it must share at least one content word with it.
///
/// The validator checks a question's form; this catches what a small or distracted model does beyond form,
/// such as a question about something the note never mentions. Loose on purpose: a word counts when the
/// note holds its first five letters (so "chloroplast" matches "chloroplasts"), a number when the note holds
/// it, and in Chinese, Japanese or Korean text any character of those scripts that the note holds.
struct NoteGrounding: Sendable {
    private let note: String

    init(note: String) {
        self.note = note.lowercased()
    }

    /// True when `text` shares a content word with the note, or has no content words to judge by.
    func isGrounded(_ text: String) -> Bool {
        let words = Self.contentWords(in: text.lowercased())
        return words.isEmpty || words.contains { note.contains($0) }
    }

    /// Words of four or more letters that are not question words, cut to five letters; numbers; CJK characters.
    static func contentWords(in text: String) -> [String] {
        var words = [String]()
        var current = ""
        func flush() {
            defer { current = "" }
            if current.allSatisfy(\.isNumber), !current.isEmpty { words.append(current); return }
            guard current.count >= 4, !stopWords.contains(current) else { return }
            words.append(String(current.prefix(5)))
        }
        for character in text {
            if isCJK(character) {
                flush()
                words.append(String(character))
            } else if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    private static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF: return true
        default: return false
        }
    }

    /// Words every question may use without being about anything in particular.
    static let stopWords: Set<String> = [
        "which", "what", "when", "where", "whom", "whose", "does", "that", "this", "these", "those", "with", "from",
        "following", "statement", "statements", "true", "false", "correct", "about", "have", "into", "than", "then",
        "they", "their", "there", "would", "could", "should", "most", "best", "describes", "according", "note",
        "text", "answer", "question", "because", "called", "named", "known", "each", "other", "some", "many", "more",
        "also", "only", "been", "were", "will", "your", "same", "make", "makes", "made", "between", "during", "after",
        "before", "without", "within",
    ]
}
