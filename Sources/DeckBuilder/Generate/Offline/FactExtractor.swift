/// Reads a note's outline into facts: definitions in paragraphs and lists, table cells, and headings
/// with the sentence that opens their section.
struct FactExtractor: Sendable {
    var language: GeneratorLanguage
    /// The note's Markdown, to tell link text (`[Title: subtitle](…)`) from a definition; empty when unknown.
    var markdown = ""

    /// Headings of reading lists, whose items are titles of articles rather than definitions.
    private static let resourceHeadings: Set<String> = [
        "learning resources", "resources", "reference", "references", "readings", "videos", "links", "further reading",
        "recommended courses", "see also", "bibliography", "sources", "참고", "참고 자료", "참고자료", "출처", "레퍼런스",
        "参考", "参考资料", "参考文献", "延伸阅读", "参考リンク", "リンク",
    ]

    /// Headings that name a part of a study guide rather than a topic.
    private static let genericHeadings: Set<String> = [
        "introduction", "overview", "summary", "conclusion", "references", "reference", "resources", "learning resources",
        "further reading", "see also", "notes", "note", "tips", "techniques", "examples", "example", "implementation",
        "implementations", "sample questions", "essential questions", "recommended practice questions", "practice questions",
        "questions", "corner cases", "things to look out for during interviews", "time complexity", "contents",
        "table of contents", "personal recommendation", "background", "usage", "definition", "features", "appendix",
        "개요", "정리", "요약", "참고", "참고 자료", "참고자료", "예시", "예제", "장점", "단점", "특징", "정의", "구현", "목차", "결론",
        "필요성", "목적", "배경", "개념", "종류", "원리", "동작 원리", "사용법", "예제 코드", "코드", "문제점", "해결책", "해결 방법",
        "이유", "차이점", "비교", "장단점", "단점과 장점", "특징 및 장단점", "구조", "방법", "과정", "기능", "활용", "사용 이유",
        "概述", "总结", "参考", "参考资料", "目录", "例子", "概要", "まとめ", "参考文献", "目次", "例",
    ]

    /// The facts of `outline`, in the order the note states them, each identity once.
    func facts(in outline: NoteOutline) -> NoteFacts {
        factsIgnoringMarkdown(in: outline).leavingOutLinkText(of: markdown)
    }

    /// The facts of `outline` with no regard to `markdown`, so one reading serves the note and its neighbours.
    func factsIgnoringMarkdown(in outline: NoteOutline) -> NoteFacts {
        var result = NoteFacts()
        var found = [NoteFacts.Found]()
        let parser = DefinitionParser(language: language)
        let choices = ChoiceText(language: language)
        var resources = ResourceHeadings()
        for (index, entry) in outline.entries.enumerated() {
            switch entry.block {
            case .paragraph(let text):
                found += definitionFact(parser.definition(in: text, isListItem: false), text: text, entry: entry, choices: choices,
                                        resources: &resources)
                result.boldTerms += boldTerms(text)
            case .listItem(let text, _):
                found += definitionFact(parser.definition(in: text, isListItem: true), text: text, entry: entry, choices: choices,
                                        resources: &resources)
                result.boldTerms += boldTerms(text)
            case .table(let header, let rows):
                found += tableFacts(header: header, rows: rows, entry: entry, choices: choices).map { .init(fact: $0) }
            case .heading(let level, let text):
                guard level >= 2, isTopic(text.text) else { break }
                result.headings[level, default: []].append(choices.label(text.text))
                found += headingFact(level: level, text: text.text, after: index, in: outline, choices: choices).map { .init(fact: $0) }
            }
        }
        result.found = found
        return result
    }
}

// MARK: - Kinds of fact

private extension FactExtractor {
    func definitionFact(_ definition: Definition?, text: OutlineText, entry: NoteOutline.Entry,
                        choices: ChoiceText, resources: inout ResourceHeadings) -> [NoteFacts.Found] {
        guard let definition, let answer = choices.answer(from: definition.text), !resources.includes(entry.headings) else {
            return []
        }
        // The label's comparable form is the term's: trailing punctuation and spaces are no part of either.
        let term = choices.label(definition.term)
        let comparableTerm = TextNormaliser.comparable(term)
        let sentence = definition.sentence.flatMap { sentence in
            sentence.characterCount <= 300
                && (definition.sentenceNamesTerm || StudyText.mentions(sentence, comparableName: comparableTerm)) ? sentence : nil
        }
        let fact = Fact(kind: .definition, term: term, aliases: definition.aliases, answer: answer,
                        sentence: sentence, heading: entry.headings.last, source: .paragraph(text.text),
                        reliability: definition.reliability, pool: "definition", siblingPool: "definition",
                        comparableTerm: comparableTerm)
        return [NoteFacts.Found(fact: fact, definitionTerm: definition.term)]
    }

    func tableFacts(header: [String], rows: [[String]], entry: NoteOutline.Entry, choices: ChoiceText) -> [Fact] {
        // Row keys name things; a first column of long phrases is a comparison's body, not a key.
        // Closures, not key paths: these key paths were looked up at run time, cell by cell.
        let keys = rows.compactMap { $0.first }
        guard header.count >= 2, !keys.isEmpty, keys.reduce(0, { $0 + $1.characterCount }) <= 25 * keys.count else { return [] }
        // The header's labels and pools, once per table rather than once per cell.
        let names = header.map(choices.label), keyColumn = names[0]
        let siblingPools = names.map { "column:" + TextNormaliser.comparable($0) }
        // A cell's pool is its column (`table:LINE:COLUMN`); the row's cells make one group, the table.
        let group = "table:\(entry.line)"
        let pools = header.indices.map { "\(group):\($0)" }
        var facts = [Fact]()
        for row in rows {
            guard let key = row.first.map(choices.label), TermFilter.accepts(key, maximumWords: 8) else { continue }
            var bareKey: String?
            for column in 1..<header.count where column < row.count {
                let cell = choices.label(row[column])
                guard !names[column].isEmpty, let bare = cellAnswer(cell) else { continue }
                bareKey = bareKey ?? TextNormaliser.comparable(key)
                facts.append(Fact(kind: .tableCell, term: key, answer: cell, heading: entry.headings.last,
                                  source: .tableRow(header: header, row: row),
                                  reliability: 2, pool: pools[column], siblingPool: siblingPools[column],
                                  keyColumn: keyColumn, column: names[column], comparableTerm: bareKey,
                                  comparableAnswer: bare, poolGroup: group))
            }
        }
        return facts
    }

    func headingFact(level: Int, text: String, after index: Int, in outline: NoteOutline, choices: ChoiceText) -> [Fact] {
        // The sentence that opens the section: only a paragraph right under the heading says what the section is
        // about; one after a table or list is often an aside ("See also …").
        for entry in outline.entries[(index + 1)...] {
            switch entry.block {
            case .heading, .table, .listItem: return []
            case .paragraph(let paragraph):
                let sentence = StudyText.firstSentence(paragraph.text)
                guard (20...200).contains(sentence.characterCount), isStatement(sentence), !Self.isCrossReference(sentence),
                      let answer = choices.answer(fromSentence: sentence) else { return [] }
                let heading = choices.label(text)
                let comparableHeading = TextNormaliser.comparable(heading)
                return [Fact(kind: .heading, term: heading, answer: answer,
                             sentence: StudyText.mentions(sentence, comparableName: comparableHeading) ? sentence : nil,
                             heading: heading, source: .paragraph(paragraph.text), reliability: 0,
                             pool: "heading:\(level)", siblingPool: "heading:\(level)", comparableTerm: comparableHeading)]
            }
        }
        return []
    }
}

// MARK: - Filters

extension FactExtractor {
    /// "See also …", "Compare …": a pointer elsewhere, not a statement about the section.
    static func isCrossReference(_ sentence: String) -> Bool {
        // Only the opening words are lowercased; lowercasing maps each scalar alone.
        let lower = String(sentence.prefix(16)).lowercased()
        let openings = ["see ", "see also", "compare ", "cf. ", "참고", "参见", "参照"]
        // ASCII text forms no Character across its bytes (but CR LF, which no opening ends in): compared as bytes.
        guard lower.isASCII else { return openings.contains { lower.hasPrefix($0) } }
        return openings.contains { lower.utf8.starts(with: $0.utf8) }
    }
}

private extension FactExtractor {
    func isTopic(_ heading: String) -> Bool {
        let bare = StudyText.trimmingTrailingPunctuation(heading).lowercased()
        // A heading listing several things (`A, B`, `A vs B`) names no single topic a sentence could describe.
        // Full-width commas have no canonical decomposition, so only text beyond ASCII can hold them.
        let isList = [",", " vs"].contains { StudyText.includes(bare, $0) }
            || (!bare.isASCII && ["，", "、"].contains { StudyText.includes(bare, $0) })
        return TermFilter.accepts(bare, maximumWords: 6) && !Self.genericHeadings.contains(bare) && !bare.hasSuffix("?")
            && !isList && !Self.resourceHeadings.contains(bare)
    }

    /// A sentence that states something: not the lead-in to a list (`…as follows:`), not a line of code.
    func isStatement(_ sentence: String) -> Bool {
        let codeMarks = ["=>", "{", "}", "();", "import ", "from '", "require("]
        return !sentence.hasSuffix(":") && !sentence.hasSuffix("：") && !codeMarks.contains(where: { StudyText.includes(sentence, $0) })
    }

    /// Whether headings include a resources heading, whose list items are a reading list's entries rather than
    /// definitions (link text is left out by `NoteFacts`). The answer for the last headings asked about is kept:
    /// the blocks under one heading share their headings.
    struct ResourceHeadings {
        private var last: (headings: [String], includes: Bool)?

        mutating func includes(_ headings: [String]) -> Bool {
            if let last, last.headings == headings { return last.includes }
            let includes = headings.contains {
                FactExtractor.resourceHeadings.contains(StudyText.trimmingTrailingPunctuation($0).lowercased())
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
        guard !bare.isEmpty, fits, !Self.isQuantity(cell) else { return nil }
        // ASCII can only be an ASCII placeholder, none of which is longer than four bytes: longer ASCII cells are not
        // compared with each. (Text beyond ASCII is, as a placeholder may be written decomposed.)
        let isPlaceholder = (bare.utf8.count <= 4 || !bare.isASCII)
            && ["na", "n/a", "none", "-", "—", "?", "x", "없음", "无", "なし"].contains(bare)
        return isPlaceholder ? nil : bare
    }


    /// Short bold words that name things, usable as wrong terms.
    func boldTerms(_ text: OutlineText) -> [String] {
        text.strong.map { StudyText.trimmingTrailingPunctuation($0) }.filter { term in
            guard TermFilter.accepts(term, maximumWords: 3), term.characterCount <= 40 else { return false }
            switch language {
            case .korean:
                // Korean bold spans are often clauses: keep Latin terms and single words not ending in a particle or verb.
                let hasHangul = term.unicodeScalars.contains { (0xAC00...0xD7AF).contains($0.value) }
                guard hasHangul else { return true }
                guard let last = term.last, !term.contains(" "), term.count <= 8 else { return false }
                return !"다는은을를이가에서고며면요하도의와과로".contains(last)
            case .english:
                // Only a last word of five letters or fewer can be one of these, so most are not lowercased.
                guard let lastWord = Self.shortLastWord(of: term) else { return true }
                return !Self.dependentWords.contains(lastWord)
            case .chinese, .japanese:
                return true
            }
        }
    }
}

private extension FactExtractor {
    /// Words a bold phrase does not end on when it names a thing (`the`, `of`, `is`).
    static let dependentWords: Set<String> = ["it", "the", "a", "an", "of", "to", "and", "or", "is", "are", "if", "in", "on",
                                              "there", "be"]

    /// The last word of `term`, lowercased, as `split(separator: " ").last` gives it, when it has five bytes or
    /// fewer; nil for a longer one. On bytes for text that is one Character a byte: stepping back through
    /// Characters cost more than the rest of the filter.
    static func shortLastWord(of term: String) -> String? {
        guard term.isOneCharacterPerByte else {
            var end = term.endIndex
            while end > term.startIndex, term[term.index(before: end)] == " " { end = term.index(before: end) }
            let lastWord = term[(term[..<end].lastIndex(of: " ").map(term.index(after:)) ?? term.startIndex)..<end]
            return lastWord.utf8.count <= 5 ? lastWord.lowercased() : nil
        }
        return term.withUTF8Bytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != 0x20 { start -= 1 }
            guard end - start <= 5 else { return nil }
            return String(decoding: bytes[start..<end].map(\.asciiLowercased), as: UTF8.self)
        }
    }
}

extension FactExtractor {
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
