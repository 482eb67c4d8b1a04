import Foundation

/// The words tesseract was unsure of on a page, from its TSV output. Such a word may be misread: `deckgen scan`
/// marks it for a reader to check, and it never becomes a question's answer or one of its wrong choices.
enum UnsureWords {
    /// Tesseract's word confidence (0–100) below which a word is unsure. Chosen on photographed-style pages
    /// (bench/ocr_photos, seeds 77, 101, 555): under 70 marked 17 words, 7 of them misread, and caught 8 of 22 misread
    /// words; under 85, 27 marked, 10 misread, 12 of 22 caught; under 92, 70 marked, 14 misread, 16 caught. 85 catches
    /// half the misreadings while most marks a reader checks are still worth checking.
    static let threshold = 85.0

    /// The unsure words of a page in tesseract's TSV: the forms (see `form(of:)`) it never read with `threshold` or
    /// more anywhere on the page, so one smudged "the" does not make every "the" unsure. A word hyphenated over a line
    /// end counts joined as well, as cleanup joins it, with the lower of its halves' confidences.
    static func inTSV(_ tsv: String) -> Set<String> {
        var best = [String: Double]()
        func saw(_ form: String, _ confidence: Double) {
            guard !form.isEmpty else { return }
            best[form] = max(best[form] ?? -1, confidence)
        }
        var lineEnd: (word: Substring, confidence: Double, line: Substring)?
        var previousLine: Substring = ""
        for row in tsv.split(whereSeparator: \.isNewline) {
            // level, page, block, paragraph, line, word, left, top, width, height, confidence, text; level 5 is a word.
            let columns = row.split(separator: "\t", maxSplits: 11, omittingEmptySubsequences: false)
            guard columns.count == 12, columns[0] == "5", let confidence = Double(columns[10]) else { continue }
            let word = columns[11]
            let line = columns[1...4].joined(separator: ".")[...]
            if line != previousLine, let end = lineEnd, end.line == previousLine, end.word.hasSuffix("-") {
                saw(form(of: end.word.dropLast()) + form(of: word), min(end.confidence, confidence))
            }
            saw(form(of: word), confidence)
            lineEnd = (word, confidence, line)
            previousLine = line
        }
        return Set(best.filter { $0.value < threshold }.keys)
    }

    /// A word as compared: lower case, without the punctuation around it; empty for a word of punctuation alone.
    static func form(of word: Substring) -> String {
        let isInner: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard let first = word.firstIndex(where: isInner), let last = word.lastIndex(where: isInner) else { return "" }
        return word[first...last].lowercased()
    }

    /// The first of `unsure` that `text` holds: as a whole word in spaced scripts; anywhere for Chinese, Japanese and
    /// Korean, whose words run together and which tesseract splits as it reads them.
    static func first(in text: String, among unsure: Set<String>) -> String? {
        guard !unsure.isEmpty else { return nil }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "/" }).map { form(of: $0) }
        if let found = words.first(where: unsure.contains) { return found }
        // A choice such as `x-ray` or `cell's` holds its parts too.
        if let found = words.lazy.flatMap({ $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) })
            .map(String.init).first(where: unsure.contains) { return found }
        let lowered = text.lowercased()
        return unsure.sorted().first { form in
            form.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana) && lowered.contains(form)
        }
    }
}
