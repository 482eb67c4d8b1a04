import Testing
@testable import DeckBuilder

/// A model's question must quote the note word for word, and its quote must support the key, not a wrong choice.
@Suite("Source quote")
struct SourceQuoteTests {
    let note = "# Planets\n\n**Mars** is called the *Red Planet*: iron oxide makes it red. Venus is the hottest planet, with thick clouds."
    let question = Question(prompt: "Which planet is called the Red Planet?", choices: ["Mars", "Venus", "Jupiter"], answer: 0)

    @Test("a quote of the note that names the key passes, Markdown, spacing and closing stops aside")
    func holds() {
        let check = SourceQuote(note: note)
        #expect(check.problems(quote: "Mars is called the Red Planet.", question: question).isEmpty)
        #expect(check.problems(quote: "“Mars is called the  Red Planet: iron oxide … makes it red”", question: question).isEmpty)
        #expect(check.problems(quote: "Mars is called the Red Planet ... thick clouds", question: question).isEmpty)
    }

    @Test("a quote that is not in the note is refused, even when it is true")
    func notInNote() {
        let problems = SourceQuote(note: note).problems(quote: "Mars is known as the Red Planet.", question: question)
        #expect(problems == ["\"quote\" is not in the note; expected a sentence copied word for word from the note"])
        #expect(SourceQuote(note: note).problems(quote: "", question: question).first?.hasPrefix("\"quote\" is empty") == true)
    }

    @Test("a wrong key is refused: the quote does not support it, or supports a wrong choice instead")
    func wrongKey() {
        var wrong = question
        wrong.answer = 1  // Venus marked right
        let problems = SourceQuote(note: note).problems(quote: "Mars is called the Red Planet", question: wrong)
        #expect(problems.first?.hasPrefix("the quote does not support the answer \"Venus\"") == true)
        // A key half in the quote, with a wrong choice wholly in it, is refused too.
        let halves = Question(prompt: "Which planet has thick clouds?", choices: ["Mars rover", "Venus"], answer: 0)
        let quote = "Mars is called the Red Planet: iron oxide makes it red. Venus is the hottest planet"
        #expect(SourceQuote(note: note).problems(quote: quote, question: halves).first?.contains("supports choice 2") == true)
    }

    @Test("Chinese is judged by its characters")
    func chinese() {
        let note = "火药是中国古代四大发明之一，唐代炼丹家发明了火药。"
        let question = Question(prompt: "唐代哪类人发明了火药？", choices: ["炼丹家", "农民", "商人"], answer: 0)
        #expect(SourceQuote(note: note).problems(quote: "唐代炼丹家发明了火药。", question: question).isEmpty)
        // A short clause is enough in Chinese; two characters are not.
        let short = Question(prompt: "谁发明了火药？", choices: ["炼丹家", "农民"], answer: 0)
        #expect(SourceQuote(note: note).problems(quote: "唐代炼丹家", question: short).isEmpty)
        #expect(SourceQuote(note: note).problems(quote: "火药", question: short).first?.hasPrefix("\"quote\" is empty or too short") == true)
        var wrong = question
        wrong.answer = 2
        #expect(!SourceQuote(note: note).problems(quote: "唐代炼丹家发明了火药", question: wrong).isEmpty)
    }
}
