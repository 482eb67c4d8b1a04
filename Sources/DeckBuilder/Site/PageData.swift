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
    /// The words around the quiz, in the note's language.
    var text: InterfaceText

    init(_ deck: RenderedDeck) {
        self.deck = deck.slug
        title = deck.title
        lang = deck.lang
        text = InterfaceText.forLanguage(deck.lang)
        // The ids worked out for the index, when they were: each is a digest.
        let ids = deck.listedQuestions.map { $0.map(\.id) } ?? deck.questions.map(\.id)
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
            json.field("text") { $0.fragment(InterfaceText.json(forLanguage: lang)) }
            json.field("title") { $0.string(title) }
        }
        return json.bytes
    }
}

/// The data the index's search and progress read: every deck with its tags and question texts.
struct SiteIndexData: Encodable {
    struct Deck: Encodable {
        var deck: String
        var title: String
        var url: String
        var section: String
        var tags: [String]
        var questions: [Question]
    }

    struct Question: Encodable {
        var id: String
        var prompt: String
    }

    var decks: [Deck]
    /// The index's words, in the site's language.
    var text: InterfaceText
    private let lang: String

    private enum CodingKeys: String, CodingKey {
        case decks, text
    }

    init(_ sections: [IndexSection], lang: String) {
        self.lang = lang
        text = InterfaceText.forLanguage(lang)
        decks = sections.flatMap { section in
            section.decks.map { deck in
                Deck(deck: deck.slug, title: deck.title, url: "decks/" + LinkResolver.encode(deck.slug) + ".html",
                     section: section.title, tags: deck.tags,
                     questions: deck.indexQuestions.map { Question(id: $0.id, prompt: $0.prompt) })
            }
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
                        json.field("questions") { json in
                            json.array(deck.questions) { json, question in
                                json.object { json in
                                    json.field("id") { $0.string(question.id) }
                                    json.field("prompt") { $0.string(question.prompt) }
                                }
                            }
                        }
                        json.field("section") { $0.string(deck.section) }
                        json.field("tags") { json in json.array(deck.tags) { $0.string($1) } }
                        json.field("title") { $0.string(deck.title) }
                        json.field("url") { $0.string(deck.url) }
                    }
                }
            }
            json.field("text") { $0.fragment(InterfaceText.json(forLanguage: lang)) }
        }
        return json.bytes
    }
}
