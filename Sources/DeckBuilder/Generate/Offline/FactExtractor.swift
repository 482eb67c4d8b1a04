/// Reads a note's outline into facts: definitions in paragraphs and lists (some of them attributes of their
/// section's topic), and table cells.
struct FactExtractor: Sendable {
    var language: GeneratorLanguage
    /// The note's Markdown, to tell link text (`[Title: subtitle](…)`) from a definition; empty when unknown.
    var markdown = ""

    /// Headings of reading lists, whose items are titles of articles rather than definitions.
    private static let resourceHeadings: Set<String> = [
        "learning resources", "resources", "reference", "references", "readings", "videos", "links", "further reading",
        "recommended courses", "see also", "bibliography", "sources", "참고", "참고 자료", "참고자료", "출처", "레퍼런스",
        "参考", "参考资料", "参考文献", "延伸阅读", "参考リンク", "リンク",
        // A translation tool's or a publisher's notice: about the page, not the subject.
        "disclaimer", "免责声明", "免責事項", "면책 조항", "license", "许可证", "ライセンス",
        "review & self study", "review and self study", "self study", "self-study", "复习与自学", "复习和自学", "自学",
        "復習と自習", "振り返りと自主学習", "自習", "自主学習",
    ]

    /// Headings that name a part of a study guide rather than a topic.
    private static let genericHeadings: Set<String> = [
        "introduction", "overview", "summary", "conclusion", "references", "reference", "resources", "learning resources",
        "further reading", "see also", "notes", "note", "tips", "techniques", "examples", "example", "implementation",
        "implementations", "sample questions", "essential questions", "recommended practice questions", "practice questions",
        "questions", "corner cases", "things to look out for during interviews", "time complexity", "contents",
        "table of contents", "personal recommendation", "background", "usage", "definition", "features", "appendix",
        "process", "the process", "method", "the method", "procedure", "steps", "how it works", "key points", "key facts",
        "worked example", "worked examples", "exam tips", "required practical", "explanation", "explanations", "details",
        "description", "the idea", "idea", "algorithm", "the algorithm", "complexity", "application", "applications",
        "pseudocode", "issues and what's next", "what's next", "more examples", "how to use", "use cases",
        "개요", "정리", "요약", "참고", "참고 자료", "참고자료", "예시", "예제", "장점", "단점", "특징", "정의", "구현", "목차", "결론",
        "필요성", "목적", "배경", "개념", "종류", "원리", "동작 원리", "사용법", "예제 코드", "코드", "문제점", "해결책", "해결 방법",
        "이유", "차이점", "비교", "장단점", "단점과 장점", "특징 및 장단점", "구조", "방법", "과정", "기능", "활용", "사용 이유",
        "概述", "总结", "参考", "参考资料", "目录", "例子", "概要", "まとめ", "参考文献", "目次", "例",
    ]

    /// The facts of `outline`, in the order the note states them, each identity once.
    func facts(in outline: NoteOutline) -> NoteFacts {
        factsIgnoringMarkdown(in: outline).leavingOutLinkText(of: markdown)
    }

    /// The facts of `outline` with no regard to `markdown`.
    func factsIgnoringMarkdown(in outline: NoteOutline) -> NoteFacts {
        var result = NoteFacts()
        var found = [NoteFacts.Found]()
        let parser = DefinitionParser(language: language)
        let choices = ChoiceText(language: language)
        var resources = ResourceHeadings()
        var groups = DefinitionGroups()
        for entry in outline.entries {
            switch entry.block {
            case .paragraph(let parsed):
                let text = LiteralStrong.recovering(parsed)
                let group = groups.paragraph()
                let definitions = parser.definitions(in: text, isListItem: false)
                for definition in definitions {
                    found += definitionFact(definition, text: text, entry: entry, choices: choices, group: group, resources: &resources)
                }
                found += keywordFacts(in: text, entry: entry, definitions: definitions, resources: &resources)
            case .listItem(let parsed, let depth):
                let text = LiteralStrong.recovering(parsed)
                let group = groups.listItem(depth: depth)
                let definitions = parser.definitions(in: text, isListItem: true)
                for definition in definitions {
                    found += definitionFact(definition, text: text, entry: entry, choices: choices, group: group, resources: &resources)
                }
                found += keywordFacts(in: text, entry: entry, definitions: definitions, resources: &resources)
            case .table(let header, let rows):
                groups.interrupt()
                found += tableFacts(header: header, rows: rows, entry: entry, choices: choices).map { .init(fact: $0) }
            case .heading:
                // A heading and the sentence that opens its section are no fact: that sentence is as often an aside, a
                // task or a story as a statement about the heading, and other sections' sentences are no wrong choices
                // of the same kind. A section that defines its heading does so in a definition, read above.
                groups.startSection()
            }
        }
        result.found = AttributeFacts.converting(found, language: language)
        return result
    }
}

// MARK: - Kinds of fact

private extension FactExtractor {
    func definitionFact(_ definition: Definition, text: OutlineText, entry: NoteOutline.Entry,
                        choices: ChoiceText, group: String, resources: inout ResourceHeadings) -> [NoteFacts.Found] {
        guard let answer = choices.answer(from: definition.text), !resources.includes(entry.headings),
              !StudyText.holdsMarkup(answer), !StudyText.isExampleData(answer) else {
            return []
        }
        // The label's comparable form is the term's: trailing punctuation and spaces are no part of either.
        let term = choices.label(definition.term)
        // `Installing Python`, `1967 最近邻`: a step of a set-up or an entry of a timeline, not a concept.
        if TermFilter.isProcedure(term) || TermFilter.opensWithYear(term) { return [] }
        // `resultBin`, `tech` in a Chinese or Japanese note name values in its example code, not concepts.
        if language.isCJK, StudyText.isIdentifier(term) { return [] }
        if language.writesHan, StudyText.isTranslationPair(term: term, answer: answer) { return [] }
        // `字节操作：InputStream 和 OutputStream`: names in another script list examples, they do not describe.
        if language.writesHan, term.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana),
           !answer.unicodeScalars.contains(where: { QuestionValidator.isIdeographicOrKana($0) && !"和与及或、とや".unicodeScalars.contains($0) }),
           StudyText.wordCount(answer) <= 4 {
            return []
        }
        // `These sets of metrics calculate …`: a description opening on a pronoun leans on what stands before it.
        if language == .english, let first = answer.split(separator: " ").first?.lowercased(),
           ["this", "these", "it", "they", "its", "their", "here", "another", "such"].contains(first) {
            return []
        }
        // `命名别名：例如 ll 是 ls -al 的别名`: an example, not what the term is.
        if ["例如", "比如", "例えば", "たとえば", "e.g.", "for example", "for instance", "such as"].contains(where: { answer.lowercased().hasPrefix($0) }) {
            return []
        }
        // A description that points at its neighbours (`…expressed in this way`) means nothing read alone.
        if StudyText.pointsElsewhere(answer) { return [] }
        let comparableTerm = TextNormaliser.comparable(term)
        let sentence = definition.sentence.flatMap { sentence in
            sentence.characterCount <= 300
                && (definition.sentenceNamesTerm || StudyText.mentions(sentence, comparableName: comparableTerm)) ? sentence : nil
        }
        // Definitions lend each other wrong choices only within their group (one list, or one section's paragraphs),
        // where they are the same kind of thing; never across notes.
        let fact = Fact(kind: .definition, term: term, aliases: definition.aliases, answer: answer,
                        sentence: sentence, heading: entry.headings.last, source: .paragraph(text.text),
                        reliability: definition.reliability, pool: group,
                        comparableTerm: comparableTerm, poolGroup: "definition")
        return [NoteFacts.Found(fact: fact, definitionTerm: definition.term, definitionText: definition.text)]
    }

    func keywordFacts(in text: OutlineText, entry: NoteOutline.Entry, definitions: [Definition],
                      resources: inout ResourceHeadings) -> [NoteFacts.Found] {
        guard !text.strong.isEmpty, !resources.includes(entry.headings) else { return [] }
        let defined = Set(definitions.map { TextNormaliser.comparable(ChoiceText(language: language).label($0.term)) })
        return KeywordFacts(language: language).facts(in: text, heading: entry.headings.last, line: entry.line, defined: defined)
            .map { NoteFacts.Found(fact: $0) }
    }

    func tableFacts(header: [String], rows: [[String]], entry: NoteOutline.Entry, choices: ChoiceText) -> [Fact] {
        // Row keys name things; a first column of long phrases is a comparison's body, not a key.
        // Closures, not key paths: these key paths were looked up at run time, cell by cell.
        // A table of facts has rows of things, three or more, each named once in its first column; a table of one
        // or two rows, or whose first column repeats, is a layout or a comparison, not something to learn row by row.
        let keys = rows.compactMap { $0.first }
        guard header.count >= 2, keys.count >= 3, keys.reduce(0, { $0 + $1.characterCount }) <= 25 * keys.count,
              Set(keys.map(TextNormaliser.comparable)).count == keys.count, !Self.isResultsTable(rows),
              !Self.isTokenTable(keys: keys, markdown: markdown) else { return [] }
        // The header's labels and pools, once per table rather than once per cell.
        let names = header.map(choices.label), keyColumn = names[0]
        // A cell's pool is its column (`table:LINE:COLUMN`); the row's cells make one group, the table.
        let group = "table:\(entry.line)"
        let pools = header.indices.map { "\(group):\($0)" }
        var facts = [Fact]()
        for row in rows {
            guard let key = row.first.map(choices.label), TermFilter.accepts(key, maximumWords: 8), !StudyText.holdsMarkup(key) else { continue }
            var bareKey: String?
            for column in 1..<header.count where column < row.count {
                let cell = choices.label(row[column])
                guard !names[column].isEmpty, !names[column].allSatisfy(\.isNumber), let bare = cellAnswer(cell),
                      !(language.writesHan && StudyText.isTranslationPair(term: key, answer: cell))
                else { continue }
                bareKey = bareKey ?? TextNormaliser.comparable(key)
                facts.append(Fact(kind: .tableCell, term: key, answer: cell, heading: entry.headings.last,
                                  source: .tableRow(header: header, row: row),
                                  reliability: 2, pool: pools[column],
                                  keyColumn: keyColumn, column: names[column], comparableTerm: bareKey,
                                  comparableAnswer: bare, poolGroup: group))
            }
        }
        return facts
    }
}

// MARK: - Filters

extension FactExtractor {
    /// A heading that names a part of a study guide (`Summary`, `Key terms`, `概要`) rather than a topic.
    static func isGenericHeading(_ heading: String) -> Bool {
        let bare = StudyText.trimmingTrailingPunctuation(heading).lowercased()
        // `Exercise 2: Graphs`, `課題1-1：モンティ・ホール問題`, `余談：…`: a label before a colon names a part of the course.
        let lead = bare.split(whereSeparator: { ":：".contains($0) }).first.map { $0.trimmingWhitespace } ?? bare
        // `Pre-lecture quiz`, `事前講義クイズ`, `课前测验`: a quiz's link, not a topic.
        if ["quiz", "クイズ", "测验", "小测"].contains(where: { StudyText.includes(bare, $0) }) { return true }
        return genericHeadings.contains(bare) || resourceHeadings.contains(bare) || TermFilter.isLabel(bare)
            || TermFilter.isNumberedLabel(bare) || ["key terms", "key words", "terms", "key concepts", "definitions", "glossary", "vocabulary", "用語", "术语", "名词解释"].contains(bare)
            || (lead != bare && (TermFilter.isLabel(lead) || TermFilter.isNumberedLabel(lead) || ["余談", "コラム", "column", "aside"].contains(lead)))
    }
}

extension FactExtractor {
    /// Words that open the heading of an aside rather than of the subject: what stands under
    /// `余談：OSを作ってミュージシャンになった人` is a story. Exercises stay: lecture notes teach inside their tasks.
    static let asideWords = ["aside", "fun fact", "trivia", "digression", "余談", "コラム", "閑話", "题外话", "花絮"]

    /// Whether `heading` opens an aside: one of those words alone, or before a number or a colon.
    static func isAside(_ heading: String) -> Bool {
        let lowered = StudyText.trimmingTrailingPunctuation(heading.trimmingWhitespace).lowercased()
        return asideWords.contains { word in
            guard lowered.hasPrefix(word) else { return false }
            let rest = lowered.dropFirst(word.count).drop { $0 == " " }
            guard let next = rest.first else { return true }
            return next.isNumber || ":：".contains(next)
        }
    }
}

private extension FactExtractor {
    /// Whether headings include a resources heading, whose list items are a reading list's entries rather than
    /// definitions (link text is left out by `NoteFacts`). The answer for the last headings asked about is kept:
    /// the blocks under one heading share their headings.
    struct ResourceHeadings {
        private var last: (headings: [String], includes: Bool)?

        mutating func includes(_ headings: [String]) -> Bool {
            if let last, last.headings == headings { return last.includes }
            let includes = headings.contains {
                FactExtractor.resourceHeadings.contains(StudyText.trimmingTrailingPunctuation($0).lowercased())
                    || FactExtractor.isAside($0)
            }
            last = (headings, includes)
            return includes
        }
    }

    /// The cell's comparable form when it is worth asking for: it has letters or digits, is not a placeholder, fits
    /// in a choice, and is not a measured quantity such as `20 kg` (a worked example's numbers are for reading, not
    /// remembering); nil otherwise.
    func cellAnswer(_ cell: String) -> String? {
        let bare = TextNormaliser.comparable(cell)
        // No more characters than bytes: most cells are counted no further.
        let fits = cell.utf8.count <= ChoiceText.maximumAnswerLength || cell.count <= ChoiceText.maximumAnswerLength
        guard !bare.isEmpty, fits, !Self.isQuantity(cell), !StudyText.holdsMarkup(cell) else { return nil }
        // ASCII can only be an ASCII placeholder, none of which is longer than four bytes: longer ASCII cells are not
        // compared with each. (Text beyond ASCII is, as a placeholder may be written decomposed.)
        let isPlaceholder = (bare.utf8.count <= 4 || !bare.isASCII)
            && ["na", "n/a", "none", "-", "—", "?", "x", "없음", "无", "なし"].contains(bare)
        return isPlaceholder ? nil : bare
    }
}

extension FactExtractor {
    /// Whether a table's keys are the words of one sentence of the note (`Tricuspid | B-DIS`, `valve | I-DIS`): an
    /// example annotated word by word, not things to learn row by row.
    static func isTokenTable(keys: [String], markdown: String) -> Bool {
        guard keys.count >= 3, keys.allSatisfy({ !$0.contains(" ") }) else { return false }
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: true).lazy.filter { !$0.contains("|") }
        return lines.contains { line in keys.allSatisfy { line.contains($0) } }
    }

    /// Whether a table's cells are mostly decimal numbers (`0.73`, `0.229475`): a model's output or a sample's
    /// measurements, to read, not to learn cell by cell.
    static func isResultsTable(_ rows: [[String]]) -> Bool {
        let cells = rows.flatMap { $0.dropFirst() }.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
        let decimals = cells.filter { cell in
            guard let dot = cell.firstIndex(of: "."), dot > cell.startIndex, cell.index(after: dot) < cell.endIndex else { return false }
            return cell[cell.index(before: dot)].isNumber && cell[cell.index(after: dot)].isNumber
                && cell.allSatisfy { $0.isNumber || ".-−+%e".contains($0) }
        }
        return !cells.isEmpty && decimals.count * 2 >= cells.count
    }

    /// A number followed by a short unit: `0.5 m/s²`, `2,400 N`, `37 °C`, `15%`. A bare number (a year) is not.
    static func isQuantity(_ cell: String) -> Bool {
        asciiIsQuantity(cell) ?? characterIsQuantity(cell)
    }

    /// `isQuantity` on the bytes of ASCII text with no carriage return, where each Character is one byte (a table
    /// has dozens of cells, and Characters cost most of reading them); nil for any other text.
    static func asciiIsQuantity(_ cell: String) -> Bool? {
        var cell = cell
        return cell.withUTF8 { bytes -> Bool? in
            guard bytes.isASCII, !bytes.contains(0x0D) else { return nil }
            let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
            let trimmed = bytes.trimmingASCIIWhitespace(0..<bytes.count)
            var start = trimmed.lowerBound
            let end = trimmed.upperBound
            if start < end, bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") { start += 1 }
            guard start < end, isDigit(bytes[start]) else { return false }
            while start < end, isDigit(bytes[start]) || bytes[start] == UInt8(ascii: ",") || bytes[start] == UInt8(ascii: ".") {
                start += 1
            }
            let unit = bytes[bytes.trimmingASCIIWhitespace(start..<end)]
            return !unit.isEmpty && unit.count <= 6 && !unit.contains(0x20) && !unit.contains(UInt8(ascii: "("))
        }
    }

    /// `isQuantity` for any text, on Characters.
    static func characterIsQuantity(_ cell: String) -> Bool {
        var rest = Substring(cell.trimmingWhitespace)
        if rest.first == "-" || rest.first == "+" || rest.first == "−" { rest = rest.dropFirst() }
        guard let first = rest.first, first.isNumber else { return false }
        rest = rest.drop { $0.isNumber || $0 == "," || $0 == "." }
        let unit = String(rest).trimmingWhitespace
        return !unit.isEmpty && unit.count <= 6 && !unit.contains(" ") && !unit.contains("(")
    }
}
