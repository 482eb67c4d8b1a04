/// Reads a question store file strictly: a header of `key: value` lines, then `quiz` blocks and blank lines only.
struct QuestionStoreReader {
    static let requiredKeys = ["source", "source-sha256", "generator", "model", "prompt-version", "pinned"]

    /// The entry in `text`, or every problem found, with file lines.
    static func read(_ text: String) -> Result<QuestionStoreEntry, DiagnosticList> {
        let lines = TextLines.lineFeeds(text).map(String.init)
        var errors = [Diagnostic]()
        guard lines.first?.hasPrefix("<!--") == true else {
            return .failure(DiagnosticList([.error("expected the header `<!-- deckgen question store` on the first line (or delete the file: the next build makes its questions again)", line: 1)]))
        }
        var header = [String: String]()
        var index = 1
        while index < lines.count, lines[index].trimmingWhitespace != "-->" {
            let line = lines[index].trimmingWhitespace
            index += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                errors.append(.error("\"\(line)\" is not a header line; expected `key: value`", line: index))
                continue
            }
            header[String(line[..<colon]).trimmingWhitespace] = String(line[line.index(after: colon)...]).trimmingWhitespace
        }
        guard index < lines.count else {
            return .failure(DiagnosticList([.error("the header is never closed; expected a line `-->`", line: 1)]))
        }
        for key in requiredKeys where header[key] == nil {
            errors.append(.error("the header has no `\(key)`; expected a line `\(key): …`", line: index + 1))
        }
        let pinned = header["pinned"] ?? "false"
        if pinned != "true" && pinned != "false" {
            errors.append(.error("`pinned: \(pinned)` is not true or false; expected `pinned: true` or `pinned: false`", line: index + 1))
        }
        let origin = QuestionOrigin(rawValue: header["generator"] ?? "store")
        let (questions, blocks, blockErrors) = quizBlocks(lines, from: index + 1, origin: origin)
        errors += blockErrors
        guard errors.isEmpty else { return .failure(DiagnosticList(errors)) }
        var entry = QuestionStoreEntry(
            source: header["source"] ?? "", sourceHash: header["source-sha256"] ?? "",
            generator: header["generator"] ?? "", model: header["model"] ?? "",
            promptVersion: header["prompt-version"] ?? "", pinned: pinned == "true", questions: questions,
            writtenQuestionsHash: header["questions-sha256"])
        entry.modelFailure = header["model-failed"].flatMap(QuestionStoreEntry.ModelFailure.init(text:))
        // Blocks exactly as deckgen printed them are unedited: printing what they parse to gives them back (the
        // printer's promise), so only a file whose blocks differ from the print is printed again to be sure.
        let blocksHash = QuestionStoreEntry.questionsHash(ofPrinted: blocks.map { $0 + "\n" })
        let unedited = entry.writtenQuestionsHash.map { $0 == blocksHash } ?? true
        // Questions a person reviewed (pinned) or changed are theirs now: the export calls them `store`.
        if entry.pinned || (!unedited && entry.isEditedByHand) {
            entry.questions = entry.questions.map { question in
                var kept = question
                kept.origin = .store
                return kept
            }
        }
        return .success(entry)
    }

    /// The questions of the ```quiz blocks after the header; `start` is the 0-based index of the first line.
    private static func quizBlocks(_ lines: [String], from start: Int,
                                   origin: QuestionOrigin) -> (questions: [Question], blocks: [String], errors: [Diagnostic]) {
        var questions = [Question]()
        var blocks = [String]()
        var errors = [Diagnostic]()
        var index = start
        while index < lines.count {
            let line = lines[index].trimmingWhitespace
            if line.isEmpty {
                index += 1
                continue
            }
            guard line == "```quiz" else {
                errors.append(.error("\"\(line.prefix(60))\" is outside a quiz block; expected a line ```quiz to start one", line: index + 1))
                index += 1
                continue
            }
            let first = index + 1
            var end = first
            while end < lines.count, lines[end].trimmingWhitespace != "```" { end += 1 }
            guard end < lines.count else {
                errors.append(.error("the quiz block is never closed; expected a line ``` after it", line: index + 1))
                break
            }
            let block = lines[first..<end].joined(separator: "\n")
            blocks.append(block)
            let parsed = QuizBlockParser(origin: origin).parse(block, firstLine: first + 1)
            questions += parsed.questions
            errors += parsed.errors
            index = end + 1
        }
        return (questions, blocks, errors)
    }
}

/// Several diagnostics thrown together.
public struct DiagnosticList: Error, Sendable, Equatable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
