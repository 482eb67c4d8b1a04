import Foundation

/// Key words a writer marked in bold inside a sentence of prose ("Water moves by **osmosis** across …"): each is
/// worth a fill-in-the-blank recall card on that sentence, when the sentence stands on its own away from the note.
/// The bold is the evidence that the word matters; nothing in the note is the same kind of thing to offer beside
/// it, so these are always recall cards, ranked below definitions.
struct KeywordFacts: Sendable {
    var language: GeneratorLanguage

    /// Sentences opening with these point back at something said before (`This is why …`).
    private static let englishOpeners: Set<String> = [
        "it", "this", "that", "these", "those", "they", "them", "he", "she", "here", "there", "such", "so", "then",
        "now", "also", "and", "but", "or", "its", "their", "his", "her", "we", "you", "i", "our", "your", "let's", "lets",
        "let", "imagine", "suppose", "say",
    ]
    /// Words that tie a sentence to a figure, a list or code beside it, which a card cannot show.
    private static let englishPointers = ["following", "below", "above", "as shown", "figure", "diagram", "picture",
                                          "image", "this code", "the code", "example", " such ", "the same", "these ",
                                          "those ", "previous", "earlier", "later",
                                          // A guess or a judgement, not a fact to recall: `might be to make it real-time`.
                                          " might ", " could ", " would ", " perhaps ", " maybe ", " probably ", " one of ",
                                          " i ", " my ", "interesting",
                                          // The writer talking to the reader about the note's own steps.
                                          " we ", " you ", " should ", "let's", " this ", "one more", "that folder"]
    private static let cjkOpeners = ["这", "那", "它", "其", "此", "该", "上述", "上面", "下面", "以上", "以下", "如下", "如图",
                                     "この", "その", "あの", "これ", "それ", "あれ", "ここ", "そこ", "こう", "そう", "以上", "以下",
                                     "次の", "上の", "下の", "先の", "前の", "まず", "また", "さらに", "しかし", "でも", "つまり", "例えば", "たとえば",
                                     "特に", "なお", "ただし", "一方", "逆に", "另外", "此外", "而且", "但是",
                                     "ちなみに", "というわけで", "さて", "ところで", "要するに", "还有", "或者",
                                     "例如", "比如", "譬如",
                                     "이", "그", "저", "이것", "그것", "여기", "위의", "아래"]
    private static let cjkPointers = ["下面", "如下", "如图", "上图", "下图", "下列", "以下の", "次の", "下の図", "上の図", "図",
                                      "下記", "上記", "このコード", "以下のコード", "아래", "다음", "그림", "先程", "先ほど",
                                      "以後", "ことにする", "を紹介する", "紹介しよう", "見てみよう", "しよう。", "前述", "后面", "前面",
                                      // That a name exists is no fact about it: `…には ____ という概念がある`.
                                      "という概念", "という言葉", "が出てくる", "が登場する",
                                      // A pronoun inside points back at what the card does not show.
                                      "これを", "これは", "これが", "それを", "それは", "それが", "これら", "それら"]

    /// The keyword facts of one block: its bold spans that are terms, each in a sentence of the block that stands
    /// alone; `defined` holds the comparable terms the block already defines, which are asked as definitions.
    func facts(in text: OutlineText, heading: String?, line: Int, defined: Set<String>) -> [Fact] {
        // Korean notes bold predicates and endings as often as names (`값보다 **크거나 같은**`): no keywords there.
        guard language != .korean, !text.strong.isEmpty, text.text.utf8.count <= 4000 else { return [] }
        let choices = ChoiceText(language: language)
        var sentences: [String]?
        var facts = [Fact]()
        for span in text.strong {
            // `リスト(list)`: the other name in brackets is left out of the card, which asks for the first.
            let (term, gloss) = Self.splittingGloss(choices.label(span))
            let comparable = TextNormaliser.comparable(term)
            guard !defined.contains(comparable), isKeyword(term), !TermFilter.isProcedure(term) else { continue }
            // `ジョンは友達と **play** したい`: a Latin word in a Chinese or Japanese sentence is an example's token or a gloss.
            if language.writesHan, !term.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana) {
                continue
            }
            sentences = sentences ?? StudyText.sentences(text.text, limit: 24)
            guard let all = sentences, let index = all.firstIndex(where: { StudyText.mentions($0, comparableName: comparable) }) else { continue }
            var sentence = all[index]
            // `これを **符号化** と呼ぶ。`, `This is called **osmosis**.`: the sentence before says what is named.
            if index > 0, isNamingBackReference(sentence) { sentence = all[index - 1] + (language.isCJK ? "" : " ") + sentence }
            if let gloss { sentence = sentence.replacingOccurrences(of: gloss, with: "") }
            guard standsAlone(sentence), !Self.namesAFile(term, in: sentence) else { continue }
            // Each keyword is a pool of its own: a recall card, never multiple choice.
            let pool = "keyword:\(line):\(comparable)"
            facts.append(Fact(kind: .keyword, term: term, answer: term, sentence: sentence, heading: heading,
                              source: .paragraph(text.text), reliability: 1, pool: pool, comparableTerm: comparable,
                              poolGroup: pool))
        }
        return facts
    }

    /// Words for folders and files: a sentence using one names where a tutorial's files go.
    private static let fileWords = ["folder", "directory", "file", "フォルダ", "ディレクトリ", "ファイル", "文件夹", "目录", "文件"]

    /// Whether `term` is a name of a file or a folder (`styles.css`, `templates`, `web-app`) in a sentence about
    /// files: a step of a tutorial, not a term of the subject.
    static func namesAFile(_ term: String, in sentence: String) -> Bool {
        let looksLikePath = term.contains("/") || term.contains("\\")
            || (term.contains(".") && term.split(separator: ".").last.map { (2...4).contains($0.count) && $0.allSatisfy(\.isLetter) } == true)
        let isToken = term.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
        let lowered = sentence.lowercased()
        return looksLikePath || (isToken && fileWords.contains(where: lowered.contains))
    }

    /// `term` without a bracketed other name after it, and that bracket as written (`(list)`, ` （リスト）`).
    static func splittingGloss(_ term: String) -> (String, String?) {
        guard let last = term.last, last == ")" || last == "）",
              let open = term.lastIndex(where: { $0 == "(" || $0 == "（" }), open > term.startIndex else { return (term, nil) }
        let bare = term[..<open].trimmingWhitespace
        // The label has no leading space, so the bare name is a prefix and the rest is the spaces and bracket.
        return bare.isEmpty || !term.hasPrefix(bare) ? (term, nil) : (bare, String(term.dropFirst(bare.count)))
    }

    /// Words writers put in bold for stress, not as names of anything: `cannot`, `not`, `always`.
    private static let stressWords: Set<String> = [
        "not", "no", "never", "cannot", "can't", "must", "should", "always", "only", "all", "none", "any", "every", "each",
        "both", "either", "neither", "more", "less", "most", "least", "before", "after", "and", "or", "but", "very",
        "also", "same", "different", "first", "last", "once", "twice", "new", "old", "true", "false", "yes", "important",
        "required", "optional", "can", "could", "do", "don't", "does", "doesn't", "will", "won't", "may", "might", "need", "needs",
    ]

    /// The same for Chinese and Japanese: `不能`, `必须`, `できない`.
    private static let cjkStressWords: Set<String> = [
        "不能", "不", "不是", "不会", "不要", "没有", "必须", "一定", "可以", "只能", "只有", "所有", "注意", "重要",
        "できない", "しない", "ない", "必ず", "絶対", "重要", "注意", "全て", "すべて",
    ]

    /// A short name with letters in it, not a label, a number, markup or a word stressed for emphasis: `osmosis`,
    /// `ガード節`, `渗透作用`.
    func isKeyword(_ term: String) -> Bool {
        let letters = term.filter(\.isLetter).count
        let isCJK = term.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana)
        guard letters >= (isCJK ? 2 : 3), term.count <= (isCJK ? 12 : 40), TermFilter.accepts(term, maximumWords: 4),
              !StudyText.holdsMarkup(term), !term.contains(where: { "()（）,，、:：。".contains($0) }) else { return false }
        if isCJK {
            return !Self.cjkOpeners.contains(where: term.hasPrefix) && !StudyText.isJapaneseClause(term) && !Self.cjkStressWords.contains(term)
        }
        // `the cost of the speed`: a phrase stressed mid-sentence, not a name.
        let words = term.lowercased().split(separator: " ")
        return !Self.stressWords.contains(term.lowercased()) && !words.dropFirst().contains { ["the", "a", "an"].contains($0) }
    }

    /// Whether `sentence` reads as a whole statement away from the note: long enough to give the gap a context, not
    /// a question, not opening by pointing back, not pointing at a figure or code beside it, and ending as a
    /// sentence does.
    func standsAlone(_ sentence: String) -> Bool {
        // A sentence that names what the one before it describes stands with that one: both are shown.
        let parts = StudyText.sentences(sentence, limit: 3)
        if parts.count == 2, isNamingBackReference(parts[1]) {
            let length = language.isCJK ? parts[1].count : StudyText.wordCount(parts[1])
            return standsAloneAsOne(parts[0]) && length <= (language.isCJK ? 40 : 12) && parts[1].last.map { ".。!！".contains($0) } == true
                && !StudyText.holdsMarkup(parts[1])
        }
        return standsAloneAsOne(sentence)
    }

    /// Words that open a sentence naming what the sentence before it describes (`これを…と呼ぶ`, `This is called …`).
    private static let backReferences = ["これを", "これは", "これが", "これらを", "このような", "こうした", "这种", "这个", "这就是",
                                         "这被称为", "这称为", "这叫", "此", "This ", "These ", "Such ", "It "]
    private static let namingWords = ["と呼ぶ", "と呼ばれ", "という", "と言う", "称为", "称作", "叫做", "叫作", " is called ",
                                      " are called ", " is known as ", " are known as ", " is termed ", " is referred to as "]

    /// Whether `sentence` names what the sentence before it describes: a back-reference, then a naming word.
    func isNamingBackReference(_ sentence: String) -> Bool {
        guard let opener = Self.backReferences.first(where: sentence.hasPrefix) else { return false }
        let rest = String(sentence.dropFirst(opener.count))
        // `これを字形もしくは ____ と呼ぶ`: with two names given, the gap has two answers.
        let alternatives = ["もしくは", "または", "あるいは", "或者", "或", " or "]
        return Self.namingWords.contains(where: { rest.contains($0) || (" " + rest).contains($0) })
            && !alternatives.contains(where: rest.contains)
            && !Self.cjkPointers.contains(where: rest.contains) && !Self.englishPointers.contains(where: rest.lowercased().contains)
    }

    private func standsAloneAsOne(_ sentence: String) -> Bool {
        guard let last = sentence.last, ".。!！".contains(last), !StudyText.holdsMarkup(sentence) else { return false }
        if language.isCJK {
            let count = sentence.count
            return (14...160).contains(count) && !Self.cjkOpeners.contains(where: { sentence.hasPrefix($0) })
                && !Self.cjkPointers.contains(where: { sentence.contains($0) })
        }
        let words = sentence.split(separator: " ")
        // An instruction to the reader (`Find the seam with …`) is no statement about the subject.
        guard (7...40).contains(words.count), let first = words.first?.lowercased().filter(\.isLetter),
              !Self.englishOpeners.contains(first), !TermFilter.imperativeVerbs.contains(first) else { return false }
        let lowered = sentence.lowercased()
        return !Self.englishPointers.contains(where: { lowered.contains($0) }) && !lowered.hasSuffix(":")
    }
}
