/// Reads the text of a ```` ```quiz ```` block (or of the question store, or an LLM answer in that form) into questions.
///
/// The format, strictly:
/// ```
/// Q: Which organelle carries out photosynthesis?
/// - [ ] Mitochondrion
/// - [x] Chloroplast
/// > Chloroplasts hold chlorophyll,
/// > which captures light energy.
/// ```
/// A question is a `Q: text` line, 2–6 choice lines (`-` or `*`, spaces or tabs, then `[ ]`, `[x]` or `[X]` and
/// the text), exactly one marked, then any number of `>` lines, the explanation; a bare `>` is an empty line of it.
/// A recall card has one `A: answer` line in place of the choices:
/// ```
/// Q: What does RuBisCO do in the Calvin cycle?
/// A: It fixes carbon dioxide.
/// > The note: "RuBisCO fixes CO2 …"
/// ```
/// A blank line, or the end of the block, ends the question; blank lines between questions are free.
/// Lines may be indented and trailing whitespace is ignored. Anything else is an error, and a question with an
/// error is left out. Every error in the block is reported: after one, the parser skips to the next blank line.
public struct QuizBlockParser: Sendable {
    /// The origin given to every question read.
    public var origin: QuestionOrigin

    /// A parser whose questions come from `origin`.
    public init(origin: QuestionOrigin = .handWritten) {
        self.origin = origin
    }

    /// The questions in `text` and an error for every line that breaks the format.
    ///
    /// `firstLine` is the file line of the block's first line of text; diagnostics and `Question.line` use file lines.
    /// Diagnostics have an empty path, for the caller to fill in.
    public func parse(_ text: String, firstLine: Int) -> (questions: [Question], errors: [Diagnostic]) {
        var reader = Reader(origin: origin)
        // Only the line endings Markdown knows.
        let lines = TextLines.anyBreak(text)
        for (offset, raw) in lines.enumerated() {
            reader.read(QuizLine(raw), at: firstLine + offset)
        }
        reader.finish()
        if reader.questions.isEmpty, reader.errors.isEmpty {
            // An empty block is almost certainly a mistake, and would otherwise vanish from the page unnoticed.
            reader.errors.append(.error("the quiz block is empty; expected \"Q: question\" followed by choices",
                                        line: firstLine, column: 1))
        }
        return (reader.questions, reader.errors)
    }
}

// MARK: - Reading line by line

private extension QuizBlockParser {
    /// A question whose lines are still being read.
    struct Draft {
        let line: Int
        let quizLine: QuizLine
        let prompt: String
        var choices: [String] = []
        var answer: Int?
        /// A recall card's answer, from its `A:` line.
        var recall: String?
        /// Nil until the first `>` line; after it, no more choices may come.
        var explanation: [String]?
    }

    enum State {
        case between
        case reading(Draft)
        /// After an error: nothing is read until the next blank line.
        case skipping
    }

    struct Reader {
        let origin: QuestionOrigin
        var state = State.between
        var questions: [Question] = []
        var errors: [Diagnostic] = []
        let maximumChoices = 6

        init(origin: QuestionOrigin) {
            self.origin = origin
        }

        mutating func read(_ line: QuizLine, at number: Int) {
            switch state {
            case .skipping:
                if line.kind == .blank { state = .between }
            case .between:
                readBetween(line, at: number)
            case .reading(let draft):
                if line.kind == .blank {
                    finish()
                } else {
                    readInside(draft, line, at: number)
                }
            }
        }

        /// Ends the question being read, if any, as at a blank line.
        mutating func finish() {
            guard case .reading(let draft) = state else {
                state = .between
                return
            }
            state = .between
            if let recall = draft.recall {
                questions.append(Question(prompt: draft.prompt, recall: recall,
                                          explanation: (draft.explanation ?? []).joined(separator: "\n"),
                                          origin: origin, line: draft.line))
            } else if draft.choices.count < 2 {
                let count = draft.choices.count == 1 ? "1 choice" : "\(draft.choices.count) choices"
                report("\(draft.quizLine.quoted) has \(count); expected 2 to \(maximumChoices) choices",
                       draft.quizLine, at: draft.line)
            } else if let answer = draft.answer {
                questions.append(Question(prompt: draft.prompt, choices: draft.choices, answer: answer,
                                          explanation: (draft.explanation ?? []).joined(separator: "\n"),
                                          origin: origin, line: draft.line))
            } else {
                report("\(draft.quizLine.quoted) has no choice marked [x]; expected exactly one \"- [x] text\"",
                       draft.quizLine, at: draft.line)
            }
            // `report` moves to skipping, but the blank line that ended the question has already been seen.
            state = .between
        }

        private mutating func readBetween(_ line: QuizLine, at number: Int) {
            switch line.kind {
            case .blank:
                break
            case .question(let prompt):
                state = .reading(Draft(line: number, quizLine: line, prompt: prompt))
            case .malformedQuestion:
                report("\(line.quoted) is not a question; expected \"Q: question\" with a space and text after \"Q:\"",
                       line, at: number)
            case .answer, .malformedAnswer:
                report("\(line.quoted) is an answer outside a question; expected \"Q: question\" before \"A: answer\"", line, at: number)
            default:
                report("\(line.quoted) is outside a question; expected \"Q: question\" to start a question",
                       line, at: number)
            }
        }

        private mutating func readInside(_ draft: Draft, _ line: QuizLine, at number: Int) {
            var draft = draft
            switch line.kind {
            case .answer(let text):
                if draft.recall != nil || !draft.choices.isEmpty || draft.explanation != nil {
                    return report("\(line.quoted) is an answer after \(draft.recall != nil ? "another answer" : draft.choices.isEmpty ? "the explanation" : "choices"); expected one \"A: answer\" right after \"Q:\", for a recall card, or choices",
                                  line, at: number)
                }
                draft.recall = text
            case .malformedAnswer:
                return report("\(line.quoted) is not an answer; expected \"A: answer\" with a space and text after \"A:\"", line, at: number)
            case .choice(let text, let isCorrect):
                if draft.recall != nil {
                    return report("\(line.quoted) is a choice after an answer; expected either \"A: answer\" (a recall card) or choices, not both",
                                  line, at: number)
                }
                if draft.explanation != nil {
                    return report("\(line.quoted) is a choice after the explanation; expected choices before \">\" lines",
                                  line, at: number)
                }
                if draft.choices.count == maximumChoices {
                    return report("\(line.quoted) is choice \(maximumChoices + 1); expected at most \(maximumChoices) choices",
                                  line, at: number)
                }
                if isCorrect {
                    if draft.answer != nil {
                        return report("\(line.quoted) is a second choice marked [x]; expected exactly one \"- [x] text\"",
                                      line, at: number)
                    }
                    draft.answer = draft.choices.count
                }
                draft.choices.append(text)
            case .explanation(let text):
                draft.explanation = (draft.explanation ?? []) + [text]
            case .question, .malformedQuestion:
                return report("\(line.quoted) starts a question before the last one ended; expected a blank line between questions",
                              line, at: number)
            case .emptyChoice:
                return report("\(line.quoted) has no text; expected \"- [ ] text\"", line, at: number)
            case .malformedChoice, .other, .blank:
                if draft.explanation != nil {
                    return report("\(line.quoted) is not part of the explanation; expected \"> text\", or a blank line to end the question",
                                  line, at: number)
                }
                return report("\(line.quoted) is not a choice; expected \"- [ ] text\" or \"- [x] text\"", line, at: number)
            }
            state = .reading(draft)
        }

        /// Records an error and drops the question it belongs to.
        private mutating func report(_ message: String, _ line: QuizLine, at number: Int) {
            errors.append(.error(message, line: number, column: line.column))
            state = .skipping
        }
    }
}
