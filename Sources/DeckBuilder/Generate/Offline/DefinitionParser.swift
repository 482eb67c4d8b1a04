import Foundation

/// Finds the term a paragraph or list item defines: `**Term**: …`, `**Term** is …`, `Term - …` in lists,
/// and plain definition sentences, in English, Chinese, Japanese and Korean.
struct DefinitionParser: Sendable {
    var language: GeneratorLanguage

    /// Separators between a bold term and its definition.
    private static let separators: [Character] = [":", "：", "—", "–", "-"]
    /// Separators between a plain list item's term and its definition; spaced, so hyphenated words are not split.
    private static let listSeparators = [" : ", ": ", "：", " - ", " – ", " — "]
    /// Words after a bold term that introduce its definition, by language.
    private static let englishVerbs = ["is defined as ", "refers to ", "means ", "is ", "are "]
    private static let koreanParticles = ["이란 ", "란 ", "이라 함은 ", "는 ", "은 "]
    private static let chineseVerbs = ["是指", "指的是", "就是", "是", "指", "即"]
    private static let japaneseParticles = ["とは、", "とは", "は、", "は"]

    /// The definitions in `text`: one a bold or listed term opens, else those its sentences state by naming a term
    /// (`… is called osmosis`, `…を再帰と呼ぶ`), else one its first sentence states (`A heap is a tree …`);
    /// `isListItem` allows the looser `Term - definition` form.
    func definitions(in text: OutlineText, isListItem: Bool) -> [Definition] {
        // `✅ Polynomials are …`: a check mark or an emoji opening a line is decoration.
        var text = text
        if let first = text.text.unicodeScalars.first, !first.isASCII, text.leadingStrong == nil {
            text.text = StudyText.droppingPictographs(text.text)
        }
        if let bold = text.leadingStrong, let found = boldDefinition(text.text, term: bold) {
            return [found]
        }
        if text.leadingStrong == nil, isListItem, let found = listDefinition(text.text) {
            return [found]
        }
        let naming = NamingSentence(language: language)
        // A paragraph of prose names its terms anywhere in it; a few sentences are looked at, not a whole page.
        let named = StudyText.sentences(text.text, limit: 12).flatMap { naming.definitions(in: $0, strong: text.strong) }
        if !named.isEmpty { return named }
        guard let first = sentenceDefinition(in: text) else {
            return language == .english ? laterSentenceDefinitions(in: text) : []
        }
        return [first]
    }

    /// English prose defines things past its first sentence too (`… The Euclidean algorithm is an efficient method
    /// for …`): a few sentences are read, each as strictly as a first one, and a subject that names nothing in
    /// particular (`The algorithm is a …`) is passed over.
    private func laterSentenceDefinitions(in text: OutlineText) -> [Definition] {
        var seen = Set<String>()
        return StudyText.sentences(text.text, limit: 12).dropFirst().compactMap { sentence in
            guard let found = englishSentence(sentence, reliability: 1),
                  !Self.englishGenericSubjects.contains(found.term.lowercased()),
                  seen.insert(TextNormaliser.comparable(found.term)).inserted else { return nil }
            return found
        }
    }

    private func sentenceDefinition(in text: OutlineText) -> Definition? {
        guard var found = sentenceDefinition(StudyText.firstSentence(text.text), reliability: 1) else { return nil }
        // `A **hash table** is …`: the writer marked the term, so the sentence is a definition they meant.
        let term = TextNormaliser.comparable(found.term)
        if text.strong.contains(where: { TextNormaliser.comparable($0) == term }) {
            found.reliability = 3
        }
        return found
    }
}

// MARK: - Bold terms

private extension DefinitionParser {
    func boldDefinition(_ text: String, term bold: String) -> Definition? {
        guard let range = StudyText.range(of: bold, in: text), text[..<range.lowerBound].unicodeScalars.allSatisfy(\.isWhitespace) else { return nil }
        var term = bold
        var rest = text[range.upperBound...].trimmingWhitespace
        // `**Term:** definition` puts the separator inside the bold span.
        if let last = term.last, Self.separators.contains(last), last != "-" {
            term = term.dropLast().trimmingWhitespace
            rest = ":" + rest
        }
        var aliases = [String]()
        // `**全探索(full search)**とは…`: the other name in brackets inside the bold is an alias.
        let (bare, gloss) = KeywordFacts.splittingGloss(term)
        if let gloss, let (alias, _) = Self.parenthetical(at: gloss.trimmingWhitespace) {
            term = bare
            aliases = Self.names(inAlias: alias)
        }
        guard TermFilter.accepts(term) else { return nil }
        if let (alias, after) = Self.parenthetical(at: rest) {
            aliases = Self.names(inAlias: alias)
            rest = after
        }
        if let first = rest.first, Self.separators.contains(first), first != "-" || rest.dropFirst().first?.isWhitespace == true {
            let body = rest.dropFirst().trimmingWhitespace
            return Definition(term: term, aliases: aliases, text: body, sentence: restatement(of: term, in: body),
                              sentenceNamesTerm: true, reliability: 3)
        }
        guard let body = definingWords(after: rest) else { return nil }
        let sentence = StudyText.firstSentence(text)
        return Definition(term: term, aliases: aliases, text: body, sentence: sentence, reliability: 3)
    }

    /// What follows the verb or particle that makes `rest` (the text after a term) a definition.
    func definingWords(after rest: String) -> String? {
        let markers: [String]
        switch language {
        case .english: markers = Self.englishVerbs
        case .korean: markers = Self.koreanParticles
        case .chinese: markers = Self.chineseVerbs
        case .japanese: markers = Self.japaneseParticles
        }
        // Only the opening words can hold a marker: the rest of the paragraph is not lowercased for it. Lowercasing
        // maps each scalar alone, so the opening of the lowercased paragraph is the lowercased opening.
        let lowered = String(rest.prefix(32)).lowercased()
        guard let marker = markers.first(where: { lowered.hasPrefix($0) }) else { return nil }
        let body = rest.dropFirst(marker.count).trimmingWhitespace
        return body.isEmpty ? nil : body
    }

    /// The sentence in a definition that repeats the term (`A heap is a tree that …`), for a fill-in-the-blank item.
    func restatement(of term: String, in body: String) -> String? {
        let sentence = StudyText.firstSentence(body)
        return StudyText.mentions(sentence, term) ? sentence : nil
    }
}

// MARK: - Plain list items

private extension DefinitionParser {
    func listDefinition(_ text: String) -> Definition? {
        let window = String(text.prefix(TermFilter.maximumLength + 3))
        let found = Self.listSeparators.compactMap { separator in StudyText.range(of: separator, in: window).map { ($0, separator) } }
            .min { $0.0.lowerBound < $1.0.lowerBound }
        guard let (range, _) = found else { return nil }
        var term = text[..<range.lowerBound].trimmingWhitespace
        var aliases = [String]()
        if let open = term.firstIndex(where: { $0 == "(" || $0 == "（" }), let (alias, after) = Self.parenthetical(at: String(term[open...])),
           after.isEmpty {
            aliases = Self.names(inAlias: alias)
            term = term[..<open].trimmingWhitespace
        }
        let maximumWords = language.isCJK ? 4 : 5
        guard TermFilter.accepts(term, maximumWords: maximumWords), !term.contains(",") else { return nil }
        // `随机选择本步骤将执行的操作：交叉或变异`: a step of a procedure, written as a clause, is no term.
        if language.writesHan, term.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana),
           term.count > 12 {
            return nil
        }
        // `Max Heap에서 : …` ends in a particle: the start of a clause, not a term.
        if language == .korean, let last = term.last, (0xAC00...0xD7AF).contains(last.unicodeScalars.first?.value ?? 0),
           "서를을에는은가의도로".contains(last), term.count > 2 {
            return nil
        }
        let body = text[range.upperBound...].trimmingWhitespace
        // The definition may restate the term as a sentence (`Heap - A heap is a tree …`): keep what follows its verb.
        if let restated = sentenceDefinition(StudyText.firstSentence(body), reliability: 2),
           TextNormaliser.comparable(restated.term) == TextNormaliser.comparable(term) {
            return Definition(term: term, aliases: aliases, text: restated.text, sentence: restated.sentence, reliability: 2)
        }
        return Definition(term: term, aliases: aliases, text: body, sentence: restatement(of: term, in: body),
                          sentenceNamesTerm: true, reliability: 2)
    }
}

// MARK: - Definition sentences

private extension DefinitionParser {
    /// Words that open a sentence without naming anything it could define.
    static let englishOpeners: Set<String> = [
        "it", "this", "that", "these", "those", "there", "here", "he", "she", "they", "we", "you", "i", "what", "which",
        "each", "every", "all", "some", "one", "such", "its", "our", "your", "their", "most", "many", "another", "other",
        "both", "either", "neither", "if", "when", "while", "so", "but", "and", "or", "also", "then", "now", "note",
        "below", "above", "here", "next", "following",
    ]
    /// Words that never sit inside a term a sentence defines (`For every action there is …`).
    static let englishClauseWords: Set<String> = [
        "there", "every", "each", "this", "that", "these", "those", "it", "which", "who", "what", "when", "where", "if",
        "for", "with", "by", "from", "we", "you", "they", "not", "also", "only", "then", "thus", "so",
    ]
    static let koreanOpeners: Set<String> = [
        "이", "그", "이것", "그것", "저것", "여기", "이때", "이는", "그는", "하지만", "또한", "즉", "따라서", "결국", "우리", "이번",
        "그리고", "그러나", "다만", "단", "특히", "보통", "일반적으로", "예를", "예를들어", "이러한", "이런", "그런", "모든", "각",
        "다음", "위", "아래", "여기서", "앞서", "앞에서", "이렇게", "그래서", "우선", "먼저", "실제", "요즘", "현재", "지금",
    ]
    /// Endings that look definitional but close a clause about something else (`…때문이다`, `…것이다`).
    static let koreanNonDefinitions = ["것이다", "때문이다", "뿐이다", "중이다", "셈이다"]
    /// Endings that make a Korean sentence a definition.
    static let koreanEndings = ["이다", "입니다", "말한다", "의미한다", "뜻한다", "라고 한다", "라 한다", "칭한다"]

    func sentenceDefinition(_ sentence: String, reliability: Int) -> Definition? {
        switch language {
        case .english: englishSentence(sentence, reliability: reliability)
        case .korean: koreanSentence(sentence, reliability: reliability)
        case .chinese, .japanese: nil // no spaces to find where the subject ends; bold terms and lists only
        }
    }

    /// Subjects that name no particular thing: the sentence is about something said before.
    static let englishGenericSubjects: Set<String> = [
        "algorithm", "method", "function", "idea", "problem", "result", "process", "example", "approach", "solution",
        "answer", "data", "list", "value", "number", "code", "program", "step", "case", "time", "way", "thing", "goal",
        "main idea", "key", "output", "input", "difference", "reason", "point", "following", "first", "second", "last",
    ]
    /// Openings that set a field before the definition (`In computer science, …`, `In mathematics, …`).
    static func droppingFieldOpening(_ sentence: String) -> String {
        guard sentence.hasPrefix("In "), let comma = sentence.firstIndex(of: ","),
              sentence[..<comma].split(separator: " ").count <= 6 else { return sentence }
        let rest = sentence[sentence.index(after: comma)...].trimmingWhitespace
        return StudyText.capitalisingFirstWord(rest)
    }

    /// `Shellsort, also known as Shell sort or Shell's method, is …`: the subject, and the other names an appositive
    /// between commas gives it; nil when the commas hold something else.
    static func appositive(_ subject: String) -> (String, [String])? {
        guard let comma = subject.firstIndex(of: ",") else { return nil }
        let head = subject[..<comma].trimmingWhitespace
        var inner = subject[subject.index(after: comma)...].trimmingWhitespace
        if inner.hasSuffix(",") { inner = String(inner.dropLast()).trimmingWhitespace }
        let lowered = inner.lowercased()
        for lead in ["also known as ", "also called ", "or ", "usually denoted by ", "sometimes called ", "often called ",
                     "abbreviated "] where lowered.hasPrefix(lead) {
            let names = inner.dropFirst(lead.count).components(separatedBy: " or ")
                .flatMap { $0.components(separatedBy: ", ") }.map { $0.trimmingWhitespace }.filter { !$0.isEmpty && $0.count <= 40 }
            return (head, lead.hasPrefix("usually") ? [] : names)
        }
        return nil
    }

    func englishSentence(_ sentence: String, reliability: Int) -> Definition? {
        let sentence = Self.droppingFieldOpening(sentence)
        let verbs = [" is ", " are ", " refers to ", " means "]
        let found = verbs.compactMap { verb in StudyText.range(of: verb, in: sentence).map { ($0, verb) } }.min { $0.0.lowerBound < $1.0.lowerBound }
        guard let (range, verb) = found else { return nil }
        var subject = sentence[..<range.lowerBound].trimmingWhitespace
        let body = sentence[range.upperBound...].trimmingWhitespace
        var aliases = [String]()
        if subject.contains(","), let (head, names) = Self.appositive(subject) {
            subject = head
            aliases = names
        }
        if let open = subject.firstIndex(of: "("), let (alias, after) = Self.parenthetical(at: String(subject[open...])), after.isEmpty {
            aliases = Self.names(inAlias: alias)
            subject = subject[..<open].trimmingWhitespace
        }
        for article in ["A ", "An ", "The "] where subject.hasPrefix(article) {
            subject = String(subject.dropFirst(article.count))
        }
        let words = subject.split(separator: " ")
        guard let first = words.first, first.first?.isLetter == true, !Self.englishOpeners.contains(first.lowercased()),
              sentence.first?.isUppercase == true, (1...4).contains(words.count),
              !words.contains(where: { Self.englishClauseWords.contains($0.lowercased()) }),
              !subject.contains(where: { ",;:\"".contains($0) }), TermFilter.accepts(subject) else { return nil }
        let bodyWords = body.split(separator: " ")
        let opening = bodyWords.first?.lowercased() ?? ""
        // `… is one of the deepest insights`, `… are easier to analyze than …`: a judgement, not what the thing is.
        guard opening != "one", !StudyText.includes(body, " than ") else { return nil }
        let opensWithArticle = ["a", "an", "the", "those"].contains(opening)
        // `Museums are at the cusp of …`: a place or a state, not a kind of thing.
        let opensWithPreposition = ["at", "in", "on", "for", "to", "from", "with", "by", "of", "about", "into", "under",
                                    "over", "beyond", "within", "like"].contains(opening)
        // `… are being shrunk`, `… are conventionally enumerated`: a verb goes on, where a definition names a kind.
        let opensWithVerb = ["being", "been", "not", "also", "often", "usually", "always", "never", "only", "very", "so", "too"]
            .contains(opening) || ["ly", "ed", "ing"].contains(where: opening.hasSuffix)
        switch verb {
        case " is ": guard opensWithArticle, bodyWords.count >= 3 else { return nil }
        case " are ": guard opensWithArticle || (bodyWords.count >= 4 && !opensWithVerb && !opensWithPreposition) else { return nil }
        default: guard bodyWords.count >= 3 else { return nil }
        }
        return Definition(term: subject, aliases: aliases, text: body, sentence: sentence, reliability: reliability)
    }

    func koreanSentence(_ sentence: String, reliability: Int) -> Definition? {
        let bare = StudyText.trimmingTrailingPunctuation(sentence)
        guard Self.koreanEndings.contains(where: { bare.hasSuffix($0) }),
              !Self.koreanNonDefinitions.contains(where: { bare.hasSuffix($0) }) else { return nil }
        let tokens = bare.split(separator: " ").map(String.init)
        guard tokens.count >= 2 else { return nil }
        for index in 0..<min(tokens.count - 1, 3) {
            let token = tokens[index]
            var subjectTokens = Array(tokens[..<index])
            if ["는", "은", "이란", "란"].contains(token) {
                // `PCB 는 …`: the particle stands apart.
            } else if let particle = ["이란", "는", "은", "란"].first(where: { token.hasSuffix($0) && token.count > $0.count + 1 }) {
                subjectTokens.append(String(token.dropLast(particle.count)))
            } else {
                continue
            }
            let subject = subjectTokens.joined(separator: " ")
            // A subject ending in a verb stem or holding an object particle is a clause (`코드를 작성하는`), not a term.
            let isClause = subject.hasSuffix("하") || subjectTokens.contains { token in ["를", "을", "에", "에서", "가", "의"].contains { token.hasSuffix($0) } }
            guard let first = subjectTokens.first, !Self.koreanOpeners.contains(first), !isClause, subject.count >= 2, subject.count <= 25,
                  !subject.contains(where: { ",()".contains($0) }), TermFilter.accepts(subject, maximumWords: 3) else { return nil }
            let body = tokens[(index + 1)...].joined(separator: " ")
            guard body.count >= 6 else { return nil }
            return Definition(term: subject, text: body, sentence: sentence, reliability: reliability)
        }
        return nil
    }
}

// MARK: - Aliases

private extension DefinitionParser {
    /// The text inside a bracket that opens `text`, and what follows it.
    static func parenthetical(at text: String) -> (String, String)? {
        guard let first = text.first, first == "(" || first == "（" else { return nil }
        let close: Character = first == "(" ? ")" : "）"
        guard let end = text.firstIndex(of: close) else { return nil }
        let inside = text[text.index(after: text.startIndex)..<end].trimmingWhitespace
        let after = text[text.index(after: end)...].trimmingWhitespace
        return (inside, after)
    }

    /// The names in an alias such as `= leaf Node, 단말 노드`.
    static func names(inAlias alias: String) -> [String] {
        alias.split(whereSeparator: { ",，、=".contains($0) }).map { $0.trimmingWhitespace }.filter { $0.count >= 2 }
    }
}
