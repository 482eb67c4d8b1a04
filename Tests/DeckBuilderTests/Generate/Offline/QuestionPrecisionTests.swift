import Foundation
import Testing
@testable import DeckBuilder

/// The checks a machine can make of the offline generator's questions on every real note at hand: what a teacher
/// would reject at a glance (markup, a key in its own stem, a label asked, distractors from elsewhere).
@Suite("Offline question precision on real notes")
struct QuestionPrecisionTests {
    static func questions() throws -> [(note: StudyNotes.Note, question: Question)] {
        try StudyNotes.available(count: 12).flatMap { note in
            try OfflineGenerator().questions(for: note.request).map { (note, $0) }
        }
    }

    @Test("no question, choice or answer holds Markdown, HTML or TeX")
    func noMarkup() throws {
        for (note, question) in try Self.questions() {
            // A note's file name stands for its title here (`__template__.md`); a built deck has a real title.
            for text in [question.prompt.replacingOccurrences(of: note.request.title, with: "")] + question.choices {
                #expect(!StudyText.holdsMarkup(text), "\(note.path): \(text)")
            }
        }
    }

    @Test("no stem holds its key, in any script")
    func noKeyInStem() throws {
        for (note, question) in try Self.questions() {
            let key = TextNormaliser.comparable(question.choices[question.answer])
            let isCJK = key.unicodeScalars.contains(where: QuestionValidator.isIdeographicOrKana)
            guard key.count >= (isCJK ? 2 : 4) else { continue }
            // In spaced scripts, as a word: `Poly(propene)` may be asked for its monomer, `Propene`.
            let prompt = TextNormaliser.comparable(question.prompt)
            #expect(!(isCJK ? prompt.contains(key) : " \(prompt) ".contains(" \(key) ")), "\(note.path): \(question.prompt) → \(key)")
        }
    }

    @Test("no label (Exercise 3, Summary, 練習) is asked as a concept or offered as a choice")
    func noLabels() throws {
        for (note, question) in try Self.questions() {
            for choice in question.choices {
                #expect(!TermFilter.isLabel(choice) && !TermFilter.isNumberedLabel(choice), "\(note.path): \(choice)")
            }
        }
    }

    @Test("every wrong choice is the note's own words")
    func distractorsFromTheNote() throws {
        var outside = [String]()
        var total = 0
        for (note, question) in try Self.questions() where question.kind == .choice {
            let text = TextNormaliser.comparable(note.markdown)
            for (index, choice) in question.choices.enumerated() where index != question.answer {
                total += 1
                if !text.contains(TextNormaliser.comparable(choice)) { outside.append("\(note.path): \(choice)") }
            }
        }
        #expect(total > 0)
        // A choice is cleaned (an ending dropped, bold recovered), so a few read other than the note spells them.
        #expect(outside.count * 50 <= total, "\(outside.count) of \(total): \(outside.prefix(10))")
    }

    @Test("the real notes get questions: most notes of 300 words or more get three or more")
    func coverage() throws {
        let notes = try StudyNotes.available(count: 12)
        let long = notes.filter { StudyText.wordCount($0.markdown) >= 300 }
        let covered = try long.filter { try OfflineGenerator().questions(for: $0.request).count >= 3 }
        #expect(covered.count * 10 >= long.count * 6, "\(covered.count) of \(long.count)")
    }
}
