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
            return isTable ? "From the table under \(quoted(place)): \(fact.source)" : "From \(quoted(place)): \(fact.source)"
        case .korean:
            return isTable ? "\(quoted(place)) 표: \(fact.source)" : "\(quoted(place)) 부분: \(fact.source)"
        case .chinese:
            return isTable ? "出自\(quoted(place))中的表格：\(fact.source)" : "出自\(quoted(place))：\(fact.source)"
        case .japanese:
            return isTable ? "\(quoted(place))の表より：\(fact.source)" : "\(quoted(place))より：\(fact.source)"
        }
    }
}

// MARK: - Templates

private extension QuestionWording {
    func quoted(_ text: String) -> String {
        language == .japanese ? "「\(text)」" : "“\(text)”"
    }

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
        case .english: "Which of these best describes \(quoted(term))?"
        case .korean: "다음 중 \(quoted(term))에 대한 설명으로 옳은 것은?"
        case .chinese: "下列关于\(quoted(term))的描述，哪一项是正确的？"
        case .japanese: "\(quoted(term))の説明として正しいものはどれですか？"
        }
    }

    func term(for description: String) -> String {
        switch language {
        case .english: "Which term does the note describe as \(quoted(description))?"
        case .korean: "다음 설명에 해당하는 용어는? \(quoted(description))"
        case .chinese: "下列哪个术语符合这一描述：\(quoted(description))？"
        case .japanese: "次の説明に当てはまる用語はどれですか？\(quoted(description))"
        }
    }

    func topic(of sentence: String) -> String {
        switch language {
        case .english: "Which topic does this sentence from the note describe: \(quoted(sentence))?"
        case .korean: "다음 설명에 해당하는 주제는? \(quoted(sentence))"
        case .chinese: "这句话描述的是哪个主题：\(quoted(sentence))？"
        case .japanese: "次の説明はどの項目についてのものですか？\(quoted(sentence))"
        }
    }

    func tableCell(place: String, row: String, column: String) -> String {
        switch language {
        case .english: "In the table under \(quoted(place)), what does the \(quoted(column)) column say for \(quoted(row))?"
        case .korean: "\(quoted(place)) 표에서 \(quoted(row))의 \(quoted(column)) 값은?"
        case .chinese: "根据\(quoted(place))中的表格，\(quoted(row))的\(quoted(column))是什么？"
        case .japanese: "\(quoted(place))の表で、\(quoted(row))の\(quoted(column))はどれですか？"
        }
    }

    func tableRow(place: String, keyColumn: String, column: String, value: String) -> String {
        switch language {
        case .english:
            let subject = keyColumn.isEmpty ? "row" : StudyText.lowercasingPlainWord(keyColumn)
            return "In the table under \(quoted(place)), which \(subject) has \(quoted(value)) in the \(quoted(column)) column?"
        case .korean: return "\(quoted(place)) 표에서 \(quoted(column)) 값이 \(quoted(value))인 것은?"
        case .chinese: return "根据\(quoted(place))中的表格，哪一项的\(quoted(column))是\(quoted(value))？"
        case .japanese: return "\(quoted(place))の表で、\(quoted(column))が\(quoted(value))なのはどれですか？"
        }
    }
}
