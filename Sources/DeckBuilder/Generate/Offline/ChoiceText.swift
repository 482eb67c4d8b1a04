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
    private static let japaneseEndings = ["のことである", "のことです", "のことを指す", "を指す", "をいう", "である", "です", "のことだ", "だ"]

    /// The definition as a choice, or nil when it is too long or too thin to be one.
    func answer(from text: String) -> String? {
        answer(fromSentence: StudyText.firstSentence(text))
    }

    /// `answer(from:)` for text that is one sentence already, as `StudyText.firstSentence` gives it (which gives
    /// such text back unchanged): a heading's opening sentence is not split again.
    func answer(fromSentence sentence: String) -> String? {
        // `——与 CBoW 相反…`: a dash left of a doubled separator is no part of the answer.
        let opened = StudyText.droppingPictographs(sentence).drop { "—–-:：".contains($0) || $0.isWhitespace }
        var answer = StudyText.trimmingTrailingPunctuation(String(opened))
        // `A：…`, `答：…`: an answer to a question the note asked, which the card would not show.
        guard !["A：", "A:", "Q：", "Q:", "答：", "问：", "問："].contains(where: opened.hasPrefix) else { return nil }
        // `AP - A company founded by … to develop...`: a sample cut short is no statement.
        guard !sentence.trimmingWhitespace.hasSuffix("..."), !sentence.trimmingWhitespace.hasSuffix("…") else { return nil }
        // `…とはどういう意味ですか？`: a question asks, it does not define.
        guard !answer.hasSuffix("?"), !answer.hasSuffix("？"), !sentence.hasSuffix("?"), !sentence.hasSuffix("？") else { return nil }
        // Trimmed again only where an ending was dropped: capitalising leaves the end as it was.
        switch language {
        case .korean: answer = StudyText.trimmingTrailingPunctuation(Self.dropping(Self.koreanEndings, from: answer))
        case .japanese: answer = StudyText.trimmingTrailingPunctuation(Self.dropping(Self.japaneseEndings, from: Self.firstClause(answer)))
        // `a = (v − u) / t`: a formula's letters are symbols, kept as written.
        case .english: answer = answer.contains("=") ? answer : StudyText.capitalisingFirstWord(answer)
        case .chinese:
            answer = Self.firstClause(answer)
            // `定时事件：是让一段程序…`: the verb of a sentence the list item began is no part of the answer.
            if answer.hasPrefix("是"), answer.count > 4 { answer = String(answer.dropFirst()) }
        }
        guard answer.characterCount <= Self.maximumAnswerLength, hasSubstance(answer), Self.isWhole(answer) else { return nil }
        return answer
    }

    /// Whether an answer is a whole phrase: its quotation marks and brackets close, and a Japanese one does not stop
    /// on a verb's て-form (`…を与えて`), which leaves the statement unsaid.
    static func isWhole(_ answer: String) -> Bool {
        for (open, close) in [("「", "」"), ("“", "”"), ("(", ")"), ("（", "）"), ("『", "』")]
        where answer.components(separatedBy: open).count != answer.components(separatedBy: close).count {
            return false
        }
        guard let last = answer.unicodeScalars.last, last == "て" || last == "で",
              let before = answer.unicodeScalars.dropLast().last else { return true }
        // `して`, `えて`: hiragana before it makes a て-form; `…法で` after a kanji is a copula or a particle.
        return !(0x3041...0x309F).contains(before.value)
    }

    /// A term, table cell or heading as a choice: trimmed the same way as every other choice.
    func label(_ text: String) -> String {
        StudyText.trimmingTrailingPunctuation(StudyText.droppingPictographs(text))
    }

    /// Enough words to say something: two in English, four characters in Chinese, Japanese or Korean, or three
    /// words of Latin text there (`Serializable` alone names an example, it does not define).
    private func hasSubstance(_ text: String) -> Bool {
        // An ASCII character is a letter only when its one byte is.
        let hasLetter = text.isASCII ? text.withUTF8Bytes { $0.contains(where: \.isASCIILetter) } : text.contains(where: \.isLetter)
        guard hasLetter else { return false }
        guard language.isCJK else { return StudyText.wordCount(text) >= 2 }
        return text.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana) ? text.count >= 4 : StudyText.wordCount(text) >= 3
    }

    /// Chinese or Japanese text up to a comma after which a new clause starts on a pronoun or a conjunction
    /// (`虚拟化技术，它与 Docker 最大的区别在于…`): what follows is about something else.
    static func firstClause(_ text: String) -> String {
        let openers = ["它", "其", "这", "那", "但", "而", "并且", "因此", "所以", "即", "例如", "比如", "これ", "それ", "しかし", "また", "例えば"]
        var rest = Substring(text)
        while let comma = rest.firstIndex(where: { $0 == "，" || $0 == "、" }) {
            let after = rest[rest.index(after: comma)...]
            // `…処理して、また…`: a clause ending on a verb's て-form goes on into the next; it is not cut there.
            let kept = text[..<comma]
            // `…を取り、それらの…`: a verb's continuative form (い-row kana) goes on as well.
            let continues = kept.last.map { "てでいきぎしじちにひびみり".contains($0) } ?? false
            if openers.contains(where: after.hasPrefix), !continues {
                // `一个网络，它接收…`: what is left before the comma must still say something.
                return kept.count >= 8 ? String(kept) : text
            }
            rest = after
        }
        return text
    }

    private static func dropping(_ endings: [String], from text: String) -> String {
        guard let ending = endings.first(where: { text.hasSuffix($0) && text.count > $0.count + 3 }) else { return text }
        return String(text.dropLast(ending.count)).trimmingWhitespace
    }
}
