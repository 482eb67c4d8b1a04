import Foundation
import Testing
@testable import DeckBuilder

@Suite("What serve keeps from one build for the next")
struct BuildMemoryTests {
    @Test("a file written just before the build that hashed it is hashed again: a second write in the same tick would not show")
    func racyFiles() throws {
        let folder = try TemporaryFolder(["fresh.md": "# Fresh\n"])
        let path = folder.url.appendingPathComponent("fresh.md").path
        let memory = BuildMemory()
        #expect(memory.unchangedDigests().isEmpty)
        memory.remember(digests: [path: "d-fresh"], buildStart: Date())
        #expect(memory.unchangedDigests().isEmpty)
    }

    @Test("a digest of a file untouched since well before the build is trusted until the file changes")
    func trustedUntilChanged() throws {
        let folder = try TemporaryFolder(["a.md": "# A\n"])
        let path = folder.url.appendingPathComponent("a.md").path
        let memory = BuildMemory()
        // The build that hashed it began well after the file was last written.
        memory.remember(digests: [path: "d-a"], buildStart: Date().addingTimeInterval(BuildMemory.racyWindow + 1))
        #expect(memory.unchangedDigests() == [path: "d-a"])
        try folder.write("# A, edited\n", to: "a.md")
        #expect(memory.unchangedDigests().isEmpty)
    }

    @Test("the deck records are used while the site's records file is the one written with them")
    func records() throws {
        let folder = try TemporaryFolder(["site/\(DeckRecords.fileName)": "{}"])
        let site = folder.url.appendingPathComponent("site")
        let memory = BuildMemory()
        var written = DeckRecords()
        written.universe = "u1"
        memory.willWrite(written)
        #expect(memory.records(site: site) == nil, "not before the site is in place")
        memory.siteWritten(site: site)
        #expect(memory.records(site: site) == written)
        try folder.write("{\"version\": 6}", to: "site/\(DeckRecords.fileName)")
        #expect(memory.records(site: site) == nil)
    }
}
