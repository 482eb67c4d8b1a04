import Foundation
import Testing
@testable import DeckBuilder

/// The offline generator over every real study note: never an invalid question, and enough questions
/// from notes rich in definitions. Set `DECKGEN_PRINT_QUESTIONS=1` to print every question for reading.
@Suite("Offline generator on real notes", SharedData.needed)
struct OfflineGeneratorRealNotesTests {
    let generator = OfflineGenerator()

    @Test("the real notes are there")
    func notesFound() throws {
        let notes = try StudyNotes.all()
        #expect(notes.count >= 30, "found only \(notes.count) notes")
    }

    @Test("no real note yields a question the validator rejects")
    func neverInvalid() throws {
        let validator = QuestionValidator()
        for note in try StudyNotes.all(count: 20) {
            for question in try generator.questions(for: note.request) {
                #expect(validator.isValid(question), "\(note.path): \(question.prompt) \(validator.problems(in: question))")
                #expect(question.answer == 0 && !question.explanation.isEmpty && question.origin == .offline)
            }
        }
    }

    @Test("a note with four or more bold-term definitions yields at least three questions")
    func richNotesYieldThree() throws {
        for note in try StudyNotes.all() where StudyNotes.boldDefinitionCount(note.markdown) >= 4 {
            let questions = try generator.questions(for: note.request)
            #expect(questions.count >= 3, "\(note.path): \(questions.count) questions from \(StudyNotes.boldDefinitionCount(note.markdown)) bold definitions")
        }
    }

    @Test("prints the questions when asked")
    func printQuestions() throws {
        guard ProcessInfo.processInfo.environment["DECKGEN_PRINT_QUESTIONS"] != nil else { return }
        var totalDropped = 0
        var meeting = 0, rich = 0
        for note in try StudyNotes.all() {
            let report = generator.report(for: note.request)
            totalDropped += report.dropped
            let bold = StudyNotes.boldDefinitionCount(note.markdown)
            if bold >= 4 {
                rich += 1
                if report.questions.count >= 3 { meeting += 1 }
            }
            print("=== \(note.path): \(report.questions.count) questions, \(bold) bold definitions, \(report.dropped) dropped")
            for question in report.questions {
                print("Q: \(question.prompt)")
                for (index, choice) in question.choices.enumerated() { print(index == question.answer ? "- [x] \(choice)" : "- [ ] \(choice)") }
                print("> \(question.explanation)\n")
            }
        }
        print("=== rich notes meeting the rule: \(meeting)/\(rich); dropped candidates: \(totalDropped)")
    }
}
