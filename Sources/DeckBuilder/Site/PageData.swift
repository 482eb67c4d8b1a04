/// The data the quiz script reads from a deck page: the questions, in the order and form the page shows them.
struct DeckPageData: Encodable {
    struct Item: Encodable {
        var id: String
        /// The texts as plain text: what speech, labels and the typed-answer check read.
        var prompt: String
        var choices: [String]
        var answer: Int
        var explanation: String
        /// `choice` or `recall`: the script shows a recall card's prompt, then its answer to self-grade.
        var kind: String
        /// The texts as the page shows them, when their Markdown makes them more than plain text.
        var html: Markup?
    }

    /// A question's texts as sanitised HTML (`QuestionMarkup`), the explanation line by line.
    struct Markup: Encodable {
        var prompt: String
        var choices: [String]
        var explanation: [String]
    }

    var deck: String
    var title: String
    var lang: String
    var questions: [Item]

    /// The questions of `deck`, under `ids` (digests worked out once per deck).
    init(_ deck: RenderedDeck, ids: [String]) {
        self.deck = deck.slug
        title = deck.title
        lang = deck.lang
        questions = zip(deck.questions, ids).map { question, id in
            let markup = QuestionMarkup(question)
            return Item(id: id, prompt: markup.prompt.plain, choices: markup.choices.map(\.plain), answer: question.answer,
                        explanation: markup.explanation.map(\.plain).joined(separator: "\n"), kind: question.kind.rawValue,
                        html: markup.isPlain ? nil : Markup(prompt: markup.prompt.html, choices: markup.choices.map(\.html),
                                                            explanation: markup.explanation.map(\.html)))
        }
    }

    /// The data as `JSONEncoder` writes it with sorted keys, written by hand (`JSONText`) for every deck page.
    var json: [UInt8] {
        var json = JSONText()
        json.object { json in
            json.field("deck") { $0.string(deck) }
            json.field("lang") { $0.string(lang) }
            json.field("questions") { json in
                json.array(questions) { json, item in
                    json.object { json in
                        json.field("answer") { $0.number(item.answer) }
                        json.field("choices") { json in json.array(item.choices) { $0.string($1) } }
                        json.field("explanation") { $0.string(item.explanation) }
                        if let html = item.html {
                            json.field("html") { json in
                                json.object { json in
                                    json.field("choices") { json in json.array(html.choices) { $0.string($1) } }
                                    json.field("explanation") { json in json.array(html.explanation) { $0.string($1) } }
                                    json.field("prompt") { $0.string(html.prompt) }
                                }
                            }
                        }
                        json.field("id") { $0.string(item.id) }
                        json.field("kind") { $0.string(item.kind) }
                        json.field("prompt") { $0.string(item.prompt) }
                    }
                }
            }
            json.field("title") { $0.string(title) }
        }
        return json.bytes
    }
}

/// The data the index's progress reads: every deck with its section and its questions' ids.
struct SiteIndexData: Encodable {
    struct Deck: Encodable {
        var deck: String
        var section: String
        var questions: [String]
    }

    var decks: [Deck]

    init(_ sections: [IndexSection]) {
        decks = sections.flatMap { section in
            section.decks.map { Deck(deck: $0.slug, section: section.title, questions: $0.questionIDs) }
        }
    }

    /// The data as `JSONEncoder` writes it with sorted keys, written by hand (`JSONText`): the index lists every
    /// deck's questions, and encoding them boxed took as long as the rest of the index page.
    var json: [UInt8] {
        var json = JSONText()
        json.object { json in
            json.field("decks") { json in
                json.array(decks) { json, deck in
                    json.object { json in
                        json.field("deck") { $0.string(deck.deck) }
                        json.field("questions") { json in json.array(deck.questions) { $0.string($1) } }
                        json.field("section") { $0.string(deck.section) }
                    }
                }
            }
        }
        return json.bytes
    }
}

/// The review page's data: every deck's questions as its own page holds them (`RenderedDeck.pageData`), with the
/// deck's section and address, for one session over what is due across the site.
enum ReviewPageData {
    static func json(_ sections: [IndexSection]) -> [UInt8] {
        var json = JSONText()
        json.object { json in
            json.field("decks") { json in
                json.array(sections.flatMap { section in section.decks.map { (section.title, $0) } }.filter { !$0.1.pageData.isEmpty }) { json, entry in
                    json.object { json in
                        json.field("data") { $0.fragment(Array(entry.1.pageData.utf8)) }
                        json.field("section") { $0.string(entry.0) }
                        json.field("url") { $0.string("decks/" + LinkResolver.encode(entry.1.slug) + ".html") }
                    }
                }
            }
        }
        return json.bytes
    }
}
