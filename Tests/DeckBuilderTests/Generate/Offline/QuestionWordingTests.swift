import Testing
@testable import DeckBuilder

/// Prompts that stand on their own: they name the note's subject with the section, and a recall card asks openly.
@Suite("Question wording")
struct QuestionWordingTests {
    func fact(_ term: String, heading: String?) -> Fact {
        Fact(kind: .definition, term: term, answer: "A description long enough", heading: heading, source: "x",
             reliability: 2, pool: "p")
    }

    @Test("a section is named with the note's subject, unless one holds the other or the term")
    func contextNamesSubject() {
        let wording = QuestionWording(language: .english, title: "Redis")
        #expect(wording.context(of: fact("Timer", heading: "Time events")) == "Redis: Time events")
        #expect(wording.context(of: fact("Timer", heading: "Redis events")) == "Redis events")
        #expect(wording.context(of: fact("Timer", heading: nil)) == "Redis")
        // A heading holding the term gives it away: the subject alone is named.
        #expect(wording.context(of: fact("Time events", heading: "Time events")) == "Redis")
        #expect(QuestionWording(language: .chinese, title: "Redis").context(of: fact("定时事件", heading: "时间事件")) == "Redis：时间事件")
    }

    @Test("a recall card asking for a term offers no choices in its wording", arguments: [
        (GeneratorLanguage.chinese, "下列", "什么术语"),
        (.japanese, "どれ", "何ですか"),
    ])
    func recallWording(language: GeneratorLanguage, choiceWord: String, openWord: String) {
        let wording = QuestionWording(language: language, title: "Note")
        let asked = fact("镜像", heading: nil)
        let recall = wording.recallPrompt(.answerToTerm, fact: asked, shown: "静态的结构")
        #expect(!recall.contains(choiceWord) && recall.contains(openWord))
        #expect(wording.prompt(.answerToTerm, fact: asked, shown: "静态的结构").contains(choiceWord == "下列" ? "哪个" : "どれ"))
    }

    @Test("a table asked as a recall card offers no choices in its wording")
    func tableRecall() {
        let cell = Fact(kind: .tableCell, term: "TE", answer: "传输编码的优先级", heading: "请求首部字段", source: "x",
                        reliability: 2, pool: "table:1:1", keyColumn: "首部字段名", column: "说明")
        let wording = QuestionWording(language: .chinese, title: "HTTP")
        #expect(!wording.recallPrompt(.answerToTerm, fact: cell, shown: "传输编码的优先级").contains("哪一项"))
        #expect(wording.prompt(.answerToTerm, fact: cell, shown: "传输编码的优先级").contains("哪一项"))
    }
}
