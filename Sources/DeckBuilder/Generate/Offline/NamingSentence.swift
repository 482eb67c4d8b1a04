/// Definitions that name their term at the end, as textbooks write them in prose: "Water moving across a membrane is
/// called **osmosis**", "这种现象称为**渗透作用**", "自分自身を呼び出すことを **再帰呼び出し** と呼ぶ", and the plain
/// "X是指Y" and "XとはYである" of Chinese and Japanese, whose subjects no space sets apart.
struct NamingSentence: Sendable {
    var language: GeneratorLanguage

    /// What comes between what is described and the name it gets, by language: "… is called X".
    private static let englishNamings = [" is called ", " are called ", " is known as ", " are known as ", " is termed ",
                                         " is referred to as "]
    private static let chineseNamings = ["也被称为", "被称为", "也称为", "称为", "称作", "叫做", "叫作"]
    private static let japaneseNamings = ["と呼ぶ", "と呼び", "と呼ばれる"]
    /// `…をXという`: the same, but `という` also means "in the form of" (`…という形で`), so only for a name the writer
    /// marked in bold.
    private static let japaneseMarkedNamings = ["という", "といい", "と言う"]
    /// Chinese verbs after which what follows defines what precedes: `X是指Y`, `X指的是Y`.
    private static let chineseDefiningVerbs = ["是指", "指的是", "是一种", "是一类", "是一个"]
    /// Words that open a clause about something said before, not a term (`这`, `它`, `this`).
    private static let pronouns = ["这", "那", "它", "其", "此", "该", "我们", "他", "她", "如果", "因为", "所以", "但",
                                   "この", "その", "あの", "これ", "それ", "ここ", "そこ", "こう", "そう", "我々", "私", "さらに",
                                   "また", "まず", "つまり", "しかし", "例えば", "ただし", "なお", "実は", "以下", "以上", "次に", "先程", "先ほど", "特に", "主に", "一般に", "通常", "特别是", "一般",
                                   "上記", "下記", "而", "并且", "而且", "比如", "例如", "譬如", "还有", "另外",
                                   "ちなみに", "というわけで", "さて", "ところで", "要するに"]
    /// Words in what a `とは` sentence says that point at something beside it (`以下の通り`) or go on to a reason
    /// (`…であるから、`): not a definition to learn on its own.
    private static let japaneseNonDefinitions = ["以下", "次の", "下記", "上記", "から、", "ので、", "ため、", "が、"]

    /// The definitions `sentence` states by naming their terms; `strong` holds its block's bold spans.
    func definitions(in sentence: String, strong: [String]) -> [Definition] {
        switch language {
        case .english: return english(sentence, strong: strong).map { [$0] } ?? []
        case .chinese: return (nameAfter(sentence, namings: Self.chineseNamings, strong: strong) ?? chineseVerb(sentence)).map { [$0] } ?? []
        case .japanese:
            // `…を再帰と呼び、…を再帰的定義と呼ぶ`: one clause a name.
            var clauses = [String]()
            var rest = Substring(sentence)
            while let joint = ["と呼び、", "といい、"].compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
                // The clause with its naming word, without the comma that joins the next.
                clauses.append(String(rest[..<joint.upperBound].dropLast()))
                rest = rest[joint.upperBound...]
            }
            clauses.append(String(rest))
            return clauses.compactMap { japanese($0, strong: strong) }
        case .korean: return []
        }
    }
}

// MARK: - By language

private extension NamingSentence {
    func english(_ sentence: String, strong: [String]) -> Definition? {
        guard let (range, _) = Self.englishNamings.compactMap({ naming in StudyText.range(of: naming, in: sentence).map { ($0, naming) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return nil }
        let described = sentence[..<range.lowerBound].trimmingWhitespace
        var name = StudyText.trimmingTrailingPunctuation(sentence[range.upperBound...].trimmingWhitespace)
        for article in ["the ", "a ", "an "] where name.lowercased().hasPrefix(article) { name = String(name.dropFirst(article.count)) }
        // `This is called …`, `It is known as …`: what is described was said before, out of reach.
        let firstWord = described.split(separator: " ").first.map { $0.lowercased() } ?? ""
        // `…, which is called X`: the naming hangs on a clause, and `Such representation …` on what was said before.
        let lastWord = described.split(separator: " ").last.map { $0.lowercased() } ?? ""
        guard StudyText.wordCount(described) >= 3,
              !["this", "it", "that", "these", "those", "they", "which", "what", "such", "however", "here"].contains(firstWord),
              !["which", "that", "which,"].contains(lastWord), !described.lowercased().contains(" we "),
              TermFilter.accepts(name, maximumWords: 4), !name.contains(",") else { return nil }
        let marked = strong.contains { TextNormaliser.comparable($0) == TextNormaliser.comparable(name) }
        return Definition(term: name, text: described, sentence: sentence, sentenceNamesTerm: true, reliability: marked ? 3 : 1)
    }

    func japanese(_ sentence: String, strong: [String]) -> Definition? {
        if let found = nameBefore(sentence, namings: Self.japaneseNamings + Self.japaneseMarkedNamings, strong: strong) { return found }
        // `XとはYである`: what follows `とは` defines what precedes it.
        guard let range = StudyText.range(of: "とは", in: sentence) else { return nil }
        let term = sentence[..<range.lowerBound].trimmingWhitespace
        var body = sentence[range.upperBound...].trimmingWhitespace
        if body.hasPrefix("、") { body = String(body.dropFirst()) }
        // `やっていることは…`: the `とは` of `こと` + `は` is no definition.
        guard !term.hasSuffix("こ"), isSubject(term), body.count >= 4, !Self.pronouns.contains(where: body.hasPrefix),
              !Self.japaneseNonDefinitions.contains(where: body.contains) else { return nil }
        return Definition(term: term, text: body, sentence: sentence, sentenceNamesTerm: true, reliability: 2)
    }

    func chineseVerb(_ sentence: String) -> Definition? {
        guard let (range, _) = Self.chineseDefiningVerbs.compactMap({ verb in StudyText.range(of: verb, in: sentence).map { ($0, verb) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return nil }
        var term = sentence[..<range.lowerBound].trimmingWhitespace
        // `一个图数据结构是…`: the counting word is no part of the name.
        if let count = ["一个", "一种", "一类"].first(where: term.hasPrefix) { term = String(term.dropFirst(count.count)) }
        let body = sentence[range.upperBound...].trimmingWhitespace
        guard isSubject(term), body.count >= 4, !Self.pronouns.contains(where: body.hasPrefix) else { return nil }
        return Definition(term: term, text: body, sentence: sentence, sentenceNamesTerm: true, reliability: 2)
    }

    /// `…称为X`: the name follows the naming word, and what precedes it describes the name.
    func nameAfter(_ sentence: String, namings: [String], strong: [String]) -> Definition? {
        for naming in namings {
            guard let range = StudyText.range(of: naming, in: sentence) else { continue }
            let after = sentence[range.upperBound...].trimmingWhitespace
            let bold = strong.first { after.hasPrefix($0) || after.hasPrefix("“\($0)”") || after.hasPrefix("「\($0)」") }
            let name = Self.unquoted(StudyText.trimmingTrailingPunctuation(bold ?? after))
            if let found = definition(named: name, described: sentence[..<range.lowerBound].trimmingWhitespace, sentence: sentence,
                                      marked: bold != nil) {
                return found
            }
        }
        return nil
    }

    /// `…をXと呼ぶ`: the name stands between `を` and the naming word, and what precedes `を` describes it.
    func nameBefore(_ sentence: String, namings: [String], strong: [String]) -> Definition? {
        for naming in namings {
            guard let range = StudyText.range(of: naming, in: sentence) else { continue }
            // `…と呼ぶことの対比である`: the naming is part of a longer clause, not the sentence's statement.
            if let next = sentence[range.upperBound...].first, ["こ", "の", "よ", "か"].contains(next) { continue }
            let before = sentence[..<range.lowerBound].trimmingWhitespace
            guard let object = before.range(of: "を", options: .backwards) else { continue }
            let name = Self.unquoted(before[object.upperBound...].trimmingWhitespace)
            let marked = strong.contains { TextNormaliser.comparable($0) == TextNormaliser.comparable(name) }
            if Self.japaneseMarkedNamings.contains(naming) && !marked { continue }
            if let found = definition(named: name, described: before[..<object.lowerBound].trimmingWhitespace, sentence: sentence,
                                      marked: marked) {
                return found
            }
        }
        return nil
    }

    /// The definition of `name` by `described`, keeping of that only the clause after its last comma (`在…中，不断分裂的
    /// 细胞称为…` keeps `不断分裂的细胞`); nil when either is not what it should be.
    func definition(named name: String, described: String, sentence: String, marked: Bool) -> Definition? {
        var clause = Substring(described)
        if let comma = clause.lastIndex(where: { "、，,".contains($0) }) { clause = clause[clause.index(after: comma)...] }
        let text = clause.trimmingWhitespace
        // `…、というような探索アルゴリズムを`: a clause that opens on a particle leans on what the comma cut off.
        guard !["という", "といった", "など", "や", "の", "を", "が", "は", "に", "で"].contains(where: text.hasPrefix) else { return nil }
        // `再帰(recursion)`: the name in brackets after it is another name of the same thing.
        var term = name, aliases = [String]()
        if let open = name.firstIndex(where: { $0 == "(" || $0 == "（" }), let last = name.last, last == ")" || last == "）" {
            term = name[..<open].trimmingWhitespace
            aliases = [String(name[name.index(after: open)..<name.index(before: name.endIndex)]).trimmingWhitespace].filter { $0.count >= 2 }
        }
        // A name the writer did not mark runs to the end of the sentence as often as it stops at the name.
        guard isSubject(term, maximumLength: marked ? 20 : 10), text.count >= 4, !text.hasSuffix("など"), !text.hasSuffix("等"),
              !Self.pronouns.contains(where: text.hasPrefix) else { return nil }
        return Definition(term: term, aliases: aliases, text: text, sentence: sentence, sentenceNamesTerm: true, reliability: marked ? 3 : 1)
    }

    /// A short name that opens no clause of its own: no pronoun, no comma, no sentence inside it.
    func isSubject(_ term: String, maximumLength: Int = 12) -> Bool {
        // A subject ends on a noun: `虚拟机也是…` (also), `它就是…`, `その結果は…` end on a particle or an adverb.
        // `行为策略像…` (is like), `Q 函数也被…` (is also called): a comparison or a passive, not a subject.
        guard let last = term.last, !"也都就还又才则却便而了的只仅像被は、がもをにで」”".contains(last),
              !["实质上", "本质上", "实际上", "其实", "主要", "通常", "一般"].contains(where: term.hasSuffix) else { return false }
        if language == .japanese, term.contains(where: { "がを".contains($0) }) || StudyText.isJapaneseClause(term) { return false }
        return (2...maximumLength).contains(term.count) && !Self.pronouns.contains(where: term.hasPrefix)
            && !term.contains(where: { "，,、。；;：:（(「」“”".contains($0) }) && TermFilter.accepts(term, maximumWords: 4)
    }

    static func unquoted(_ text: String) -> String {
        guard let first = text.first, let last = text.last, text.count > 2,
              ("「“\"『".contains(first) && "」”\"』".contains(last)) else { return text }
        return String(text.dropFirst().dropLast())
    }
}
