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

    /// One question; a recall card has no `choices`, and its `answer` is the answer's text, not an index.
    struct Item: Encodable {
        var id: String
        var kind: Question.Kind
        var question: String
        var choices: [String]
        /// Index into `choices`; a recall card's answer is `choices[0]`.
        var answer: Int
        var explanation: String
        var origin: String

        private enum CodingKeys: String, CodingKey {
            case id, kind, question, choices, answer, explanation, origin
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind.rawValue, forKey: .kind)
            try container.encode(question, forKey: .question)
            switch kind {
            case .choice:
                try container.encode(choices, forKey: .choices)
                try container.encode(answer, forKey: .answer)
            case .recall:
                // A one-element list and an index of 0 would read as a multiple-choice question with one choice.
                try container.encode(choices.indices.contains(answer) ? choices[answer] : "", forKey: .answer)
            }
            try container.encode(explanation, forKey: .explanation)
            try container.encode(origin, forKey: .origin)
        }
    }

    let decks: [RenderedDeck]

    /// The JSON text: keys sorted and pretty-printed, so the same content always gives the same bytes.
    var json: Data {
        get throws {
            let file = File(decks: decks.map { deck in
                Deck(title: deck.title, source: deck.sourcePath, page: "decks/\(deck.slug).html", lang: deck.lang, tags: deck.tags,
                     questions: deck.questions.map { question in
                         Item(id: question.id, kind: question.kind, question: question.prompt, choices: question.choices,
                              answer: question.answer,
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
