import Foundation
import Testing
@testable import DeckBuilder

@Suite("Writing the site")
struct SiteWriterTests {
    @Test("a committed site replaces the previous one whole")
    func replaces() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("site")
        let first = try SiteWriter(site: site)
        try first.write("one", to: "old.html")
        try first.commit()
        let second = try SiteWriter(site: site)
        try second.write("two", to: "index.html")
        try second.commit()
        #expect(folder.listing("site") == [SiteWriter.markerName, "index.html"])
        #expect(folder.listing("").allSatisfy { $0.hasPrefix("site/") })
    }

    @Test("a discarded build leaves the previous site untouched")
    func discards() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("site")
        let first = try SiteWriter(site: site)
        try first.write("one", to: "index.html")
        try first.commit()
        let second = try SiteWriter(site: site)
        try second.write("two", to: "index.html")
        second.discard()
        #expect(try folder.read("site/index.html") == "one")
        #expect(folder.listing("").count == 2)
    }

    @Test("a folder deckgen did not write is never replaced")
    func refusesForeignFolder() throws {
        let folder = try TemporaryFolder(["Documents/thesis.tex": "precious"])
        #expect(throws: Diagnostic.self) { try SiteWriter(site: folder.url.appendingPathComponent("Documents")) }
        #expect(try folder.read("Documents/thesis.tex") == "precious")
    }

    @Test("staging left by a killed build is cleaned up")
    func cleansAbandonedStaging() throws {
        let folder = try TemporaryFolder([".site.deckgen-999999/index.html": "half"])
        let writer = try SiteWriter(site: folder.url.appendingPathComponent("site"))
        try writer.commit()
        #expect(!folder.exists(".site.deckgen-999999"))
    }
}
