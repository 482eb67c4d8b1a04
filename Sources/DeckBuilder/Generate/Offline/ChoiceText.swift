/// Turns the note's words into choices that look alike: one sentence, no closing punctuation, no
/// sentence-final verb in Korean or Japanese, a capital first letter in English.
struct ChoiceText: Sendable {
    var language: GeneratorLanguage
    /// Longest answer, in characters; well under the validator's limit so choices stay readable.
    static let maximumAnswerLength = 160

    /// Korean and Japanese endings that turn a noun phrase into a sentence; dropped so choices read as phrases.
    private static let koreanEndings = [
        "를 의미한다", "을 의미한다", "를 말한다", "을 말한다", "를 뜻한다", "을 뜻한다", "이라고 한다", "라고 한다", "이다", "입니다",
    ]
    private static let japaneseEndings = ["のことである", "のことです", "のことを指す", "を指す", "をいう", "である", "です"]

    /// The definition as a choice, or nil when it is too long or too thin to be one.
    func answer(from text: String) -> String? {
        answer(fromSentence: StudyText.firstSentence(text))
    }

    /// `answer(from:)` for text that is one sentence already, as `StudyText.firstSentence` gives it (which gives
    /// such text back unchanged): a heading's opening sentence is not split again.
    func answer(fromSentence sentence: String) -> String? {
        var answer = StudyText.trimmingTrailingPunctuation(sentence)
        // Trimmed again only where an ending was dropped: capitalising leaves the end as it was.
        switch language {
        case .korean: answer = StudyText.trimmingTrailingPunctuation(Self.dropping(Self.koreanEndings, from: answer))
        case .japanese: answer = StudyText.trimmingTrailingPunctuation(Self.dropping(Self.japaneseEndings, from: answer))
        case .english: answer = StudyText.capitalisingFirstWord(answer)
        case .chinese: break
        }
        guard answer.characterCount <= Self.maximumAnswerLength, hasSubstance(answer) else { return nil }
        return answer
    }

    /// A term, table cell or heading as a choice: trimmed the same way as every other choice.
    func label(_ text: String) -> String {
        StudyText.trimmingTrailingPunctuation(text)
    }

    /// Enough words to say something: two in English, four characters in Chinese, Japanese or Korean.
    private func hasSubstance(_ text: String) -> Bool {
        // An ASCII character is a letter only when its one byte is.
        let hasLetter = text.isASCII ? text.withUTF8Bytes { $0.contains(where: \.isASCIILetter) } : text.contains(where: \.isLetter)
        guard hasLetter else { return false }
        return language.isCJK ? text.count >= 4 : StudyText.wordCount(text) >= 2
    }

    private static func dropping(_ endings: [String], from text: String) -> String {
        guard let ending = endings.first(where: { text.hasSuffix($0) && text.count > $0.count + 3 }) else { return text }
        return String(text.dropLast(ending.count)).trimmingWhitespace
    }
}
