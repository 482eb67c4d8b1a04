import Foundation

/// What the last build made of each deck, kept in the site folder beside the manifest: a key of everything
/// the deck was made from, what its page and the index show of it, and what rendering and the question step
/// reported. A changed build keeps an unchanged deck as it is: its note is not rendered again, its questions
/// are not read again, and its page is linked from the last site.
struct DeckRecords: SiteJSONFile, Equatable, Sendable {
    /// Where the records lie in the site folder.
    static let fileName = ".deckgen-decks.json"

    /// One deck as the last build made it.
    struct Record: Codable, Equatable, Sendable {
        var key: String
        /// The slug the page was written under.
        var slug: String
        var title: String
        var lang: String
        var tags: [String]
        var section: String
        var order: Int?
        /// Content files the note links to, copied into `files/`.
        var assets: [String]
        /// `LinkResolver.digest(of:notePath:)` of `links` when the deck was made.
        var linkDigest: String
        /// The note's links and images that name content, as written: resolved again to tell whether the page would
        /// change, when files or notes came or went.
        var links: [LinkResolver.Reference]
        /// The questions' ids, for the index's progress.
        var questions: [String]
        /// `DeckStudy.pageData`: the questions as the deck's page and the review page read them.
        var data: String
        /// `DeckStudy.searchWords`.
        var words: String
        var renderDiagnostics: [SiteManifest.StoredDiagnostic]
        var questionDiagnostics: [SiteManifest.StoredDiagnostic]
    }

    var version = DeckRecords.currentVersion
    /// By the note's path.
    var decks: [String: Record] = [:]
    /// `LinkResolver.universe` when the decks were made.
    var universe = ""

    /// The version this build writes; records of another are not read.
    static let currentVersion = 6

    /// The key of the deck made from the Markdown note at `path`: the build's settings, what its links resolve
    /// to (`links`, the digest of `LinkResolver.digest(of:notePath:)`), the note's bytes and its stored questions'
    /// bytes. Equal keys make equal decks. Nil when the note's digest is unknown.
    static func key(inputs: InputFingerprint.Inputs, links: String, path: String, slug: String) -> String? {
        guard let note = inputs.files[path] else { return nil }
        let store = inputs.files[QuestionStore.path(forNote: path)] ?? "-"
        return SHA256.hex([inputs.settings, links, note, store, path, slug].joined(separator: "\n"))
    }
}

extension DeckRecords {
    /// The records of a site about to be written, with `inputs` as they stand after its questions were made.
    /// Only decks of Markdown notes are kept (a scan's text depends on tesseract), none with an error, and none
    /// whose questions stand in for a model's that failed.
    init(_ decks: [RenderedDeck], inputs: InputFingerprint.Inputs, universe: String) {
        self.universe = universe
        for deck in decks where SourceFile.kind(ofPath: deck.sourcePath) == .note && !deck.isHeldBackByModel
            && !(deck.renderDiagnostics + deck.questionDiagnostics).contains(where: { $0.severity == .error }) {
            guard let key = Self.key(inputs: inputs, links: deck.linkDigest, path: deck.sourcePath, slug: deck.slug) else { continue }
            self.decks[deck.sourcePath] = Record(
                key: key, slug: deck.slug, title: deck.title, lang: deck.lang, tags: deck.tags, section: deck.section,
                order: deck.order, assets: deck.assets, linkDigest: deck.linkDigest, links: deck.linkReferences,
                questions: deck.questionIDs, data: deck.pageData, words: deck.study?.searchWords ?? "",
                renderDiagnostics: deck.renderDiagnostics.map(SiteManifest.StoredDiagnostic.init),
                questionDiagnostics: deck.questionDiagnostics.map(SiteManifest.StoredDiagnostic.init))
        }
    }
}

/// The decks of the last build that this build may keep as they are.
struct KeptDecks: Sendable {
    let records: DeckRecords
    /// The inputs as this build found them.
    let inputs: InputFingerprint.Inputs
    let site: URL

    /// The deck of `note` as the last build made it, when nothing it was made from has changed (its links resolve
    /// with `links` as they did) and its page is still there; its `outline` is empty, as the note is not rendered.
    /// `universe` is `links.universe`: while it is the last build's, the links are not resolved again.
    func deck(for note: Note, links: LinkResolver, universe: String) -> RenderedDeck? {
        // The note as read must be the note as fingerprinted when the build began: one saved in between is made again
        // from what was read, or its old page would be kept under its new digest.
        guard let record = records.decks[note.path], record.slug == note.slug,
              note.fileDigest != nil, note.fileDigest == inputs.files[note.path] else { return nil }
        let linkDigest = universe == records.universe ? record.linkDigest : links.digest(of: record.links, notePath: note.path)
        guard record.key == DeckRecords.key(inputs: inputs, links: linkDigest, path: note.path, slug: note.slug),
              FileManager.default.fileExists(
                  atPath: site.appending(path: Self.pagePath(note.slug), directoryHint: .notDirectory).path) else {
            return nil
        }
        var deck = RenderedDeck(slug: note.slug, sourcePath: note.path, title: record.title, lang: record.lang, tags: record.tags,
                                section: record.section, order: record.order, html: "", assets: record.assets,
                                outline: NoteOutline(), quizBlocks: [])
        deck.isKept = true
        deck.linkReferences = record.links
        deck.linkDigest = linkDigest
        deck.study = DeckStudy(questionIDs: record.questions, pageData: record.data, searchWords: record.words)
        deck.renderDiagnostics = record.renderDiagnostics.map(\.diagnostic)
        deck.questionDiagnostics = record.questionDiagnostics.map(\.diagnostic)
        return deck
    }

    /// The store files that kept `decks` were kept on, by content path, with their digests when this build began:
    /// a store file changed or made since is then recorded as it was, so the next build sees the change. A missing
    /// one is recorded as `-`, which no file's digest equals.
    func storeDigests(of decks: [RenderedDeck]) -> [String: String] {
        var digests = [String: String]()
        for deck in decks where deck.isKept {
            let path = QuestionStore.path(forNote: deck.sourcePath)
            digests[path] = inputs.files[path] ?? "-"
        }
        return digests
    }

    /// Where a deck's page lies in the site.
    static func pagePath(_ slug: String) -> String {
        "decks/\(slug).html"
    }
}

extension DeckRecords {
    /// The file as `data` writes it through `JSONEncoder` (keys in UTF-8 byte order, `<`, `>` and `&` escaped),
    /// written by hand: encoding thousands of records boxed took longer than the index page beside it.
    var json: Data {
        var json = JSONText()
        let sorted = decks.sorted { $0.key.precedesInUTF8Order($1.key) }
        json.object { json in
            json.field("decks") { json in
                json.object { json in
                    for (path, record) in sorted { json.field(path) { $0.record(record) } }
                }
            }
            json.field("universe") { $0.string(universe) }
            json.field("version") { $0.number(version) }
        }
        return ScriptJSON.safeData(json.bytes)
    }
}

private extension JSONText {
    mutating func record(_ record: DeckRecords.Record) {
        object { json in
            json.field("assets") { json in json.array(record.assets) { $0.string($1) } }
            json.field("data") { $0.string(record.data) }
            json.field("key") { $0.string(record.key) }
            json.field("lang") { $0.string(record.lang) }
            json.field("linkDigest") { $0.string(record.linkDigest) }
            json.field("links") { json in json.array(record.links) { $0.string($1.stored) } }
            if let order = record.order { json.field("order") { $0.number(order) } }
            json.field("questionDiagnostics") { json in json.array(record.questionDiagnostics) { $0.diagnostic($1) } }
            json.field("questions") { json in json.array(record.questions) { $0.string($1) } }
            json.field("renderDiagnostics") { json in json.array(record.renderDiagnostics) { $0.diagnostic($1) } }
            json.field("section") { $0.string(record.section) }
            json.field("slug") { $0.string(record.slug) }
            json.field("tags") { json in json.array(record.tags) { $0.string($1) } }
            json.field("title") { $0.string(record.title) }
            json.field("words") { $0.string(record.words) }
        }
    }
}
