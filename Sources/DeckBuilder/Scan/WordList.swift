import Foundation

/// The system's English word list (Debian's `wamerican`, in /usr/share/dict), for evidence that two halves
/// broken at a line end make one word when the text itself does not say.
///
/// Optional on purpose: without the list, cleanup decides from the text alone, as before.
struct WordList: Sendable {
    /// Where Debian's word-list packages put their lists, most common first.
    static let paths = ["/usr/share/dict/words", "/usr/share/dict/american-english", "/usr/share/dict/british-english"]

    /// The first list found, read once per process; nil when none is installed.
    static let english: WordList? = paths.lazy.compactMap { WordList(contentsOf: $0) }.first

    private let words: Set<String>

    /// The list in `text`, one word a line; possessives and words with capitals (names) left out.
    init(text: String) {
        var words = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) where line.allSatisfy({ $0.isLowercase && $0.isLetter }) {
            words.insert(String(line))
        }
        self.words = words
    }

    private init?(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return nil }
        self.init(text: text)
        if words.isEmpty { return nil }
    }

    /// Whether `word` (any case) is in the list.
    func contains(_ word: String) -> Bool { words.contains(word.lowercased()) }
}
