import Foundation
import Testing
@testable import DeckBuilder

/// The fingerprint a build records: digests of the files it read or wrote are taken as they were, not read again.
@Suite("Input fingerprint")
struct InputFingerprintTests {
    static func options(_ folder: TemporaryFolder) -> BuildOptions {
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        options.llm.offline = true
        return options
    }

    @Test("a clean build records what a fresh fingerprint of its content gives, store files included")
    func recordedEqualsFresh() throws {
        let folder = try TemporaryFolder(IncrementalBuildTests.notes.merging(["content/deckgen.yml": "title: Fingerprint\n"]) { $1 })
        let options = Self.options(folder)
        let summary = Builder(options: options).build()
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let fresh = try #require(InputFingerprint.inputs(options))
        #expect(fresh.files.keys.contains { $0.hasPrefix(".deckgen/questions/") }, "the build wrote the store")
        #expect(SiteManifest.read(site: options.site)?.inputs == fresh.digest)
    }

    @Test("a known digest stands in for the file's bytes, so a note changed after it was read counts as changed")
    func knownDigestsAreTaken() throws {
        let folder = try TemporaryFolder(IncrementalBuildTests.notes)
        let options = Self.options(folder)
        let path = options.content.standardizedFileURL.path + "/biology/cells.md"
        let fresh = try #require(InputFingerprint.inputs(options))
        let known = try #require(InputFingerprint.inputs(options, known: [path: "digest-as-read"]))
        #expect(known.files["biology/cells.md"] == "digest-as-read")
        #expect(known.files["biology/leaves.md"] == fresh.files["biology/leaves.md"])
        #expect(known.digest != fresh.digest)
        let same = try #require(InputFingerprint.inputs(options, known: [path: fresh.files["biology/cells.md"]!]))
        #expect(same.digest == fresh.digest)
    }

    @Test("a store file of a note counts by size and time too, so serve sees a question edited by hand; one of no note does not")
    func storeLinesBySizeAndTime() {
        let store = QuestionStore.path(forNote: "biology/cell.md")
        let lines = ["biology/cell.md 120 1700000000.5", "\(store) 300 1700000001.25", ".deckgen/questions/gone.md.md 40 1700000002.0"]
        #expect(InputFingerprint.readByBuild(lines, hashed: false) == Array(lines.prefix(2)))
        let hashed = ["biology/cell.md abc", "\(store) def", ".deckgen/questions/gone.md.md 123"]
        #expect(InputFingerprint.readByBuild(hashed, hashed: true) == Array(hashed.prefix(2)))
    }
}
