/// Fills the page templates: a deck page per note, the index, all inside the base layout.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    let settings: SiteSettings
    /// The stylesheet and the quiz script inlined into every page; the CSP allows exactly these by hash.
    let style: String
    let script: String
    let contentSecurityPolicy: String

    init(templates: TemplateSet, settings: SiteSettings) {
        self.templates = templates
        self.settings = settings
        let style = templates.files["style.css"] ?? ""
        let script = templates.files["quiz.js"] ?? ""
        self.style = templates.overridden.contains("style.css") ? style : AssetCompactor.stylesheet(style)
        self.script = templates.overridden.contains("quiz.js") ? script : AssetCompactor.script(script)
        contentSecurityPolicy = ContentSecurityPolicy(styles: [self.style], scripts: [self.script]).headerValue
    }

    /// The page for one rendered note.
    func deckPage(_ deck: RenderedDeck) -> String {
        let context: TemplateValue = [
            "title": .string(deck.title),
            "lang": .string(deck.lang),
            "section": .string(IndexSection.sectionTitle(deck.section)),
            "tags": .list(deck.tags.map { .string($0) }),
            "hasTags": .bool(!deck.tags.isEmpty),
            "html": .string(deck.html),
            "sourcePath": .string(deck.sourcePath),
            "hasQuestions": .bool(!deck.questions.isEmpty),
            "deckData": .string(deck.pageData),
            "ui": Self.words(InterfaceText.forLanguage(deck.lang)),
            "questions": .list(deck.questions.map(Self.templateValue)),
        ]
        return layout(title: deck.title, lang: deck.lang, root: "../", body: templates.render("deck", context))
    }

    /// The review page: one session over the cards due across every deck, or one section (`#section=` in its address).
    func reviewPage(_ sections: [IndexSection]) -> String {
        let text = InterfaceText.forLanguage(settings.lang)
        let context: TemplateValue = [
            "siteTitle": .string(settings.title),
            "reviewData": .string(ScriptJSON.safe(ReviewPageData.json(sections))),
            "ui": Self.words(text),
        ]
        return layout(title: text.review, lang: settings.lang, root: "", body: templates.render("review", context))
    }

    /// The index of every deck, grouped into sections by folder.
    func indexPage(_ sections: [IndexSection], reports: [CollectedReport] = []) -> String {
        let deckCount = sections.reduce(0) { $0 + $1.decks.count }
        let context: TemplateValue = [
            "reports": .list(reports.map(Self.indexEntry)),
            "hasReports": .bool(!reports.isEmpty),
            "siteTitle": .string(settings.title),
            "deckCount": .number(Double(deckCount)),
            "oneDeck": .bool(deckCount == 1),
            "sections": .list(sections.map(\.templateValue)),
            "indexData": .string(ScriptJSON.safe(SiteIndexData(sections).json)),
            "searchData": .string(ScriptJSON.safe(SearchIndex.json(sections.flatMap { $0.decks.map { $0.study?.searchWords ?? "" } }))),
            "hasQuestions": .bool(sections.contains { $0.decks.contains { $0.questionCount > 0 } }),
            "ui": Self.words(InterfaceText.forLanguage(settings.lang)),
        ]
        return layout(title: settings.title, lang: settings.lang, root: "", body: templates.render("index", context))
    }

    /// A diary's report page, on its own (no site script, only its stylesheet) but linking back to the index.
    func reportPage(_ report: CollectedReport) -> String {
        DiaryReportPage(report: report.report, name: settings.diary.name, redactNotes: false)
            .html(templates: templates, site: DiaryReportPage.SiteLink(root: "../", title: settings.title))
    }

    /// A report as the index lists it.
    static func indexEntry(_ report: CollectedReport) -> TemplateValue {
        [
            "title": .string(report.title),
            "url": .string("reports/" + LinkResolver.encode(report.slug) + ".html"),
            "period": .string(report.report.period.map { "\($0.lowerBound) to \($0.upperBound)" } ?? ""),
            "attacks": .number(Double(report.report.overall.attacks)),
            "sourcePath": .string(report.sourcePath),
        ]
    }

    /// The words templates show without the script, as `{{ui.name}}`.
    static func words(_ text: InterfaceText) -> TemplateValue {
        [
            "questions": .string(text.questions), "showAnswer": .string(text.showAnswer), "answerKey": .string(text.answerKey),
            "allDecks": .string(text.allDecks), "from": .string(text.from), "searchLabel": .string(text.searchLabel),
            "searchPlaceholder": .string(text.searchPlaceholder), "exportProgress": .string(text.exportProgress),
            "importProgress": .string(text.importProgress), "review": .string(text.review),
        ]
    }

    /// A question as the deck template reads it: choices lettered A, B, C… in their shuffled order; a recall card
    /// has no choices to list and no letter, only its answer.
    static func templateValue(_ question: Question) -> TemplateValue {
        let letters = Array("ABCDEF")
        let isRecall = question.kind == .recall
        let markup = QuestionMarkup(question)
        // Each text twice: plain for `{{prompt}}`, and rendered Markdown, already escaped and sanitised, for `{{{promptHTML}}}`.
        return [
            "prompt": .string(markup.prompt.plain),
            "promptHTML": .string(markup.prompt.html),
            "isRecall": .bool(isRecall),
            "choices": .list(isRecall ? [] : markup.choices.map { .string($0.plain) }),
            "choicesHTML": .list(isRecall ? [] : markup.choices.map { .string($0.html) }),
            "answerLetter": .string(!isRecall && question.choices.indices.contains(question.answer) && question.answer < letters.count
                                    ? String(letters[question.answer]) : ""),
            "answerText": .string(markup.correctChoice(of: question)?.plain ?? ""),
            "answerHTML": .string(markup.correctChoice(of: question)?.html ?? ""),
            "explanation": .list(markup.explanation.map { .string($0.plain) }),
            "explanationHTML": .list(markup.explanation.map { .string($0.html) }),
            "origin": .string(question.origin.rawValue),
        ]
    }

    /// The explanation's lines, as splitting its Characters at `\n` gives them (empty ones left out), cut on bytes.
    static func explanationLines(_ explanation: String) -> [String] {
        TextLines.lineFeeds(explanation).filter { !$0.isEmpty }.map(String.init)
    }

    private func layout(title: String, lang: String, root: String, body: String) -> String {
        templates.enforcing(contentSecurityPolicy, on: templates.render("base", [
            "title": .string(title),
            "siteTitle": .string(settings.title),
            "siteID": .string(settings.siteID),
            "isIndex": .bool(root.isEmpty),
            "lang": .string(lang),
            "root": .string(root),
            "csp": .string(contentSecurityPolicy),
            "style": .string(style),
            "script": .string(script),
            "content": .string(body),
            "pageText": .string(ScriptJSON.safe(InterfaceText.json(forLanguage: lang))),
        ]))
    }
}

/// One section of the index: the notes of one folder.
struct IndexSection: Sendable {
    var title: String
    var decks: [RenderedDeck]

    var templateValue: TemplateValue {
        [
            "title": .string(title),
            "reviewURL": .string("review.html#section=" + LinkResolver.encode(title)),
            "decks": .list(decks.map { deck in
                [
                    "slug": .string(deck.slug),
                    "questionCount": .number(Double(deck.questionCount)),
                    "title": .string(deck.title),
                    "url": .string("decks/" + LinkResolver.encode(deck.slug) + ".html"),
                    "tags": .list(deck.tags.map { .string($0) }),
                    "hasTags": .bool(!deck.tags.isEmpty),
                ]
            }),
        ]
    }
}
