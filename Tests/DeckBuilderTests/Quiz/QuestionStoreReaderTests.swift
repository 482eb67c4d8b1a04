import Testing
@testable import DeckBuilder

@Suite("Reading the question store")
struct QuestionStoreReaderTests {
    static let header = """
        <!-- deckgen question store
        # A comment.
        source: cells.md
        source-sha256: abc
        generator: offline
        model: -
        prompt-version: offline-3
        pinned: false
        -->
        """
    static let block = "```quiz\nQ: Which organelle makes proteins?\n- [x] Ribosome\n- [ ] Nucleus\n> Ribosomes join amino acids.\n```"

    @Test("a written entry reads back as the same entry")
    func roundTrip() throws {
        let entry = QuestionStoreEntry(
            source: "biology/cells.md", sourceHash: "0123", generator: "offline", model: "-", promptVersion: "offline-2",
            pinned: true, questions: [Question(prompt: "Which organelle makes proteins?", choices: ["Ribosome", "Nucleus"],
                                               answer: 0, explanation: "Ribosomes join amino acids.\nIn the cytoplasm.", origin: .store)])
        let read = try QuestionStoreReader.read(entry.fileText).get()
        #expect(read.source == entry.source && read.pinned && read.promptVersion == "offline-2")
        #expect(read.questions.map(\.prompt) == entry.questions.map(\.prompt))
        #expect(read.questions.first?.explanation == "Ribosomes join amino acids.\nIn the cytoplasm.")
        #expect(read.questions.first?.origin == .store)
        #expect(read.fileText == entry.fileText)
    }

    @Test("blocks as printed are unedited; blocks reformatted but equal are too; a changed choice is an edit")
    func handEdits() throws {
        let entry = QuestionStoreEntry(
            source: "cells.md", sourceHash: "0123", generator: "offline", model: "-", promptVersion: "offline-4",
            questions: [Question(prompt: "Which organelle makes proteins?", choices: ["Ribosome", "Nucleus", "Vacuole"],
                                 answer: 0, explanation: "Ribosomes join amino acids.", origin: .offline),
                        Question(prompt: "Second?", choices: ["Yes", "No"], answer: 1, origin: .offline)])
        let written = entry.fileText
        let read = try QuestionStoreReader.read(written).get()
        #expect(!read.isEditedByHand && read.questions.allSatisfy { $0.origin == .offline })
        // Trailing spaces and a wider indent change the bytes but not the questions.
        let reformatted = written.replacingOccurrences(of: "- [ ] Nucleus", with: "  - [ ] Nucleus   ")
        #expect(try QuestionStoreReader.read(reformatted).get().questions.allSatisfy { $0.origin == .offline })
        let edited = written.replacingOccurrences(of: "- [ ] Nucleus", with: "- [ ] Golgi body")
        let editedEntry = try QuestionStoreReader.read(edited).get()
        #expect(editedEntry.isEditedByHand && editedEntry.questions.allSatisfy { $0.origin == .store })
    }

    @Test("each malformed store file gives one error naming its line", arguments: [
        ("source: cells.md\n", 1, "expected the header"),
        ("<!-- deckgen question store\nsource: cells.md\n", 1, "never closed"),
        (header.replacingOccurrences(of: "model: -\n", with: ""), 8, "no `model`"),
        (header.replacingOccurrences(of: "pinned: false", with: "pinned: maybe"), 9, "not true or false"),
        (header.replacingOccurrences(of: "# A comment.", with: "just words"), 2, "expected `key: value`"),
        (header + "\n\nStray text\n" + block, 11, "outside a quiz block"),
        (header + "\n\n```quiz\nQ: Open?\n- [x] Yes\n- [ ] No\n", 11, "never closed"),
        (header + "\n\n```quiz\nQ: Which?\n- [x] One\n- [] Two\n```\n", 14, "expected"),
        (header + "\n\n```quiz\nQ: Which?\n- [x] One\n- [x] Two\n```\n", 14, "[x]"),
    ])
    func malformed(text: String, line: Int, message: String) {
        switch QuestionStoreReader.read(text) {
        case .success:
            Issue.record("expected an error")
        case .failure(let list):
            #expect(list.diagnostics.count == 1, "\(list.diagnostics)")
            #expect(list.diagnostics.first?.line == line, "\(list.diagnostics)")
            #expect(list.diagnostics.first?.message.contains(message) == true, "\(list.diagnostics)")
        }
    }
}
