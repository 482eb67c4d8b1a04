/// Decides whether bold or list-item text names a term worth asking about, rather than formatting.
enum TermFilter {
    /// Labels that mark a kind of paragraph (a note, a warning, pros and cons) rather than name a concept.
    static let labels: Set<String> = [
        "note", "notes", "example", "examples", "e.g", "eg", "warning", "caution", "tip", "tips", "hint", "important",
        "tl;dr", "tldr", "nb", "n.b", "info", "danger", "todo", "fixme", "see also", "summary", "question", "answer",
        "q", "a", "result", "results", "output", "input", "pros", "cons", "advantages", "disadvantages", "advantage",
        "disadvantage", "why", "how", "what", "when", "source", "sources", "reference", "references", "update",
        "remember", "key point", "key points", "definition", "usage", "syntax", "step", "solution", "problem",
        "참고", "주의", "예", "예시", "예제", "장점", "단점", "정의", "특징", "결론", "요약", "정리", "문제", "해결", "답", "질문", "결과",
        "注意", "例", "例如", "注", "提示", "总结", "优点", "缺点", "定义", "问题", "答案", "结果", "参考",
        "ポイント", "注意点", "例え", "まとめ", "メモ", "長所", "短所", "定義", "問題", "答え", "結果",
        // Parts of a course or a page, never concepts.
        "exercise", "exercises", "hints", "chapter", "section", "lesson", "figure", "fig", "diagram", "worked example",
        "acknowledgements", "acknowledgments", "overview", "introduction", "recap", "revision", "practice", "activity",
        "task", "tasks", "homework", "exam tip", "exam tips", "top tip", "top tips", "common mistake", "common mistakes",
        "key term", "key terms", "key word", "key words", "keywords", "key fact", "key facts", "key idea", "key ideas",
        "learning objective", "learning objectives", "objective", "objectives", "aim", "aims", "contents",
        "table of contents", "appendix", "glossary", "further reading", "quiz", "test", "conclusion", "background",
        "练习", "习题", "作业", "目标", "学习目标", "复习", "小结", "本章小结", "重点", "难点", "要点", "知识点", "考点", "易错点",
        "例题", "扩展", "拓展", "补充", "备注", "思考", "思考题", "提示",
        "following", "the following", "below", "above", "next chapter", "previous chapter", "next", "previous", "next lesson", "up next", "time", "space", "best case",
        "worst case", "average case", "best", "worst", "average",
        "練習", "演習", "課題", "宿題", "目標", "学習目標", "本講で学ぶこと", "ヒント", "補足", "備考", "復習", "発展",
        "discussion", "challenge", "assignment", "review", "self study", "self-study", "pre-lecture quiz", "post-lecture quiz",
        "讨论", "挑战", "测验", "课前测验", "课后测验", "自学", "ディスカッション", "チャレンジ", "クイズ", "自習", "振り返り",
        "disclaimer", "免责声明", "免責事項", "講義前クイズ", "講義後クイズ",
    ]

    /// Words that, followed by a number or a letter (`Exercise 3`, `Part B`, `练习1`), label a part of a course.
    static let numberedLabels: Set<String> = [
        "step", "rule", "case", "part", "chapter", "section", "lesson", "unit", "figure", "fig", "table", "exercise",
        "example", "question", "task", "activity", "hint", "problem", "page", "slide", "week", "day", "lecture", "lab",
        "option", "choice", "method", "approach", "version", "model", "scenario",
        "규칙", "단계", "练习", "例题", "习题", "第", "问题", "例", "問題", "例題", "演習", "課題", "図", "表", "第",
    ]

    /// Signs that make a phrase a formula or a relation rather than a term (`Net profit = Gross profit`).
    static let operators: Set<Character> = ["=", "+", "×", "÷", "→", "←", "⇒", "≤", "≥", "<", ">", "≈", "∝", "≠"]

    /// Words that open a condition or a circumstance rather than a name.
    static let conditionWords: Set<String> = ["for", "in", "at", "when", "if", "with", "to", "by", "on", "from", "during",
                                              "after", "before", "while", "using", "under", "without", "since", "because",
                                              "although", "once", "unless", "until", "whereas"]

    /// Words that open an English phrase pointing at its place among others (`Another intuition`, `Second common
    /// choice`, `The new way`, `What you should remember`): a label of the note's own, not a name.
    static let placeWords: Set<String> = ["another", "what", "why", "how", "which"]
    /// Ordinals and judgements that make such a label only before a word naming no thing (`Second common choice`,
    /// `The best approach`), unlike `Second law of thermodynamics` or `New Deal`.
    static let rankWords: Set<String> = ["first", "second", "third", "fourth", "next", "last", "new", "best", "better", "final", "other"]
    static let genericNouns: Set<String> = ["choice", "choices", "option", "options", "way", "ways", "approach", "one", "method",
                                            "idea", "intuition", "thing", "things", "step", "case", "trick", "point", "version"]

    /// Verbs that open an instruction to the reader (`Drop that column …`, `Find the seam …`): a step, not a name.
    static let imperativeVerbs: Set<String> = [
        "find", "use", "take", "note", "see", "try", "make", "consider", "remember", "calculate", "compute", "get", "put",
        "add", "check", "compare", "look", "read", "write", "go", "run", "start", "open", "click", "select", "choose",
        "drop", "remove", "delete", "import", "install", "create", "load", "save", "call", "set", "build", "train", "fit",
        "plot", "print", "define", "type", "enter", "copy", "paste", "download", "upload", "replace", "rename", "split",
    ]

    /// The longest term, in characters, that is still a term and not a phrase.
    static let maximumLength = 60

    /// True when `term` could be asked about: short, not a formatting label, not a number or a link.
    static func accepts(_ term: String, maximumWords: Int = 6) -> Bool {
        let trimmed = StudyText.trimmingTrailingPunctuation(term)
        guard hasTermShape(trimmed, maximumWords: maximumWords), !trimmed.contains(where: operators.contains),
              !StudyText.holdsMarkup(trimmed), !isNumberedLabel(trimmed) else { return false }
        let lower = trimmed.lowercased()
        // `For 100% efficient transformer`, `When heated`: a condition that leads into a line, not a name.
        if let first = lower.split(separator: " ").first, lower.contains(" "),
           conditionWords.contains(String(first)) || imperativeVerbs.contains(String(first)) { return false }
        let opening = lower.hasPrefix("the ") ? lower.dropFirst(4) : Substring(lower)
        let openingWords = opening.split(separator: " ").map(String.init)
        if lower.contains(" "), let first = openingWords.first {
            if placeWords.contains(first) { return false }
            if rankWords.contains(first), openingWords.dropFirst().contains(where: genericNouns.contains) { return false }
        }
        // Plain words are their own comparable form, already looked up as `lower`.
        if isLabel(lower) || (!isPlainWords(trimmed) && isLabel(TextNormaliser.comparable(trimmed))) { return false }
        return true
    }

    /// "Step 1", "Exercise 3.2", "Part B", "练习1", "第3题": a label with a number or a letter.
    static func isNumberedLabel(_ term: String) -> Bool {
        let lower = term.lowercased()
        // The number or letter at the end, then what comes before it.
        let tail = lower.reversed().prefix { $0.isNumber || $0 == "." || $0 == "-" || "ivx".contains($0) }
        var head = String(lower.dropLast(tail.count)).trimmingWhitespace
        if tail.isEmpty {
            // A single letter after a space: `Part B`, `Case a`.
            let words = lower.split(separator: " ")
            guard words.count == 2, words[1].count == 1, words[1].first?.isLetter == true else {
                // `第3题`, `第二章`: a CJK ordinal.
                return lower.hasPrefix("第") && lower.count <= 6 && lower.dropFirst().contains { $0.isNumber || "一二三四五六七八九十".contains($0) }
            }
            head = String(words[0])
        }
        guard !head.isEmpty, tail.contains(where: { $0.isNumber }) || tail.isEmpty || tail.allSatisfy({ "ivx".contains($0) }) else {
            return false
        }
        return numberedLabels.contains(head) || isLabel(head)
    }

    /// The two words of `text` split at spaces, as `split(separator: " ")` gives them; nil for any other count.
    /// On bytes for text that is one Character a byte: splitting Characters cost most of this filter.
    private static func twoWords(_ text: String) -> (String, String)? {
        guard text.isOneCharacterPerByte else {
            let words = text.split(separator: " ")
            return words.count == 2 ? (String(words[0]), String(words[1])) : nil
        }
        return text.withUTF8Bytes { bytes in
            let words = bytes.split(separator: 0x20)
            guard words.count == 2 else { return nil }
            return (String(decoding: words[0], as: UTF8.self), String(decoding: words[1], as: UTF8.self))
        }
    }

    /// ASCII letters and digits in words parted by single spaces: text whose comparable form is its lowercase.
    static func isPlainWords(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                let isWordByte = byte.isASCIILetter || (0x30...0x39).contains(byte)
                guard isWordByte || (byte == 0x20 && previous != 0x20) else { return false }
                previous = byte
            }
            return true
        }
    }

    /// The ASCII labels' bytes, by their length.
    private static let asciiLabelsByLength: [[[UInt8]]] = labels.filter(\.isASCII).reduce(into: []) { table, label in
        while table.count <= label.utf8.count { table.append([]) }
        table[label.utf8.count].append(Array(label.utf8))
    }

    /// Whether `text` is one of `labels`. ASCII text is compared byte for byte with the ASCII labels of its length:
    /// hashing it for the Set lookup was most of this filter's time. No label beyond ASCII is canonically
    /// equivalent to ASCII text (none holds the Kelvin sign, the one such character a label could have).
    static func isLabel(_ text: String) -> Bool {
        guard text.isASCII else { return labels.contains(text) }
        let length = text.utf8.count
        guard length < asciiLabelsByLength.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            asciiLabelsByLength[length].contains { $0.elementsEqual(bytes) }
        } ?? labels.contains(text)
    }

    /// True when `trimmed` is short, has a letter and is no link: text that is one character a byte is counted and
    /// searched for letters on its bytes.
    static func hasTermShape(_ trimmed: String, maximumWords: Int) -> Bool {
        let isPlainASCII = trimmed.isOneCharacterPerByte
        let length = isPlainASCII ? trimmed.utf8.count : trimmed.count
        guard !trimmed.isEmpty, length <= maximumLength, StudyText.wordCount(trimmed) <= maximumWords else { return false }
        let hasLetter = isPlainASCII ? trimmed.withUTF8Bytes { $0.contains(where: \.isASCIILetter) } : trimmed.contains(where: \.isLetter)
        guard hasLetter else { return false }
        return isPlainASCII ? !asciiLooksLikeLink(trimmed) : !["http", "](", ". "].contains(where: { StudyText.includes(trimmed, $0) })
    }

    /// Whether ASCII text holds `http`, `](` or `. `, in one pass over its bytes.
    private static func asciiLooksLikeLink(_ text: String) -> Bool {
        // The three bytes before the current one, oldest first.
        text.withUTF8Bytes { bytes in
            var first: UInt8 = 0, second: UInt8 = 0, third: UInt8 = 0
            for byte in bytes {
                if (third == UInt8(ascii: "]") && byte == UInt8(ascii: "(")) || (third == UInt8(ascii: ".") && byte == 0x20)
                    || (first == UInt8(ascii: "h") && second == UInt8(ascii: "t") && third == UInt8(ascii: "t") && byte == UInt8(ascii: "p")) {
                    return true
                }
                (first, second, third) = (second, third, byte)
            }
            return false
        }
    }

    /// Verbs whose -ing form opens a step of a set-up or a task (`Installing Python`, `Setting up VS Code`).
    static let procedureVerbs: Set<String> = [
        "installing", "downloading", "setting", "configuring", "creating", "opening", "running", "launching", "cloning",
        "importing", "loading", "saving", "deploying", "building", "starting", "adding", "using", "signing", "logging",
        "uploading", "updating", "upgrading", "registering", "preparing", "cleaning",
    ]

    /// Whether `term` names a step to take rather than a thing to know: `Installing Python`, `安装 Python`,
    /// `Pythonのインストール`.
    static func isProcedure(_ term: String) -> Bool {
        let lower = term.lowercased()
        if let first = lower.split(separator: " ").first, lower.contains(" "), procedureVerbs.contains(String(first)) { return true }
        return ["安装", "下载", "配置", "设置", "创建", "打开", "运行"].contains(where: term.hasPrefix)
            || ["のインストール", "のダウンロード", "の設定", "の準備", "を開く", "の作成"].contains(where: term.hasSuffix)
    }

    /// Whether `term` opens with a year and goes on (`1967 最近邻`, `2012 AlexNet`): a timeline's entry.
    static func opensWithYear(_ term: String) -> Bool {
        let digits = term.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 4, let year = Int(digits), (1000...2100).contains(year) else { return false }
        return term.dropFirst(4).first.map { $0 == " " || $0 == "年" } ?? false
    }
}
