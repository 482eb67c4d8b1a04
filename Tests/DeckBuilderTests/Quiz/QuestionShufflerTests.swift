import Testing
@testable import DeckBuilder

@Suite("Question shuffler")
struct QuestionShufflerTests {
    let photosynthesis = Question(prompt: "Which organelle carries out photosynthesis?",
                                  choices: ["Mitochondrion", "Chloroplast", "Ribosome", "Nucleus"], answer: 1,
                                  explanation: "Chlorophyll.", origin: .offline, line: 9)

    @Test("gives the same order every time, on every machine")
    func stable() {
        let shuffled = QuestionShuffler.shuffled(photosynthesis)
        // Pinned: a change here means every published deck reorders its choices.
        #expect(shuffled.choices == Self.pinnedChoices)
        #expect(shuffled.correctChoice == "Chloroplast")
        #expect(QuestionShuffler.shuffled(photosynthesis) == shuffled)
    }

    static let pinnedChoices = ["Ribosome", "Nucleus", "Mitochondrion", "Chloroplast"]

    @Test("keeps everything but the order, and the answer follows the correct choice")
    func answerFollows() {
        var samples = QuestionSamples(seed: 10)
        for _ in 0..<500 {
            let question = samples.canonicalQuestion()
            let shuffled = QuestionShuffler.shuffled(question)
            #expect(shuffled.correctChoice == question.correctChoice)
            #expect(shuffled.choices.sorted() == question.choices.sorted())
            #expect(shuffled.prompt == question.prompt)
            #expect(shuffled.explanation == question.explanation)
            #expect(shuffled.origin == question.origin)
            #expect(shuffled.line == question.line)
        }
        let shuffled = QuestionShuffler.shuffled(photosynthesis)
        #expect(shuffled.origin == .offline && shuffled.line == 9 && shuffled.explanation == "Chlorophyll.")
    }

    @Test("gives the same result whatever order the choices come in")
    func orderIndependent() {
        let expected = QuestionShuffler.shuffled(photosynthesis)
        for permutation in permutations(of: Array(photosynthesis.choices.indices)) {
            var question = photosynthesis
            question.choices = permutation.map { photosynthesis.choices[$0] }
            question.answer = permutation.firstIndex(of: photosynthesis.answer) ?? -1
            let shuffled = QuestionShuffler.shuffled(question)
            #expect(shuffled.choices == expected.choices)
            #expect(shuffled.answer == expected.answer)
        }
    }

    @Test("ignores case, spacing and punctuation differences when seeding")
    func normalisedSeed() {
        var variant = photosynthesis
        variant.prompt = "which organelle carries out   photosynthesis"
        variant.choices = ["NUCLEUS", "ribosome.", "Chloroplast", " Mitochondrion"]
        variant.answer = 2
        let expected = QuestionShuffler.shuffled(photosynthesis).choices.map(TextNormaliser.comparable)
        #expect(QuestionShuffler.shuffled(variant).choices.map(TextNormaliser.comparable) == expected)
        #expect(QuestionShuffler.shuffled(variant).correctChoice == "Chloroplast")
    }

    @Test("leaves an answer outside the choices outside them")
    func invalidAnswer() {
        var question = photosynthesis
        question.answer = 9
        #expect(QuestionShuffler.shuffled(question).answer == 9)
    }

    @Test("spreads the key evenly over the positions", arguments: [
        (choices: 4, questions: 6_000, tolerance: 0.10, critical: 16.27),
        (choices: 2, questions: 3_000, tolerance: 0.10, critical: 10.83),
        (choices: 3, questions: 3_000, tolerance: 0.12, critical: 13.82),
        (choices: 5, questions: 3_000, tolerance: 0.15, critical: 18.47),
        (choices: 6, questions: 3_000, tolerance: 0.15, critical: 20.52),
    ])
    func evenSpread(choices: Int, questions: Int, tolerance: Double, critical: Double) {
        var samples = QuestionSamples(seed: UInt64(100 + choices))
        var counts = [Int](repeating: 0, count: choices)
        for index in 0..<questions {
            var question = samples.canonicalQuestion(choiceCount: choices)
            // Every source puts the key first, the worst habit a writer could have.
            question.prompt = "\(index). " + question.prompt
            question.choices = question.choices.enumerated().map { "\($0.element) #\($0.offset)" }
            question.choices.swapAt(0, question.answer)
            question.answer = 0
            counts[QuestionShuffler.shuffled(question).answer] += 1
        }
        let expected = Double(questions) / Double(choices)
        let chiSquare = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        print("QuestionShuffler: \(choices) choices, key positions \(counts), chi-square \(chiSquare) (df \(choices - 1), p=0.001 critical \(critical))")
        for count in counts {
            #expect(abs(Double(count) - expected) <= tolerance * expected, "\(counts)")
        }
        // Deterministic data, so this is a fixed check, not a flaky one: the 0.1% critical value is a sanity bound.
        #expect(chiSquare < critical)
    }

    private func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(of: rest).map { [first] + $0 }
        }
    }
}

@Suite("Question ids")
struct QuestionIdentityTests {
    @Test("ids follow the text, not the choice order, and tell apart answers that differ only in punctuation")
    func ids() {
        let first = Question(prompt: "Search?", choices: ["O(1)*", "O(n)", "O(log n)"], answer: 0)
        let reordered = Question(prompt: "Search?", choices: ["O(log n)", "O(1)*", "O(n)"], answer: 1)
        let other = Question(prompt: "Search?", choices: ["O(1)", "O(n)", "O(log n)"], answer: 1)
        #expect(first.id == reordered.id)
        #expect(first.id != other.id)
        #expect(first.id.count == 12)
    }
}
