import Foundation

/// Every deck's questions as JSON for other tools (the format is documented in README.md).
struct QuestionExport {
    struct File: Encodable {
        var decks: [Deck]
    }

    struct Deck: Encodable {
        var title: String
        var source: String
        var page: String
        var lang: String
        var tags: [String]
        var questions: [Item]
    }

    struct Item: Encodable {
        var id: String
        var question: String
        var choices: [String]
        /// Index into `choices`.
        var answer: Int
        var explanation: String
        var origin: String
    }

    let decks: [RenderedDeck]

    /// The JSON text: keys sorted and pretty-printed, so the same content always gives the same bytes.
    var json: Data {
        get throws {
            let file = File(decks: decks.map { deck in
                Deck(title: deck.title, source: deck.sourcePath, page: "decks/\(deck.slug).html", lang: deck.lang, tags: deck.tags,
                     questions: deck.questions.map { question in
                         Item(id: question.id, question: question.prompt, choices: question.choices, answer: question.answer,
                              explanation: question.explanation, origin: question.origin.rawValue)
                     })
            })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(file) + Data("\n".utf8)
        }
    }

    /// Writes the JSON to `file` through a temporary file and a rename.
    func write(to file: URL) throws(Diagnostic) {
        do {
            try AtomicFile.write(json, to: file)
        } catch {
            throw .error("cannot write the export (\(error.localizedDescription)); expected a writable path", path: file.path)
        }
    }
}
