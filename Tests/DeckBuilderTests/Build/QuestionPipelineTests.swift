import Foundation
import Testing
@testable import DeckBuilder

@Suite("Questions in a build")
struct QuestionPipelineTests {
    static let note = """
        ---
        title: Cells
        questions: 4
        ---
        # Cells

        - **Nucleus**: holds the cell's DNA and controls its activities.
        - **Mitochondrion**: releases energy from glucose by respiration.
        - **Ribosome**: joins amino acids into proteins.
        - **Cell membrane**: controls what enters and leaves the cell.
        - **Chloroplast**: carries out photosynthesis in plant cells.

        ```quiz
        Q: Which part of a plant cell is made of cellulose?
        - [ ] Cell membrane
        - [x] Cell wall
        - [ ] Vacuole
        > The cell wall is made of cellulose and keeps the cell's shape.
        ```
        """

    func makeFolder(_ files: [String: String]) throws -> TemporaryFolder {
        try TemporaryFolder(files.reduce(into: [:]) { $0["content/" + $1.key] = $1.value })
    }

    func builder(_ folder: TemporaryFolder) -> Builder {
        Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                      site: folder.url.appendingPathComponent("site")))
    }

    @Test("hand-written and generated questions reach the page; the quiz block leaves the note's text")
    func questionsOnPage() throws {
        let folder = try makeFolder(["cells.md": Self.note])
        let summary = builder(folder).build()
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(summary.questions == 4)
        let page = try folder.read("site/decks/cells.html")
        #expect(page.contains("Which part of a plant cell is made of cellulose?"))
        #expect(!page.contains("language-quiz"))
        #expect(page.components(separatedBy: "class=\"question\"").count - 1 == 4)
        let store = try folder.read("content/.deckgen/questions/cells.md")
        #expect(store.contains("source: cells.md"))
        #expect(store.contains("generator: offline"))
        #expect(store.components(separatedBy: "```quiz").count - 1 == 3)
    }

    @Test("a second build reuses the store; a changed note remakes it; a pinned entry is kept with a warning")
    func staleness() throws {
        let folder = try makeFolder(["cells.md": Self.note])
        #expect(builder(folder).build().succeeded)
        let first = try folder.read("content/.deckgen/questions/cells.md")
        #expect(builder(folder).check().errorCount == 0)

        try folder.write(Self.note + "\n\nOne more line.\n", to: "content/cells.md")
        let stale = builder(folder).check()
        #expect(stale.errorCount == 1)
        #expect(stale.diagnostics.first?.message.contains("stale") == true)
        #expect(try folder.read("content/.deckgen/questions/cells.md") == first)

        #expect(builder(folder).build().succeeded)
        let remade = try folder.read("content/.deckgen/questions/cells.md")
        #expect(remade != first)
        #expect(builder(folder).check().errorCount == 0)

        try folder.write(remade.replacingOccurrences(of: "pinned: false", with: "pinned: true"), to: "content/.deckgen/questions/cells.md")
        try folder.write(Self.note + "\n\nAnother line.\n", to: "content/cells.md")
        let pinned = builder(folder).build()
        #expect(pinned.succeeded)
        #expect(pinned.diagnostics.contains { $0.severity == .warning && $0.message.contains("pinned") })
        #expect(try folder.read("content/.deckgen/questions/cells.md").contains("pinned: true"))
    }

    @Test("an empty store file, what a crash can leave of one not yet on disk, is made again; check calls it missing",
          arguments: ["", "\n", "\0\0\0\0"])
    func emptyStoreFile(text: String) throws {
        let folder = try makeFolder(["cells.md": Self.note, ".deckgen/questions/cells.md": text])
        let checked = builder(folder).check()
        #expect(checked.errorCount == 1)
        #expect(checked.diagnostics.first?.message.contains("no stored questions") == true)
        let built = builder(folder).build()
        #expect(built.succeeded, "\(built.diagnostics)")
        #expect(built.questions == 4)
        #expect(try folder.read("content/.deckgen/questions/cells.md").contains("generator: offline"))
        #expect(builder(folder).check().errorCount == 0)
    }

    @Test("check fails when stored questions are missing")
    func missingStore() throws {
        let folder = try makeFolder(["cells.md": Self.note])
        let summary = builder(folder).check()
        #expect(summary.errorCount == 1)
        #expect(summary.diagnostics.first?.path == "cells.md")
        #expect(!folder.exists("content/.deckgen"))
    }

    @Test("a malformed quiz block is an error at its line in the file")
    func malformedBlock() throws {
        let note = "---\ntitle: x\n---\n\n```quiz\nQ: What?\n- [x] This\n- [] That\n```\n"
        let folder = try makeFolder(["a.md": note])
        let summary = builder(folder).build()
        #expect(!summary.succeeded)
        let error = try #require(summary.diagnostics.first { $0.severity == .error })
        #expect(error.path == "a.md")
        #expect(error.line == 8)
    }

    @Test("a hand-edited store entry that fails the validator is an error naming its line")
    func invalidStoreEdit() throws {
        let folder = try makeFolder(["cells.md": Self.note])
        #expect(builder(folder).build().succeeded)
        let path = "content/.deckgen/questions/cells.md"
        var lines = try folder.read(path).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("- [ ] ") })
        lines[index] = "- [x] " + lines[index].dropFirst(6)
        try folder.write(lines.joined(separator: "\n"), to: path)
        let summary = builder(folder).build()
        #expect(!summary.succeeded)
        #expect(summary.diagnostics.contains { $0.path == ".deckgen/questions/cells.md" && $0.line == index + 1 })
    }

    @Test("the export lists every question with its answer index, and keys spread over the positions")
    func export() throws {
        var quiz = "```quiz\n"
        for number in 0..<400 {
            quiz += "Q: Which number comes after \(number)?\n- [x] \(number + 1)\n- [ ] \(number + 2)\n- [ ] \(number + 3)\n- [ ] \(number + 5)\n\n"
        }
        let folder = try makeFolder(["numbers.md": "---\nquestions: false\n---\n" + quiz + "```\n"])
        let file = folder.url.appendingPathComponent("export.json")
        let summary = builder(folder).exportJSON(to: file)
        #expect(summary.errorCount == 0, "\(summary.diagnostics)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let decks = try #require(json["decks"] as? [[String: Any]])
        let questions = try #require(decks.first?["questions"] as? [[String: Any]])
        #expect(questions.count == 400)
        var positions = [0, 0, 0, 0]
        for question in questions {
            let answer = try #require(question["answer"] as? Int)
            let choices = try #require(question["choices"] as? [String])
            let prompt = try #require(question["question"] as? String)
            #expect(prompt.hasSuffix("comes after \(Int(choices[answer]).map { $0 - 1 } ?? -1)?"))
            positions[answer] += 1
        }
        // 400 questions over 4 places: each near 100; a fixed source position would give 400, 0, 0, 0.
        #expect(positions.allSatisfy { (70...130).contains($0) }, "\(positions)")
    }

    @Test("questions edited by hand are kept when the note changes, with a warning giving the new hash")
    func handEditsSurvive() throws {
        let folder = try makeFolder(["cells.md": Self.note])
        #expect(builder(folder).build().succeeded)
        let path = "content/.deckgen/questions/cells.md"
        let stored = try folder.read(path)
        let prompt = try #require(stored.components(separatedBy: "\n").first { $0.hasPrefix("Q: ") })
        let edited = stored.replacingOccurrences(of: prompt, with: "Q: Which part of the cell did the teacher ask about?")
        try folder.write(edited, to: path)
        try folder.write(Self.note + "\n\nA new line.\n", to: "content/cells.md")
        let summary = builder(folder).build()
        #expect(summary.succeeded)
        #expect(try folder.read(path) == edited)
        let warning = try #require(summary.diagnostics.first { $0.message.contains("edited by hand") })
        #expect(warning.message.contains("source-sha256: "))
        #expect(try folder.read("site/decks/cells.html").contains("Which part of the cell did the teacher ask about?"))
        #expect(builder(folder).check().errorCount == 0)
    }

    @Test("an export writes nothing into the content folder")
    func exportLeavesContentAlone() throws {
        let folder = try makeFolder(["cells.md": Self.note])
        let summary = builder(folder).exportJSON(to: folder.url.appendingPathComponent("out.json"))
        #expect(summary.errorCount == 0)
        #expect(summary.questions == 4)
        #expect(!folder.exists("content/.deckgen"))
    }

    @Test("asking for more questions than the note supports is a warning")
    func countNotMet() throws {
        let folder = try makeFolder(["cells.md": Self.note.replacingOccurrences(of: "questions: 4", with: "questions: 30")])
        let summary = builder(folder).build()
        #expect(summary.succeeded)
        #expect(summary.diagnostics.contains { $0.message.hasPrefix("asked for 30 questions, made ") })
    }

    @Test("a store temporary file left by a killed build is removed by the next write")
    func abandonedTemporaryFiles() throws {
        let folder = try makeFolder(["cells.md": Self.note, ".deckgen/questions/.cells.md.tmp-999999": "half written"])
        #expect(builder(folder).build().succeeded)
        #expect(!folder.exists("content/.deckgen/questions/.cells.md.tmp-999999"))
        #expect(folder.exists("content/.deckgen/questions/cells.md"))
    }
}
