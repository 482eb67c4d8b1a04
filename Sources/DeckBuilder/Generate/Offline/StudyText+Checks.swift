import Foundation

extension StudyText {
    /// A heading as the name of its topic: numbering (`2.2`, `1)`, `第三章`, `一、`), emoji and closing punctuation
    /// taken off, so a question can name its section (`In “Mitosis”, …`) as a reader would.
    static func topic(ofHeading heading: String) -> String {
        var text = Substring(heading.trimmingWhitespace)
        // `2.2 Mitosis`, `3) Osmosis`, `1. Cells`: digits and dots, a closing mark or none, then a space.
        // `IV. Energy`: upper-case Roman numerals only with a mark after them, so `Vi Editor` stays as it is.
        let digits = text.prefix { $0.isNumber || $0 == "." }
        let roman = text.prefix { "IVXL".contains($0) }
        if !digits.isEmpty, digits.contains(where: \.isNumber) {
            let after = text.dropFirst(digits.count).drop { $0 == ")" || $0 == ":" }
            if after.first?.isWhitespace == true { text = after.drop(while: \.isWhitespace) }
        } else if !roman.isEmpty, let mark = text.dropFirst(roman.count).first, mark == "." || mark == ")" {
            let after = text.dropFirst(roman.count + 1)
            if after.first?.isWhitespace == true { text = after.drop(while: \.isWhitespace) }
        }
        // `第三章 光合作用`, `一、细胞`, `（一）`: Chinese and Japanese numbering.
        let cjkNumbers = "一二三四五六七八九十百零〇0123456789０１２３４５６７８９"
        if text.first == "第", let end = text.firstIndex(where: { "章节節课課部篇".contains($0) }),
           text[text.index(after: text.startIndex)..<end].allSatisfy({ cjkNumbers.contains($0) }) {
            text = text[text.index(after: end)...].drop { $0.isWhitespace || $0 == "：" || $0 == ":" }
        }
        if let mark = text.firstIndex(where: { "、．.）)".contains($0) }), mark > text.startIndex,
           text[..<mark].allSatisfy({ cjkNumbers.contains($0) || $0 == "（" || $0 == "(" }) {
            text = text[text.index(after: mark)...].drop(while: \.isWhitespace)
        }
        // Emoji and symbols that decorate a heading (`氯气🌟`, `✅ Summary`).
        let kept = String(text.unicodeScalars.filter { !$0.properties.isEmojiPresentation && !(0x2600...0x27BF).contains($0.value) })
        let topic = trimmingTrailingPunctuation(kept.trimmingWhitespace)
        return topic.isEmpty ? trimmingTrailingPunctuation(heading.trimmingWhitespace) : topic
    }

    /// Whether `text` still holds markup a reader should not see in a question: TeX (`$x^2$`, `\frac`), Markdown
    /// emphasis or code marks, an HTML tag, or link syntax.
    static func holdsMarkup(_ text: String) -> Bool {
        // The gap of a fill-in-the-blank is no markup.
        let text = text.contains(blank) ? text.replacingOccurrences(of: blank, with: " ") : text
        if includes(text, "**") || includes(text, "__") || text.contains("`") || includes(text, "](")
            || text.unicodeScalars.contains("\u{FFFC}") { return true }
        // TeX: a pair of dollars around something, or a backslash command.
        if let open = text.firstIndex(of: "$"), text[text.index(after: open)...].contains("$") { return true }
        if let slash = text.firstIndex(of: "\\"), text[text.index(after: slash)...].first?.isLetter == true { return true }
        // An HTML tag: `<` followed by a letter or `/`, closed by `>`.
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            if let next = after.first, next.isLetter || next == "/", after.contains(">") { return true }
            rest = after
        }
        return false
    }

    /// Whether `prompt` gives away `key`: holds it, or, in Chinese and Japanese, three characters of it in a row; or,
    /// in spaced scripts, a word sharing the stem of one of its distinctive words (`stratify` for `Stratification`).
    static func givesAway(_ key: String, in prompt: String) -> Bool {
        let bareKey = TextNormaliser.comparable(key), barePrompt = TextNormaliser.comparable(prompt)
        guard !bareKey.isEmpty else { return false }
        if bareKey.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana) {
            let characters = Array(bareKey.filter { !$0.isWhitespace })
            guard characters.count >= 3 else { return characters.count == 2 && barePrompt.contains(String(characters)) }
            // Two Han characters of the key in a row (`四色` of 四色問題, `离散` of 離散的) carry its meaning too.
            let isHan = { (character: Character) in character.unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) } }
            // Every Han character of the key in the prompt, apart (`値をコピーして渡す` for 値渡し), spells it out too.
            let han = characters.filter(isHan)
            if han.count >= 2, han.allSatisfy({ barePrompt.contains($0) }) { return true }
            return (0...(characters.count - 2)).contains { start in
                let pair = characters[start..<start + 2]
                return pair.allSatisfy(isHan) && barePrompt.contains(String(pair))
            } || (0...(characters.count - 3)).contains { barePrompt.contains(String(characters[$0..<$0 + 3])) }
        }
        if bareKey.count >= 4, QuestionValidator.contains(barePrompt, bareKey) { return true }
        let promptStems = Set(barePrompt.split(separator: " ").filter { $0.count >= 5 }.map { $0.prefix(6) })
        // Hyphens join words that each give the key away (`Eulerian` of semi-Eulerian); `comparable` drops them.
        let keyWords = key.contains("-") ? TextNormaliser.comparable(key.replacingOccurrences(of: "-", with: " ")) : bareKey
        return keyWords.split(separator: " ").contains { word in
            word.count >= 5 && !commonWords.contains(String(word)) && promptStems.contains(word.prefix(6))
        }
    }

    /// Words too common to give an answer away, though long enough to count.
    static let commonWords: Set<String> = ["which", "there", "their", "these", "those", "other", "about", "where", "while",
                                           "between", "through", "because", "before", "after", "under", "being", "having"]

    /// Whether a would-be Japanese term reads as a clause: a run of four kana of hiragana or more (`しているような`), or
    /// a verb's て-form (`総称して`). Terms are nouns: `値渡し`, `メモ化再帰`, `ガード節`.
    static func isJapaneseClause(_ term: String) -> Bool {
        var run = 0, previousIsHiragana = false
        for scalar in term.unicodeScalars {
            let isHiragana = (0x3041...0x309F).contains(scalar.value)
            if isHiragana, scalar == "て" || scalar == "で", previousIsHiragana { return true }
            run = isHiragana ? run + 1 : 0
            if run >= 4 { return true }
            previousIsHiragana = isHiragana
        }
        return false
    }

    /// Whether a definition's text is an example's numbers (`重さ 3、価値 24`, `10〜99人`) rather than a statement:
    /// two runs of digits or more. Worked examples are for reading, not remembering.
    static func isExampleData(_ text: String) -> Bool {
        var runs = 0, inRun = false
        for byte in text.utf8 {
            let isDigit = (0x30...0x39).contains(byte)
            if isDigit, !inRun { runs += 1 }
            inRun = isDigit
        }
        return runs >= 2
    }

    /// Connectives that open a sentence by tying it to the one before (`このように、`, `Thus, `): a card shows the
    /// sentence alone, where they point at nothing.
    static let leadingConnectives = ["このように、", "このように", "こうして、", "つまり、", "すなわち、", "したがって、", "よって、",
                                     "因此，", "所以，", "于是，", "总之，", "Thus, ", "So, ", "Hence, ", "Therefore, ",
                                     "In this way, ", "In other words, ", "ちなみに、", "ちなみに", "というわけで、", "というわけで",
                                     "さて、", "ところで、", "要するに、"]

    /// `sentence` without a connective that opens it, its first letter capitalised again.
    static func droppingLeadingConnective(_ sentence: String) -> String {
        guard let connective = leadingConnectives.first(where: { sentence.hasPrefix($0) }) else { return sentence }
        return capitalisingFirstWord(String(sentence.dropFirst(connective.count)).trimmingWhitespace)
    }

    /// Whether a term is a program's identifier in a Chinese or Japanese note (`resultBin`, `tech`): a name in the
    /// example code, not a concept of the subject.
    static func isIdentifier(_ term: String) -> Bool {
        guard let first = term.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return term.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Whether, in a Chinese or Japanese note, a Latin-script name (`SECOND()`, `307 Temporary Redirect`, `FileChannel`)
    /// is paired with a description in the note's own script: such a description is most often the name translated
    /// (`返回一个时间的秒部分`), so either side gives the other away to a reader who knows English.
    static func isTranslationPair(term: String, answer: String) -> Bool {
        guard !term.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana),
              answer.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana) else { return false }
        // A word of three letters or more: `NF` or `I/O` stand for words the reader must know; `Vary` is one.
        var run = 0
        for scalar in term.unicodeScalars {
            run = scalar.properties.isAlphabetic ? run + 1 : 0
            if run >= 3 { return true }
        }
        return false
    }

    /// Words by which a description points at what stands beside it in the note (`in this way`, `以下の通り`, `如下`):
    /// shown alone in a question, they point at nothing.
    static let pointers = ["in this way", "this way", "the above", "as above", "as follows", "the following", "shown below",
                           "以下", "上記", "下記", "前述", "如下", "下面", "上面", "上述", "这样", "这种", "此时",
                           // The writer's own plan (`an algorithm that we will discuss here`, `让我们考虑`), and a case
                           // set up elsewhere (`この場合`, `in this case`).
                           "we will", "we'll", "discuss here", "this lesson", "this task", "in this case", "让我们", "我们将",
                           "在这里", "本课", "この場合", "このとき", "この時", "ここで", "このレッスン"]

    /// Whether `text` leans on what stands beside it in the note (see `pointers`).
    static func pointsElsewhere(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return pointers.contains { lowered.contains($0) }
    }

    /// `text` without pictographs and marks that decorate notes (`✅ 多項式`, `Pickle 🥒`): no part of a term or an answer.
    static func droppingPictographs(_ text: String) -> String {
        guard !text.isASCII else { return text }
        let decorative = { (scalar: Unicode.Scalar) in
            scalar.properties.isEmojiPresentation || (0x2600...0x27BF).contains(scalar.value) || (0x1F000...0x1FAFF).contains(scalar.value)
                || scalar.value == 0xFE0F || scalar.value == 0x200D
        }
        guard text.unicodeScalars.contains(where: decorative) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !decorative($0) })
        return String(kept).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
