/// A note rendered to HTML, with what its page and the index show about it.
struct RenderedDeck: Sendable {
    var slug: String
    var sourcePath: String
    var title: String
    var lang: String
    var tags: [String]
    var section: String
    var order: Int?
    var html: String
    /// Content files the note links to, copied into `files/`.
    var assets: [String]
    /// The note's links and images that name content (`LinkResolver.readsContent`), as written: the page changes
    /// when what they resolve to does.
    var linkReferences: [LinkResolver.Reference] = []
    /// `LinkResolver.digest` of `linkReferences` as this build resolved them.
    var linkDigest = ""
    /// The note's structure, read by the question generators.
    var outline: NoteOutline
    /// The note's own quiz blocks, not yet parsed.
    var quizBlocks: [QuizBlockSource]
    /// The deck's questions, valid and with their choices already shuffled.
    var questions: [Question] = []
    /// True when the deck's page is kept from the last build as it is; `questions` is then empty.
    var isKept = false
    /// True when its questions stand in for a model's that failed on the note: the deck is not recorded for keeping.
    var isHeldBackByModel = false
    /// What the pages read of the deck's questions and words, worked out once per deck; for a kept deck, from the
    /// last build's record.
    var study: DeckStudy?
    /// What rendering reported about this deck (or, for a kept deck, what it reported last time).
    var renderDiagnostics: [Diagnostic] = []
    /// What the question step reported about this deck (or, for a kept page, what it reported last time).
    var questionDiagnostics: [Diagnostic] = []

    /// The questions' ids, as the index counts progress by them.
    var questionIDs: [String] {
        study?.questionIDs ?? questions.map(\.id)
    }

    var questionCount: Int {
        study?.questionIDs.count ?? questions.count
    }

    /// The questions as the deck's page and the review page read them (`DeckPageData`, safe in a script element);
    /// empty when the deck has none.
    var pageData: String {
        study?.pageData ?? (questions.isEmpty ? "" : ScriptJSON.safe(DeckPageData(self, ids: questions.map(\.id)).json))
    }
}

/// What a deck's pages, the review page and the index's search read of it, worked out once when its questions are made.
struct DeckStudy: Sendable {
    var questionIDs: [String]
    /// `DeckPageData`'s JSON, safe to place in a script element; empty without questions.
    var pageData: String
    /// `SearchWords.joined` of its title, section, tags, text, questions and their choices.
    var searchWords: String

    /// The study data of `deck`, once its questions are made.
    init(_ deck: RenderedDeck) {
        questionIDs = deck.questions.map(\.id)
        pageData = deck.questions.isEmpty ? "" : ScriptJSON.safe(DeckPageData(deck, ids: questionIDs).json)
        var texts = [deck.title, IndexSection.sectionTitle(deck.section), SearchWords.text(ofHTML: deck.html)] + deck.tags
        // Prompts and choices (the answers among them); explanations quote the note, whose words are in already.
        for question in deck.questions {
            texts.append(question.prompt)
            texts += question.choices
        }
        searchWords = SearchWords.joined(texts)
    }

    init(questionIDs: [String], pageData: String, searchWords: String) {
        self.questionIDs = questionIDs
        self.pageData = pageData
        self.searchWords = searchWords
    }
}
