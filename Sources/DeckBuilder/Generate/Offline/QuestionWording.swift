/// The words of prompts and explanations, in the note's language. A prompt names the section its fact comes from
/// where that adds what the fact needs ("In “Mitosis”, …"), so it stands on its own away from the note.
struct QuestionWording: Sendable {
    var language: GeneratorLanguage
    /// Where a fact with no heading above it comes from: the note's title.
    var title: String

    /// The multiple-choice prompt asking `fact` in `form`; `shown` is the answer or sentence as the prompt shows it.
    func prompt(_ form: QuestionForm, fact: Fact, shown: String) -> String {
        switch (fact.kind, form) {
        case (_, .cloze):
            return cloze(shown, in: context(of: fact), recall: false)
        case (.tableCell, .termToAnswer):
            return tableCell(place: place(of: fact), row: fact.term, column: fact.column, recall: false)
        case (.tableCell, _):
            return tableRow(place: place(of: fact), keyColumn: fact.keyColumn, column: fact.column, value: shown, recall: false)
        case (.attribute, _):
            return attribute(fact.column, of: fact.term)
        case (.definition, .termToAnswer):
            return describe(fact.term, in: context(of: fact))
        case (.definition, .answerToTerm):
            return term(for: shown, in: context(of: fact), recall: false)
        case (.keyword, _):
            return cloze(shown, in: context(of: fact), recall: false)
        }
    }

    /// The prompt of the same question as a recall card, where no good wrong choices were found: asked openly.
    func recallPrompt(_ form: QuestionForm, fact: Fact, shown: String) -> String {
        switch (fact.kind, form) {
        case (.definition, .termToAnswer):
            return meaning(of: fact.term, in: context(of: fact))
        case (.definition, .answerToTerm):
            return term(for: shown, in: context(of: fact), recall: true)
        case (.tableCell, .termToAnswer):
            return tableCell(place: place(of: fact), row: fact.term, column: fact.column, recall: true)
        case (.tableCell, .answerToTerm):
            return tableRow(place: place(of: fact), keyColumn: fact.keyColumn, column: fact.column, value: shown, recall: true)
        case (_, .cloze), (.keyword, _):
            return cloze(shown, in: context(of: fact), recall: true)
        default:
            return prompt(form, fact: fact, shown: shown)
        }
    }

    /// Why the answer is right: the note's own words, with where they stand.
    func explanation(for fact: Fact) -> String {
        let place = place(of: fact)
        let isTable = fact.kind == .tableCell
        switch language {
        case .english:
            return isTable ? "From the table under “\(place)”: \(fact.source)" : "From “\(place)”: \(fact.source)"
        case .korean:
            return isTable ? "“\(place)” 표: \(fact.source)" : "“\(place)” 부분: \(fact.source)"
        case .chinese:
            return isTable ? "出自“\(place)”中的表格：\(fact.source)" : "出自“\(place)”：\(fact.source)"
        case .japanese:
            return isTable ? "「\(place)」の表より：\(fact.source)" : "「\(place)」より：\(fact.source)"
        }
    }

    /// The section a fact stands in, named as a topic; the note's title for a fact above every heading, and with the
    /// title before it for a heading that names no topic of its own (`Time complexity` of what?).
    private func place(of fact: Fact) -> String {
        guard let heading = fact.heading.map(StudyText.topic(ofHeading:)) else { return title }
        return FactExtractor.isGenericHeading(heading) && heading != title ? "\(title): \(heading)" : heading
    }

    /// The section worth naming in a definition's prompt, with the note's title before it (`Redis: 时间事件`), since a
    /// card is read away from the note and a heading alone (`Explanation`) rarely says what subject it is about. Not a
    /// heading that names no topic (`Key terms`); the title alone above every heading or where the heading will not do;
    /// nothing where each would hold the term and so give it away.
    func context(of fact: Fact) -> String? {
        let usable = { (topic: String) in
            !TextNormaliser.comparable(topic).isEmpty && !FactExtractor.isGenericHeading(topic) && TermFilter.accepts(topic, maximumWords: 8)
        }
        let heading = fact.heading.map(StudyText.topic(ofHeading:)).flatMap { usable($0) ? $0 : nil }
        let subject = usable(title) ? title : nil
        var candidates = [String]()
        if let heading, let subject {
            let bareHeading = TextNormaliser.comparable(heading), bareSubject = TextNormaliser.comparable(subject)
            if !StudyText.includes(bareHeading, bareSubject), !StudyText.includes(bareSubject, bareHeading) {
                candidates.append(language.isCJK ? "\(subject)：\(heading)" : "\(subject): \(heading)")
            }
        }
        candidates += [heading, subject].compactMap { $0 }
        let names = fact.names.map(TextNormaliser.comparable).filter { !$0.isEmpty }
        return candidates.first { topic in
            let comparable = TextNormaliser.comparable(topic)
            return !names.contains { StudyText.includes(comparable, $0) }
        }
    }
}

// MARK: - Templates

// Each template writes its own quotation marks, “” or, in Japanese, 「」: quoting each name into a string of
// its own before putting it in the prompt was a good part of the cost of making every draft's prompt.

private extension QuestionWording {
    /// A fill-in-the-blank prompt, naming its section where that is a topic; `recall` asks for the word rather than
    /// a choice.
    func cloze(_ sentence: String, in context: String?, recall: Bool) -> String {
        switch (language, context) {
        case (.english, nil): "Fill in the blank: \(sentence)"
        case (.english, let context?): "In “\(context)”, fill in the blank: \(sentence)"
        case (.korean, nil): "\(recall ? "빈칸에 들어갈 말은?" : "빈칸에 들어갈 알맞은 말은?") \(sentence)"
        case (.korean, let context?): "“\(context)”에서, \(recall ? "빈칸에 들어갈 말은?" : "빈칸에 들어갈 알맞은 말은?") \(sentence)"
        case (.chinese, nil): "填空：\(sentence)"
        case (.chinese, let context?): "关于“\(context)”，填空：\(sentence)"
        case (.japanese, nil): "\(recall ? "空欄に入る語は何ですか？" : "空欄に入る語はどれですか？") \(sentence)"
        case (.japanese, let context?): "「\(context)」について、\(recall ? "空欄に入る語は何ですか？" : "空欄に入る語はどれですか？") \(sentence)"
        }
    }

    func describe(_ term: String, in context: String?) -> String {
        switch (language, context) {
        case (.english, nil): "Which of these best describes “\(term)”?"
        case (.english, let context?): "In “\(context)”, which of these best describes “\(term)”?"
        case (.korean, nil): "다음 중 “\(term)”에 대한 설명으로 옳은 것은?"
        case (.korean, let context?): "“\(context)”에서, 다음 중 “\(term)”에 대한 설명으로 옳은 것은?"
        case (.chinese, nil): "下列关于“\(term)”的描述，哪一项是正确的？"
        case (.chinese, let context?): "在“\(context)”中，下列关于“\(term)”的描述，哪一项是正确的？"
        case (.japanese, nil): "「\(term)」の説明として正しいものはどれですか？"
        case (.japanese, let context?): "「\(context)」について、「\(term)」の説明として正しいものはどれですか？"
        }
    }

    func meaning(of term: String, in context: String?) -> String {
        switch (language, context) {
        case (.english, nil): "What is meant by “\(term)”?"
        case (.english, let context?): "In “\(context)”, what is meant by “\(term)”?"
        case (.korean, nil): "“\(term)”(이)란 무엇인가?"
        case (.korean, let context?): "“\(context)”에서 “\(term)”(이)란 무엇인가?"
        case (.chinese, nil): "什么是“\(term)”？"
        case (.chinese, let context?): "在“\(context)”中，什么是“\(term)”？"
        case (.japanese, nil): "「\(term)」とは何ですか？"
        case (.japanese, let context?): "「\(context)」について、「\(term)」とは何ですか？"
        }
    }

    /// `recall` asks for the term openly: no "which of these" where no choices follow.
    func term(for description: String, in context: String?, recall: Bool) -> String {
        switch (language, context) {
        case (.english, nil): "Which term means “\(description)”?"
        case (.english, let context?): "In “\(context)”, which term means “\(description)”?"
        case (.korean, nil): "다음 설명에 해당하는 용어는? “\(description)”"
        case (.korean, let context?): "“\(context)”에서, 다음 설명에 해당하는 용어는? “\(description)”"
        case (.chinese, nil): "\(recall ? "什么术语" : "下列哪个术语")符合这一描述：“\(description)”？"
        case (.chinese, let context?): "在“\(context)”中，\(recall ? "什么术语" : "哪个术语")符合这一描述：“\(description)”？"
        case (.japanese, nil): "次の説明に当てはまる用語は\(recall ? "何" : "どれ")ですか？「\(description)」"
        case (.japanese, let context?): "「\(context)」について、次の説明に当てはまる用語は\(recall ? "何" : "どれ")ですか？「\(description)」"
        }
    }

    func attribute(_ name: String, of topic: String) -> String {
        switch language {
        case .english:
            let plain = StudyText.lowercasingPlainWord(name)
            let plural = plain.hasSuffix("s") && !plain.hasSuffix("ss") && !plain.hasSuffix("us") && !plain.hasSuffix("is")
            // `the equation for photosynthesis`, but `the purpose of mitosis`.
            let preposition = ["equation", "word equation", "symbol equation", "formula", "unit", "units", "si unit", "symbol"]
                .contains(plain.lowercased()) ? "for" : "of"
            return "What \(plural ? "are" : "is") the \(plain) \(preposition) “\(topic)”?"
        case .korean: return "“\(topic)”의 \(name)은(는) 무엇인가?"
        case .chinese: return "“\(topic)”的\(name)是什么？"
        case .japanese: return "「\(topic)」の\(name)は何ですか？"
        }
    }

    func tableCell(place: String, row: String, column: String, recall: Bool) -> String {
        switch language {
        case .english: "In the table under “\(place)”, what does the “\(column)” column say for “\(row)”?"
        case .korean: "“\(place)” 표에서 “\(row)”의 “\(column)” 값은?"
        case .chinese: "根据“\(place)”中的表格，“\(row)”的“\(column)”是什么？"
        case .japanese: "「\(place)」の表で、「\(row)」の「\(column)」は\(recall ? "何" : "どれ")ですか？"
        }
    }

    func tableRow(place: String, keyColumn: String, column: String, value: String, recall: Bool) -> String {
        switch language {
        case .english:
            let subject = keyColumn.isEmpty ? "row" : StudyText.lowercasingPlainWord(keyColumn)
            return "In the table under “\(place)”, which \(subject) has “\(value)” in the “\(column)” column?"
        case .korean: return "“\(place)” 표에서 “\(column)” 값이 “\(value)”인 것은?"
        case .chinese:
            return recall ? "根据“\(place)”中的表格，“\(column)”是“\(value)”的是什么？" : "根据“\(place)”中的表格，哪一项的“\(column)”是“\(value)”？"
        case .japanese: return "「\(place)」の表で、「\(column)」が「\(value)」なのは\(recall ? "何" : "どれ")ですか？"
        }
    }
}
