import Foundation

/// What the last build made of each deck, kept in the site folder beside the manifest: a key of everything
/// the deck's questions and page were made from, the index's view of its questions, and what the question
/// step reported. A changed build takes an unchanged deck's page as it is, without reading its questions
/// or rendering the page again.
struct DeckRecords: Codable, Equatable, Sendable {
    /// Where the records lie in the site folder.
    static let fileName = ".deckgen-decks.json"

    /// One deck as the last build made it.
    struct Record: Codable, Equatable, Sendable {
        var key: String
        /// The slug the page was written under.
        var slug: String
        var questions: [IndexQuestion]
        var diagnostics: [SiteManifest.StoredDiagnostic]
    }

    var version = 1
    /// By the note's path.
    var decks: [String: Record] = [:]

    /// The records of the site in `site`; nil when there are none or they cannot be read.
    static func read(site: URL) -> DeckRecords? {
        guard let data = FileManager.default.contents(atPath: site.appendingPathComponent(fileName).path),
              let records = try? JSONDecoder().decode(DeckRecords.self, from: data), records.version == 1 else { return nil }
        return records
    }

    /// The records as written: keys sorted, and `<`, `>` and `&` escaped, since the file is published with the site.
    var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let json = try? encoder.encode(self) else { return Data() }
        return ScriptJSON.escaped(json)
    }

    /// The key of a deck: the build's settings, the deck as rendered, what decides its questions (the note's
    /// digest and wanted count, its stored entry's bytes), so equal keys make equal pages.
    static func key(settings: String, deck: RenderedDeck, storeDigest: String?) -> String {
        var parts = [settings, storeDigest ?? "-", deck.questionBasis, deck.slug, deck.sourcePath, deck.title, deck.lang,
                     deck.section, deck.order.map(String.init) ?? "-", deck.tags.joined(separator: "\u{1F}"), deck.html]
        for block in deck.quizBlocks { parts += [String(block.firstLine), block.text] }
        return SHA256.hex(parts.joined(separator: "\u{1E}"))
    }
}

/// A question as the index lists it, for search and progress across decks.
struct IndexQuestion: Codable, Equatable, Sendable {
    var id: String
    var prompt: String
}

extension DeckRecords {
    /// The records of a site about to be written, with `inputs` as they stand after its questions were made.
    /// A deck with an error is left out, so it is made again.
    init(_ decks: [RenderedDeck], inputs: InputFingerprint.Inputs) {
        for deck in decks where !deck.questionDiagnostics.contains(where: { $0.severity == .error }) {
            let key = Self.key(settings: inputs.settings, deck: deck, storeDigest: inputs.files[QuestionStore.path(forNote: deck.sourcePath)])
            self.decks[deck.sourcePath] = Record(key: key, slug: deck.slug, questions: deck.indexQuestions,
                                                 diagnostics: deck.questionDiagnostics.map(SiteManifest.StoredDiagnostic.init))
        }
    }
}

/// The decks of the last build that this build may keep as they are.
struct KeptDecks: Sendable {
    let records: DeckRecords
    /// The inputs as this build found them.
    let inputs: InputFingerprint.Inputs
    let site: URL

    /// The last build's record of `deck` when nothing it was made from has changed and its page is still there.
    func record(for deck: RenderedDeck) -> DeckRecords.Record? {
        guard let record = records.decks[deck.sourcePath], record.slug == deck.slug else { return nil }
        let key = DeckRecords.key(settings: inputs.settings, deck: deck, storeDigest: inputs.files[QuestionStore.path(forNote: deck.sourcePath)])
        guard record.key == key, FileManager.default.fileExists(atPath: site.appendingPathComponent(Self.pagePath(deck.slug)).path) else {
            return nil
        }
        return record
    }

    /// Where a deck's page lies in the site.
    static func pagePath(_ slug: String) -> String {
        "decks/\(slug).html"
    }
}
