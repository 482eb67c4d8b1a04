import Foundation
import Testing
@testable import DeckBuilder

@Suite("Question validator")
struct QuestionValidatorTests {
    let validator = QuestionValidator()

    func question(_ prompt: String = "Which organelle carries out photosynthesis?",
                  choices: [String] = ["Mitochondrion", "Chloroplast", "Ribosome", "Nucleus"], answer: Int = 1,
                  explanation: String = "", origin: QuestionOrigin = .handWritten) -> Question {
        Question(prompt: prompt, choices: choices, answer: answer, explanation: explanation, origin: origin)
    }

    func errors(in question: Question) -> [String] {
        validator.problems(in: question).filter { $0.severity == .error }.map(\.message)
    }

    @Test("accepts a good question with no problem at all")
    func goodQuestion() {
        #expect(validator.problems(in: question()).isEmpty)
        #expect(validator.isValid(question()))
    }

    @Test("a choice holding a word tesseract was unsure of on a scan is refused, the answer or a wrong choice")
    func unsureWords() {
        var rules = validator
        rules.unsureWords = ["ribos0me", "chlorop1ast"]
        let wrongChoice = rules.problems(in: question(choices: ["Mitochondrion", "Chloroplast", "Ribos0me", "Nucleus"])).map(\.message)
        #expect(wrongChoice == ["choice 3 holds \"ribos0me\", which tesseract was unsure of on the scan; expected words it read clearly"])
        #expect(!rules.isValid(question(choices: ["Mitochondrion", "The chlorop1ast", "Ribosome", "Nucleus"])))
        #expect(rules.isValid(question()))
    }

    @Test("needs exactly one correct choice", arguments: [-1, 4, 99])
    func answerOutOfRange(answer: Int) {
        let messages = errors(in: question(answer: answer))
        #expect(messages == ["no correct choice; expected exactly one choice marked `[x]`"])
    }

    @Test("needs 2 to 6 choices", arguments: [0, 1, 2, 6, 7, 10])
    func choiceCount(count: Int) {
        let choices = (0..<count).map { "Choice number \($0)" }
        let messages = errors(in: question(choices: choices, answer: 0))
        let countError = messages.contains { $0.hasPrefix("\(count) choices; expected 2 to 6") }
        #expect(countError == !(2...6).contains(count), "\(messages)")
    }

    @Test("finds repeated choices after normalising case, spacing and punctuation", arguments: [
        ["Paris", "paris"], ["New York", "new   york"], ["Paris", "Paris."], ["U.S.A.", "usa"], ["叶绿体", "叶绿体。"],
        ["東京", " 東京 "], ["서울", "서울!"],
    ])
    func duplicates(pair: [String]) {
        let messages = errors(in: question(choices: ["Berlin"] + pair, answer: 0))
        #expect(messages == ["choice 3 repeats choice 2; expected different choices"])
    }

    @Test("does not take different choices, or punctuation-only ones, for repeats")
    func notDuplicates() {
        #expect(errors(in: question(choices: ["1", "10", "100"], answer: 0)).isEmpty)
        #expect(errors(in: question(choices: ["...", "!!!", "Berlin"], answer: 2)).isEmpty)
    }

    @Test("tells apart numbers that differ only by a sign, a decimal point or a slash", arguments: [
        ["1", "-1"], ["3.5", "35"], ["1/2", "12"],
    ])
    func numbersCollapse(pair: [String]) {
        #expect(errors(in: question(choices: ["Berlin"] + pair, answer: 0)).isEmpty)
    }

    @Test("rejects catch-all choices in English, Chinese, Japanese and Korean", arguments: [
        "All of the above", "None of the above.", "ALL OF THESE", "Both A and B", "以上都是", "以上都不是。", "都对",
        "上記のすべて", "上記のいずれでもない", "該当なし", "위의 모든 것", "해당 없음", "모두 정답",
    ])
    func catchAll(choice: String) {
        let messages = errors(in: question(choices: ["Chloroplast", "Nucleus", choice], answer: 0))
        #expect(messages.count == 1)
        #expect(messages.first?.contains("is a catch-all; expected a real answer") == true, "\(messages)")
    }

    @Test("accepts choices that only mention a catch-all phrase")
    func notCatchAll() {
        #expect(errors(in: question(choices: ["Chloroplast", "All of the above answers are wrong", "Nucleus"], answer: 0)).isEmpty)
    }

    @Test("limits the prompt to 400 characters and each choice to 200, counted as characters")
    func lengthLimits() {
        #expect(errors(in: question(String(repeating: "字", count: 399) + "？")).isEmpty)
        #expect(errors(in: question(String(repeating: "a", count: 401))) == ["the question is 401 characters long; expected at most 400"])
        let longChoice = String(repeating: "é", count: 201)
        #expect(errors(in: question(choices: ["Chloroplast", longChoice], answer: 0)) == ["choice 2 is 201 characters long; expected at most 200"])
        #expect(errors(in: question(choices: ["Chloroplast", String(repeating: "é", count: 200)], answer: 0)).isEmpty)
    }

    @Test("rejects an empty prompt or an empty choice")
    func empties() {
        #expect(errors(in: question("  ")) == ["the question is empty; expected text after `Q:`"])
        #expect(errors(in: question(choices: ["Chloroplast", " "], answer: 0)) == ["choice 2 is empty; expected text after `- [ ]`"])
    }

    @Test("needs an explanation from generated origins only", arguments: [
        (QuestionOrigin.handWritten, false), (.offline, true), (.provider("openai"), true), (.provider("gemini"), true),
        // Store questions were generated and saved, so they must explain too.
        (.store, true),
    ])
    func explanationRequired(origin: QuestionOrigin, required: Bool) {
        let without = errors(in: question(explanation: " \n ", origin: origin))
        #expect(without == (required ? ["no explanation; expected `>` lines saying why the answer is right"] : []))
        #expect(errors(in: question(explanation: "Chlorophyll captures light.", origin: origin)).isEmpty)
    }

    @Test("rejects a prompt that gives its answer away, but not a short key found by chance")
    func keyInPrompt() {
        let givenAway = question("Chloroplasts: which organelle carries out photosynthesis?")
        #expect(errors(in: givenAway) == ["the question contains its answer \"Chloroplast\"; expected a question that does not give it away"])
        let cjk = question("叶绿体是哪种细胞器？", choices: ["线粒体", "叶绿体是质体", "核糖体"], answer: 1)
        #expect(errors(in: cjk).isEmpty)
        let shortKey = question("What is 2 + 2 in base 10?", choices: ["4", "10", "5"], answer: 1)
        #expect(errors(in: shortKey).isEmpty)
    }

    @Test("warns, without failing, when the key is much longer than every distractor")
    func longKey() {
        let long = question(choices: ["Mitochondrion", "The chloroplast, using chlorophyll and light", "Nucleus"], answer: 1)
        let problems = validator.problems(in: long)
        #expect(problems == [.warning("the answer is much longer than every other choice, which gives it away; expected choices of similar length")])
        #expect(validator.isValid(long))
        let shortKey = question(choices: ["Mitochondrion", "Chloroplast", "Nucleus"], answer: 1)
        #expect(validator.problems(in: shortKey).isEmpty)
    }

    @Test("reports every problem at once")
    func allAtOnce() {
        let bad = Question(prompt: String(repeating: "x", count: 401),
                           choices: ["All of the above", "Paris", "paris!", "", "a", "b", "c"], answer: 12, origin: .offline)
        let messages = errors(in: bad)
        #expect(messages.count == 7, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("the question is 401 characters long") })
        #expect(messages.contains { $0.hasPrefix("7 choices") })
        #expect(messages.contains { $0.hasPrefix("no correct choice") })
        #expect(messages.contains { $0.contains("is a catch-all") })
        #expect(messages.contains { $0.hasPrefix("choice 3 repeats choice 2") })
        #expect(messages.contains { $0.hasPrefix("choice 4 is empty") })
        #expect(messages.contains { $0.hasPrefix("no explanation") })
    }

    @Test("does not find a key inside a longer word of the prompt")
    func keyInsideWord() {
        let misfire = question("Which crop is wheat related to?", choices: ["Heat", "Barley", "Rock"], answer: 0)
        #expect(errors(in: misfire).isEmpty)
        let cjk = question("光合作用在哪里进行？", choices: ["光合作用", "呼吸作用"], answer: 0)
        #expect(errors(in: cjk).contains { $0.contains("contains its answer") })
    }

    @Test("choices differing only in width, spacing or hyphens are repeats", arguments: [
        ["Apple pie", "Applepie"], ["Apple pie", "apple-pie"], ["Ｓｋｙ blue", "sky blue"],
    ])
    func widthAndSpacing(pair: [String]) {
        #expect(errors(in: question(choices: ["Berlin"] + pair, answer: 0)).contains { $0.contains("repeats") })
    }

    @Test("a phrase is found from the start of a word as Foundation's search finds it")
    func containsFromWordStart() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab a.b-é中")
        var pairs = [("wheat", "heat"), ("heat wave", "heat"), ("chloroplasts", "chloroplast"), ("", "a"), ("a", ""), ("葉緑体", "緑")]
        for _ in 0..<3_000 {
            pairs.append((generator.text(from: alphabet, maximumLength: 14), generator.text(from: alphabet, maximumLength: 3)))
        }
        for (text, phrase) in pairs {
            let expected = phrase.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
                ? text.contains(phrase) : (" " + text).contains(" " + phrase)
            #expect(QuestionValidator.contains(text, phrase) == expected, "\(text) / \(phrase)")
        }
    }
}
