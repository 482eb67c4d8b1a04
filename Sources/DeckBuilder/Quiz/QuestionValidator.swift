import Foundation

/// The one set of rules every question meets before it reaches a page, whatever produced it.
public struct QuestionValidator: Sendable {
    /// Limits on text length, in characters.
    public var maximumPromptLength = 400
    public var maximumChoiceLength = 200
    public var choiceCount = 2...6
    /// The longest answer a recall card may have, in characters: one a student can recall (a term, a phrase, a sentence).
    public var maximumRecallAnswerLength = 160
    /// Words of a scanned note that tesseract was unsure of: no choice may hold one, as it may be misread.
    public var unsureWords: Set<String> = []

    public init() {}

    /// Every problem with `question`, errors and warnings, all at once; an empty list means it may be shown.
    public func problems(in question: Question) -> [QuestionProblem] {
        var problems = [QuestionProblem]()
        let prompt = question.prompt.trimmingWhitespace
        if prompt.isEmpty {
            problems.append(.error("the question is empty; expected text after `Q:`"))
        } else if prompt.characterCount > maximumPromptLength {
            problems.append(.error("the question is \(prompt.count) characters long; expected at most \(maximumPromptLength)"))
        }
        if question.kind == .recall {
            let answer = (question.correctChoice ?? "").trimmingWhitespace
            if question.choices.count != 1 || question.answer != 0 || answer.isEmpty {
                problems.append(.error("a recall card without its answer; expected text after `A:`"))
            } else if answer.characterCount > maximumRecallAnswerLength {
                problems.append(.error("the answer is \(answer.characterCount) characters long; expected one short enough to recall, at most \(maximumRecallAnswerLength)"))
            }
        } else if !choiceCount.contains(question.choices.count) {
            problems.append(.error("\(question.choices.count) choices; expected \(choiceCount.lowerBound) to \(choiceCount.upperBound)"))
        }
        if !question.choices.indices.contains(question.answer) {
            problems.append(.error("no correct choice; expected exactly one choice marked `[x]`"))
        }
        problems += choiceProblems(question.choices)
        if question.origin.isGenerated && question.explanation.trimmingWhitespace.isEmpty {
            problems.append(.error("no explanation; expected `>` lines saying why the answer is right"))
        }
        if let key = question.correctChoice {
            problems += keyProblems(key: key, prompt: prompt, distractors: question.choices.enumerated()
                .filter { $0.offset != question.answer }.map(\.element))
        }
        return problems
    }

    /// True when `question` has no error (warnings allowed).
    public func isValid(_ question: Question) -> Bool {
        !problems(in: question).contains { $0.severity == .error }
    }

    private func choiceProblems(_ choices: [String]) -> [QuestionProblem] {
        var problems = [QuestionProblem]()
        // A question has a handful of choices: they are searched in turn rather than hashed.
        var seen = [(key: String, number: Int)]()
        for (index, choice) in choices.enumerated() {
            let number = index + 1
            let text = choice.trimmingWhitespace
            if text.isEmpty {
                problems.append(.error("choice \(number) is empty; expected text after `- [ ]`"))
                continue
            }
            if let unsure = UnsureWords.first(in: text, among: unsureWords) {
                problems.append(.error("choice \(number) holds \"\(unsure)\", which tesseract was unsure of on the scan; expected words it read clearly"))
            }
            // No more characters than bytes: most choices are counted no further.
            if text.utf8.count > maximumChoiceLength, text.count > maximumChoiceLength {
                problems.append(.error("choice \(number) is \(text.count) characters long; expected at most \(maximumChoiceLength)"))
            }
            // Width, case, spacing and punctuation ignored: `Ｓｋｙ blue`, `sky-blue` and `skyblue` are one choice.
            // ASCII is its own compatibility form, and its whitespace is six bytes: no Foundation or Character work.
            let isASCII = text.isASCII
            let comparable = TextNormaliser.comparable(isASCII ? text : text.precomposedStringWithCompatibilityMapping)
            // For ASCII text that is the catch-all check's own normal form, so it is not worked out twice.
            if isASCII ? CatchAllChoice.matches(comparable: comparable) : CatchAllChoice.matches(text) {
                problems.append(.error("choice \(number) \"\(text)\" is a catch-all; expected a real answer instead of all or none of the above"))
            }
            let key = comparable.isASCII ? String(decoding: comparable.utf8.filter { !$0.isASCIIWhitespace }, as: UTF8.self)
                : comparable.filter { !$0.isWhitespace }
            if let earlier = seen.first(where: { $0.key == key })?.number {
                problems.append(.error("choice \(number) repeats choice \(earlier); expected different choices"))
            } else if !key.isEmpty {
                seen.append((key, number))
            }
        }
        return problems
    }

    private func keyProblems(key: String, prompt: String, distractors: [String]) -> [QuestionProblem] {
        var problems = [QuestionProblem]()
        let normalisedKey = TextNormaliser.comparable(key)
        // A short key (a number, a symbol) may appear in the question by chance; a longer one gives the answer away.
        // Two Chinese or Japanese characters are a word: `赤霉素` in its own question is a giveaway.
        let minimum = normalisedKey.unicodeScalars.contains(where: Self.isIdeographicOrKana) ? 2 : 4
        if normalisedKey.characterCount >= minimum, Self.contains(TextNormaliser.comparable(prompt), normalisedKey) {
            problems.append(.error("the question contains its answer \"\(key)\"; expected a question that does not give it away"))
        }
        let keyLength = key.trimmingWhitespace.characterCount
        let longestDistractor = distractors.map(\.trimmingWhitespace.characterCount).max() ?? 0
        if longestDistractor > 0, keyLength >= 24, keyLength > 2 * longestDistractor {
            problems.append(.warning("the answer is much longer than every other choice, which gives it away; expected choices of similar length"))
        }
        return problems
    }
}

extension QuestionValidator {
    /// From the start of a word for scripts that space their words ("heat" is not in "wheat", but
    /// "chloroplast" is in "chloroplasts"); any substring for Chinese, Japanese and Korean, whose words run together.
    static func contains(_ text: String, _ phrase: String) -> Bool {
        if let found = asciiContains(text, phrase) { return found }
        let spaced = phrase.unicodeScalars.allSatisfy { !isIdeographicOrKana($0) }
        return spaced ? (" " + text).contains(" " + phrase) : text.contains(phrase)
    }

    /// `contains` on the bytes when both texts are ASCII, as nearly every generated question's are: Foundation's
    /// search (through `NSString`) cost more than the rest of validating. Nil for any other text.
    private static func asciiContains(_ text: String, _ phrase: String) -> Bool? {
        var text = text, phrase = phrase
        return phrase.withUTF8 { needle -> Bool? in
            guard needle.isASCII else { return nil }
            return text.withUTF8 { haystack -> Bool? in
                guard haystack.isASCII else { return nil }
                guard let first = needle.first else { return true }  // A space is always there to find.
                guard needle.count <= haystack.count else { return false }
                // From the start of a word: at the start of the text or after a space.
                for start in 0...(haystack.count - needle.count) where haystack[start] == first
                    && (start == 0 || haystack[start - 1] == UInt8(ascii: " ")) {
                    if memcmp(haystack.baseAddress! + start, needle.baseAddress!, needle.count) == 0 { return true }
                }
                return false
            }
        }
    }

    static func isIdeographicOrKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0x1100...0x11FF, 0xF900...0xFAFF: true
        default: false
        }
    }
}

/// One thing wrong with a question.
public struct QuestionProblem: Sendable, Equatable, CustomStringConvertible {
    public var severity: Diagnostic.Severity
    public var message: String

    public static func error(_ message: String) -> QuestionProblem {
        QuestionProblem(severity: .error, message: message)
    }

    public static func warning(_ message: String) -> QuestionProblem {
        QuestionProblem(severity: .warning, message: message)
    }

    public var description: String { message }
}
