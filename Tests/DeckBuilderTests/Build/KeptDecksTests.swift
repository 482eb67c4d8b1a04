import Foundation
import Testing
@testable import DeckBuilder

/// What a changed build keeps rests on the files as they were when it began; a file changed since is not kept on.
@Suite("Kept decks")
struct KeptDecksTests {
    /// A built site with its records, the fingerprint a new build would begin with, and the notes as read now.
    struct Built {
        let kept: KeptDecks
        let links: LinkResolver
        let root: String
        let notes: [String: Note]
    }

    static func build() throws -> (TemporaryFolder, BuildOptions) {
        let folder = try TemporaryFolder(IncrementalBuildTests.notes)
        #expect(IncrementalBuildTests.build(folder).succeeded)
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        options.llm.offline = true
        return (folder, options)
    }

    static func begin(_ options: BuildOptions) throws -> Built {
        let inputs = try #require(InputFingerprint.inputs(options))
        let records = try #require(DeckRecords.read(site: options.site))
        let files = try ContentWalker(root: options.content).files().files
        let slugs = Slug.unique(forPaths: files.filter { $0.kind == .note }.map(\.path))
        let links = LinkResolver(files: Set(files.map(\.path)), slugs: slugs)
        var notes = [String: Note]()
        for file in files where file.kind == .note {
            notes[file.path] = NoteLoader().load(file, slug: slugs[file.path]!).note
        }
        return Built(kept: KeptDecks(records: records, inputs: inputs, site: options.site), links: links,
                     root: options.content.standardizedFileURL.path, notes: notes)
    }

    @Test("an unchanged note is kept; one saved after the build began is made again from what was read")
    func noteSavedDuringBuild() throws {
        let (folder, options) = try Self.build()
        let began = try Self.begin(options)
        let universe = began.links.universe
        #expect(began.kept.deck(for: began.notes["biology/cells.md"]!, links: began.links, universe: universe) != nil)
        // Saved after the fingerprint was taken, before the note is read.
        try folder.write("# Cells\n\nA **cell** is the unit of life.\n", to: "content/biology/cells.md")
        let read = try Self.begin(options).notes["biology/cells.md"]!
        #expect(began.kept.deck(for: read, links: began.links, universe: universe) == nil)
    }

    @Test("a kept deck's store file is recorded as the build began: changed since, or made since, it counts as changed")
    func storeRecordedAsItWas() throws {
        let (folder, options) = try Self.build()
        let began = try Self.begin(options)
        let universe = began.links.universe
        let decks = try ["biology/cells.md", "biology/leaves.md"].map { path in
            try #require(began.kept.deck(for: began.notes[path]!, links: began.links, universe: universe))
        }
        let store = QuestionStore.path(forNote: "biology/cells.md")
        let digests = began.kept.storeDigests(of: decks)
        #expect(digests[store] == began.kept.inputs.files[store])
        // The store file's digest as the build began stands for it after, whatever it holds by then.
        try folder.write("edited during the build\n", to: "content/" + store)
        let known = Dictionary(uniqueKeysWithValues: digests.map { (began.root + "/" + $0.key, $0.value) })
        let after = try #require(InputFingerprint.inputs(options, known: known))
        #expect(after.files[store] == began.kept.inputs.files[store])
        #expect(after.digest != InputFingerprint.inputs(options)?.digest, "the next build sees the edit")

        // A deck kept while its store file was missing: a store file made meanwhile is recorded as `-`.
        let leaves = QuestionStore.path(forNote: "biology/leaves.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/" + leaves))
        let withoutStore = try Self.begin(options)
        #expect(withoutStore.kept.storeDigests(of: [decks[1]])[leaves] == "-")
    }
}
