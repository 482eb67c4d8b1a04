import Foundation
import Testing
@testable import DeckBuilder

@Suite("JSON export")
struct QuestionExportTests {
    static let note = """
        ---
        title: Cells
        questions: false
        ---
        # Cells

        ```quiz
        Q: Which organelle makes proteins?
        - [ ] Nucleus
        - [x] Ribosome
        - [ ] Vacuole
        > Ribosomes join amino acids into proteins.

        Q: What does RuBisCO fix in the Calvin cycle?
        A: Carbon dioxide
        > It fixes CO2 into sugar.

        Q: The ____ holds the cell's DNA.
        A: nucleus
        ```
        """

    /// The exported questions of the one deck, as `JSONSerialization` reads them.
    func exported() throws -> [[String: Any]] {
        let folder = try TemporaryFolder(["content/cells.md": Self.note])
        let file = folder.url.appendingPathComponent("export.json")
        let summary = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    site: folder.url.appendingPathComponent("site"))).exportJSON(to: file)
        #expect(summary.errorCount == 0, "\(summary.diagnostics)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let decks = try #require(json["decks"] as? [[String: Any]])
        return try #require(decks.first?["questions"] as? [[String: Any]])
    }

    @Test("a multiple-choice question keeps its fields and gains kind: choice")
    func choice() throws {
        let question = try #require(try exported().first { $0["question"] as? String == "Which organelle makes proteins?" })
        #expect(Set(question.keys) == ["answer", "choices", "explanation", "id", "kind", "origin", "question"])
        #expect(question["kind"] as? String == "choice")
        let choices = try #require(question["choices"] as? [String])
        let answer = try #require(question["answer"] as? Int)
        #expect(choices.count == 3 && choices[answer] == "Ribosome")
        #expect(question["origin"] as? String == "hand-written")
    }

    @Test("a recall card is kind: recall with its answer's text and no choices, a cloze card too")
    func recall() throws {
        let questions = try exported()
        #expect(questions.count == 3)
        let recall = try #require(questions.first { $0["question"] as? String == "What does RuBisCO fix in the Calvin cycle?" })
        #expect(Set(recall.keys) == ["answer", "explanation", "id", "kind", "origin", "question"])
        #expect(recall["kind"] as? String == "recall")
        #expect(recall["answer"] as? String == "Carbon dioxide")
        #expect(recall["explanation"] as? String == "It fixes CO2 into sugar.")
        let cloze = try #require(questions.first { $0["question"] as? String == "The ____ holds the cell's DNA." })
        #expect(cloze["kind"] as? String == "recall" && cloze["answer"] as? String == "nucleus")
    }

    @Test("the keys come out sorted, kind between id and origin")
    func keyOrder() throws {
        let item = QuestionExport.Item(id: "i", kind: .recall, question: "q", choices: ["a"], answer: 0, explanation: "", origin: "o")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(item), as: UTF8.self)
                == #"{"answer":"a","explanation":"","id":"i","kind":"recall","origin":"o","question":"q"}"#)
    }
}
