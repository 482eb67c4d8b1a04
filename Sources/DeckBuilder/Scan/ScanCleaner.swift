/// Turns OCR text (broken lines, hyphenation, page numbers, running heads) into a Markdown note (being written).
public struct ScanCleaner: Sendable {
    public init() {}

    /// What cleanup made of one scanned text.
    public struct Result: Sendable, Equatable {
        /// The cleaned note, as Markdown.
        public var markdown: String
        /// What the reader should know, such as "3 running heads removed"; no path, no line.
        public var notes: [String]
    }

    /// The cleaned Markdown of `text`; `lang` (BCP 47) tells how wrapped lines are joined (no space between CJK characters).
    public func clean(_ text: String, lang: String = "en") -> Result { Result(markdown: text, notes: []) }
}
