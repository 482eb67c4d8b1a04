/// The words of prompts and explanations, in the note's language.
struct QuestionWording: Sendable {
    var language: GeneratorLanguage
    /// Where a fact with no heading above it comes from: the note's title.
    var title: String

    /// The prompt asking `fact` in `form`; `shown` is the answer or sentence as the prompt shows it (term blanked).
    func prompt(_ form: QuestionForm, fact: Fact, shown: String) -> String {
        let place = fact.heading ?? title
        switch (fact.kind, form) {
        case (_, .cloze):
            return cloze(shown)
        case (.tableCell, .termToAnswer):
            return tableCell(place: place, row: fact.term, column: fact.column)
        case (.tableCell, _):
            return tableRow(place: place, keyColumn: fact.keyColumn, column: fact.column, value: shown)
        case (_, .termToAnswer):
            return describe(fact.term)
        case (.heading, .answerToTerm):
            return topic(of: shown)
        case (.definition, .answerToTerm):
            return term(for: shown)
        }
    }

    /// Why the answer is right: the note's own words, with where they stand.
    func explanation(for fact: Fact) -> String {
        let place = fact.heading ?? title
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
}

// MARK: - Templates

// Each template writes its own quotation marks, “” or, in Japanese, 「」: quoting each name into a string of
// its own before putting it in the prompt was a good part of the cost of making every draft's prompt.

private extension QuestionWording {
    func cloze(_ sentence: String) -> String {
        switch language {
        case .english: "Fill in the blank: \(sentence)"
        case .korean: "빈칸에 들어갈 알맞은 말은? \(sentence)"
        case .chinese: "填空：\(sentence)"
        case .japanese: "空欄に入る語はどれですか？ \(sentence)"
        }
    }

    func describe(_ term: String) -> String {
        switch language {
        case .english: "Which of these best describes “\(term)”?"
        case .korean: "다음 중 “\(term)”에 대한 설명으로 옳은 것은?"
        case .chinese: "下列关于“\(term)”的描述，哪一项是正确的？"
        case .japanese: "「\(term)」の説明として正しいものはどれですか？"
        }
    }

    func term(for description: String) -> String {
        switch language {
        case .english: "Which term does the note describe as “\(description)”?"
        case .korean: "다음 설명에 해당하는 용어는? “\(description)”"
        case .chinese: "下列哪个术语符合这一描述：“\(description)”？"
        case .japanese: "次の説明に当てはまる用語はどれですか？「\(description)」"
        }
    }

    func topic(of sentence: String) -> String {
        switch language {
        case .english: "Which topic does this sentence from the note describe: “\(sentence)”?"
        case .korean: "다음 설명에 해당하는 주제는? “\(sentence)”"
        case .chinese: "这句话描述的是哪个主题：“\(sentence)”？"
        case .japanese: "次の説明はどの項目についてのものですか？「\(sentence)」"
        }
    }

    func tableCell(place: String, row: String, column: String) -> String {
        switch language {
        case .english: "In the table under “\(place)”, what does the “\(column)” column say for “\(row)”?"
        case .korean: "“\(place)” 표에서 “\(row)”의 “\(column)” 값은?"
        case .chinese: "根据“\(place)”中的表格，“\(row)”的“\(column)”是什么？"
        case .japanese: "「\(place)」の表で、「\(row)」の「\(column)」はどれですか？"
        }
    }

    func tableRow(place: String, keyColumn: String, column: String, value: String) -> String {
        switch language {
        case .english:
            let subject = keyColumn.isEmpty ? "row" : StudyText.lowercasingPlainWord(keyColumn)
            return "In the table under “\(place)”, which \(subject) has “\(value)” in the “\(column)” column?"
        case .korean: return "“\(place)” 표에서 “\(column)” 값이 “\(value)”인 것은?"
        case .chinese: return "根据“\(place)”中的表格，哪一项的“\(column)”是“\(value)”？"
        case .japanese: return "「\(place)」の表で、「\(column)」が「\(value)」なのはどれですか？"
        }
    }
}
