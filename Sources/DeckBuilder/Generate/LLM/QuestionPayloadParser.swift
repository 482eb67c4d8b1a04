import Foundation

/// Reads a model's answer into questions, strictly: text → JSON → exact shape → `QuestionValidator`.
///
/// Never throws: whatever a server sends, the result says which questions may be shown and what is wrong with
/// the others, per question, in words the repair prompt can send back. Servers that ignore JSON mode often
/// answer in prose or in the quiz-block format; the latter is read with `QuizBlockParser`.
public struct QuestionPayloadParser: Sendable {
    /// The origin given to every question read (`.provider("openai")`).
    public var origin: QuestionOrigin
    public var validator: QuestionValidator
    /// The note the questions are about: markup in a question must be quoted from it.
    public var note: String
    /// Text no question may hold, such as the API key: a model echoing it would put it on a page.
    public var forbidden: [String]

    /// A parser whose questions come from `origin` and are about `note`.
    public init(origin: QuestionOrigin, validator: QuestionValidator = QuestionValidator(), note: String = "",
                forbidden: [String] = []) {
        self.origin = origin
        self.validator = validator
        self.note = note
        self.forbidden = forbidden.filter { $0.count >= 4 }
    }

    /// More questions than this in one answer are not read: a runaway model repeating itself.
    static let maxItems = 50

    /// The questions in `text`, a model's answer, and every problem with it.
    public func parse(_ text: String) -> QuestionPayload {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Bare JSON is read as it is: a fence-like line inside it is content, not a wrapper.
        let isBare = trimmed.hasPrefix("{") || trimmed.hasPrefix("[")
        let body = isBare ? trimmed : Self.unfenced(trimmed).trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("{") || body.hasPrefix("[") {
            return parseJSON(body)
        }
        if Self.looksLikeQuizBlocks(body) {
            return parseQuizBlocks(body)
        }
        // Prose around a JSON object ("Sure! Here are your questions: {…}") from a server without JSON mode.
        if let start = body.firstIndex(of: "{"), let end = body.lastIndex(of: "}"), start < end {
            let payload = parseJSON(String(body[start...end]))
            if payload.format == .json, payload.questionCount > 0 { return payload }
        }
        let problem = body.isEmpty
            ? "the answer is empty; expected JSON {\"questions\": [...]}"
            : "the answer is neither JSON nor quiz blocks; expected JSON {\"questions\": [...]}"
        return QuestionPayload(format: .unreadable, questions: [], problems: [PayloadProblem(message: problem)],
                               questionCount: 0)
    }
}

// MARK: - JSON

private extension QuestionPayloadParser {
    static let keys = ["question", "choices", "answer", "explanation", "quote"]

    /// `salvage`: whether a cut-off answer may be read for its whole questions; the salvaged text is read once, without.
    func parseJSON(_ body: String, salvage: Bool = true) -> QuestionPayload {
        guard let value = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) else {
            let problem = PayloadProblem(message: "the answer is not valid JSON, or was cut off; expected a complete object {\"questions\": [...]}")
            // A cut-off answer still holds whole questions before the cut; each is checked as strictly as ever.
            if salvage, let salvaged = TruncatedAnswer.completeQuestions(in: body),
               case let payload = parseJSON(salvaged, salvage: false), payload.format == .json, !payload.questions.isEmpty {
                let note = PayloadProblem(.warning, message: "the answer was cut off after \(payload.questionCount) complete question\(payload.questionCount == 1 ? "" : "s"); expected a complete object")
                return QuestionPayload(format: .json, questions: payload.questions, problems: payload.problems + [note],
                                       questionCount: payload.questionCount)
            }
            return QuestionPayload(format: .unreadable, questions: [], problems: [problem], questionCount: 0)
        }
        var problems = [PayloadProblem]()
        let items: [Any]
        if let object = value as? [String: Any] {
            guard let list = object["questions"] as? [Any] else {
                let found = object["questions"].map { "\"questions\" is \(Self.kind(of: $0))" } ?? "no \"questions\" key"
                problems.append(PayloadProblem(message: "\(found); expected an array of questions under \"questions\""))
                return QuestionPayload(format: .json, questions: [], problems: problems, questionCount: 0)
            }
            // Extra top-level keys break the schema, but each question is still checked on its own, so keep them.
            for key in object.keys.sorted() where key != "questions" {
                problems.append(PayloadProblem(.warning, message: "unexpected key \"\(key)\" beside \"questions\"; expected only \"questions\""))
            }
            items = list
        } else if let list = value as? [Any] {
            // Some plain-prompt servers drop the wrapper object; the questions themselves are still checked strictly.
            problems.append(PayloadProblem(.warning, message: "the answer is a bare array; expected an object {\"questions\": [...]}"))
            items = list
        } else {
            problems.append(PayloadProblem(message: "the answer is \(Self.kind(of: value)); expected an object {\"questions\": [...]}"))
            return QuestionPayload(format: .json, questions: [], problems: problems, questionCount: 0)
        }
        var questions = [Question]()
        if items.count > Self.maxItems {
            problems.append(PayloadProblem(message: "the answer holds \(items.count) questions; only the first \(Self.maxItems) were read"))
        }
        for (index, item) in items.prefix(Self.maxItems).enumerated() {
            switch shape(of: item) {
            case .success(let (question, quote)):
                let found = checkQuote(quote, of: question, index: index) + check(question, index: index, accepted: questions)
                problems += found
                if !found.contains(where: { $0.severity == .error }) {
                    questions.append(Self.sourced(question, quote: quote))
                }
            case .failure(let shapeProblems):
                problems += shapeProblems.messages.map {
                    PayloadProblem(index: index, prompt: shapeProblems.prompt, message: $0)
                }
            }
        }
        return QuestionPayload(format: .json, questions: questions, problems: problems, questionCount: items.count)
    }

    /// The question in `item` if it has exactly the schema's shape, or every way it does not.
    func shape(of item: Any) -> Result<(question: Question, quote: String?), ShapeProblems> {
        guard let object = item as? [String: Any] else {
            return .failure(ShapeProblems(prompt: nil, messages: [
                "the question is \(Self.kind(of: item)); expected an object with \(Self.keyList)",
            ]))
        }
        var messages = [String]()
        // The quote is checked against the note (`checkQuote`), and only there is a missing one a problem.
        for key in Self.keys where object[key] == nil && key != "quote" {
            messages.append("missing \"\(key)\"; expected \(Self.keyList)")
        }
        for key in object.keys.sorted() where !Self.keys.contains(key) && key != "kind" {
            messages.append("unexpected key \"\(key)\"; expected only \(Self.keyList)")
        }
        let prompt = object["question"] as? String
        if let value = object["question"], prompt == nil {
            messages.append("\"question\" is \(Self.kind(of: value)); expected a string")
        }
        let explanation = object["explanation"] as? String
        if let value = object["explanation"], explanation == nil {
            messages.append("\"explanation\" is \(Self.kind(of: value)); expected a string")
        }
        let quote = object["quote"] as? String
        if let value = object["quote"], quote == nil {
            messages.append("\"quote\" is \(Self.kind(of: value)); expected the note's sentence as a string")
        }
        var choices: [String]?
        if let value = object["choices"] {
            if let list = value as? [Any] {
                choices = []
                for (offset, choice) in list.enumerated() {
                    if let text = choice as? String {
                        choices?.append(text)
                    } else {
                        messages.append("choice \(offset + 1) is \(Self.kind(of: choice)); expected a string")
                    }
                }
            } else {
                messages.append("\"choices\" is \(Self.kind(of: value)); expected an array of strings")
            }
        }
        var answer: Int?
        if let value = object["answer"] {
            answer = Self.integer(value)
            if answer == nil {
                messages.append("\"answer\" is \(Self.kind(of: value)); expected the integer index of the correct choice")
            }
        }
        if let answer, let choices, messages.isEmpty, !choices.indices.contains(answer) {
            messages.append("\"answer\" is \(answer) but there are \(choices.count) choices; expected an index from 0 to \(max(choices.count - 1, 0))")
        }
        // `kind` is in the schema; an answer from a server that enforces none may leave it out, meaning choice.
        let kind = object["kind"].map { $0 as? String }
        if case .some(let named) = kind, named.flatMap(Question.Kind.init(rawValue:)) == nil {
            messages.append("\"kind\" is \(object["kind"].map(Self.kind(of:)) ?? "missing"); expected \"choice\" or \"recall\"")
        }
        let isRecall = kind == .some("recall")
        if isRecall, let choices, choices.count != 1 || answer != 0 {
            messages.append("a recall card has \(choices.count) choices; expected its answer as the one choice, and \"answer\": 0")
        }
        guard messages.isEmpty, let prompt, let choices, let answer, let explanation else {
            return .failure(ShapeProblems(prompt: prompt, messages: messages))
        }
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        if isRecall {
            return .success((Question(prompt: trimmed(prompt), recall: trimmed(choices[0]), explanation: trimmed(explanation), origin: origin),
                             quote.map(trimmed)))
        }
        return .success((Question(prompt: trimmed(prompt), choices: choices.map(trimmed), answer: answer,
                                  explanation: trimmed(explanation), origin: origin), quote.map(trimmed)))
    }

    static var keyList: String {
        keys.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// An integer, or a number with no fraction (`1.0`); never a boolean, which Foundation also hands back as a number.
    static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 1e9 else { return nil }
        return Int(double)
    }

    static func isBoolean(_ number: NSNumber) -> Bool {
        // JSONSerialization gives `true`/`false` the Objective-C type `c` (char); JSON numbers never get it.
        String(cString: number.objCType) == "c"
    }

    /// "a string", "the number 1.5", … for messages.
    static func kind(of value: Any) -> String {
        switch value {
        case is String: return "a string"
        case let number as NSNumber: return isBoolean(number) ? "a boolean" : "the number \(number)"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        default: return "something else"
        }
    }

    struct ShapeProblems: Error {
        var prompt: String?
        var messages: [String]
    }
}

// MARK: - The quote a JSON question gives as its source

private extension QuestionPayloadParser {
    /// `SourceQuote`'s problems with `quote` as the source of `question`, when the note is known.
    func checkQuote(_ quote: String?, of question: Question, index: Int) -> [PayloadProblem] {
        guard !note.isEmpty else { return [] }
        guard let quote else {
            return [PayloadProblem(index: index, prompt: question.prompt,
                                   message: "missing \"quote\"; expected the note's sentence that shows the answer is right, copied word for word")]
        }
        return SourceQuote(note: note).problems(quote: quote, question: question).map {
            PayloadProblem(index: index, prompt: question.prompt, message: $0)
        }
    }

    /// `question` with its source quoted on the explanation's last line, as offline questions quote theirs.
    static func sourced(_ question: Question, quote: String?) -> Question {
        guard let quote, !quote.isEmpty, !question.explanation.contains(quote) else { return question }
        var sourced = question
        sourced.explanation += (sourced.explanation.isEmpty ? "" : "\n") + "“\(quote)”"
        return sourced
    }
}

// MARK: - Validation shared by both formats

private extension QuestionPayloadParser {
    /// The validator's problems with `question`, plus a repeat of a question already accepted.
    func check(_ question: Question, index: Int, accepted: [Question]) -> [PayloadProblem] {
        var problems = validator.problems(in: question).map {
            PayloadProblem($0.severity, index: index, prompt: question.prompt, message: $0.message)
        }
        let texts = [question.prompt] + question.choices + [question.explanation]
        var markup = [String]()
        for tag in texts.flatMap({ MarkupInAnswer.unexplained(in: $0, note: note) }) where !markup.contains(tag) { markup.append(tag) }
        if !markup.isEmpty {
            let quoted = markup.prefix(3).map { "`\($0.prefix(40))`" }.joined(separator: ", ")
            problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                           message: "contains markup the note does not (\(quoted)); expected plain text"))
        }
        if !note.isEmpty {
            let grounding = NoteGrounding(note: note)
            if !grounding.isGrounded(question.prompt) {
                problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                               message: "the question shares no word with the note; expected a question about what the note says"))
            }
            if !grounding.isGrounded(question.explanation) {
                problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                               message: "the explanation shares no word with the note; expected one that uses the note's facts"))
            }
        }
        if texts.contains(where: { text in forbidden.contains { text.contains($0) } }) {
            problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                           message: "contains the API key; expected nothing secret in a question"))
        }
        if texts.contains(where: Self.hasControlCharacters) {
            problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                           message: "contains control or text-direction characters; expected plain text"))
        }
        if Self.isNegative(question.prompt) {
            problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                           message: "is phrased negatively (NOT, EXCEPT, false…); expected a question asking for the one right answer"))
        }
        // Quiz-block marks inside a question are a model copying the format into its text, often giving the answer away.
        if let mark = ["[ ]", "[x]", "[X]", "```"].first(where: { mark in !note.contains(mark) && texts.contains { $0.contains(mark) } }) {
            problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                           message: "contains the quiz mark `\(mark)`; expected plain text with the choices only in \"choices\""))
        }
        let key = TextNormaliser.comparable(question.prompt)
        if !key.isEmpty, accepted.contains(where: { Self.nearlySame(TextNormaliser.comparable($0.prompt), key) }) {
            problems.append(PayloadProblem(index: index, prompt: question.prompt,
                                           message: "the question repeats an earlier one; expected different questions"))
        }
        // Errors first, so the repair prompt leads with what must change.
        return problems.filter { $0.severity == .error } + problems.filter { $0.severity != .error }
    }
}

extension QuestionPayloadParser {
    /// C0 and C1 controls other than tab and line breaks, and the bidirectional overrides and isolates that can
    /// make text read differently from how it is stored.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// An English question asking for the wrong answer, or any question with an upper-case NOT or EXCEPT.
    static func isNegative(_ prompt: String) -> Bool {
        if prompt.contains(" NOT ") || prompt.contains(" EXCEPT") { return true }
        let words = Set(prompt.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init))
        return !words.isDisjoint(with: ["not", "except", "false", "incorrect", "untrue", "isn't", "doesn't", "cannot"])
    }

    /// Two comparable prompts that are the same, or share at least 80% of their words (Jaccard): a model
    /// repeating itself with a word changed.
    static func nearlySame(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        let a = Set(first.split(separator: " ")), b = Set(second.split(separator: " "))
        guard a.count >= 4, b.count >= 4 else { return false }
        return Double(a.intersection(b).count) / Double(a.union(b).count) >= 0.8
    }
}

// MARK: - Quiz blocks and fences

private extension QuestionPayloadParser {
    func parseQuizBlocks(_ body: String) -> QuestionPayload {
        let (parsed, errors) = QuizBlockParser(origin: origin).parse(body, firstLine: 1)
        var problems = errors.map { PayloadProblem($0.severity, message: Self.message(for: $0)) }
        var questions = [Question]()
        for (index, question) in parsed.enumerated() {
            // A generated question has no file line; the answer's line numbers mean nothing to a reader.
            var question = question
            question.line = nil
            let found = check(question, index: index, accepted: questions)
            problems += found
            if !found.contains(where: { $0.severity == .error }) {
                questions.append(question)
            }
        }
        return QuestionPayload(format: .quizBlock, questions: questions, problems: problems, questionCount: parsed.count)
    }

    static func message(for diagnostic: Diagnostic) -> String {
        diagnostic.line.map { "line \($0) of the answer: \(diagnostic.message)" } ?? diagnostic.message
    }

    static func looksLikeQuizBlocks(_ body: String) -> Bool {
        body.split(whereSeparator: \.isNewline).contains { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("Q:") }
    }

    /// The inside of the first ```` ``` ```` (or `~~~`) fence in `text`, or `text` itself when it has none.
    ///
    /// An unclosed fence yields everything after it: a cut-off answer should fail as cut-off JSON, not as prose.
    static func unfenced(_ text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard let open = lines.firstIndex(where: { isFence($0) }) else { return text }
        let rest = lines[(open + 1)...]
        let close = rest.firstIndex { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return isFence(line) && trimmed.allSatisfy { $0 == "`" || $0 == "~" }
        } ?? rest.endIndex
        return rest[..<close].joined(separator: "\n")
    }

    static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }
}
