import Foundation
import Testing
@testable import DeckBuilder

@Suite("Watching the content folder with inotify")
struct ContentWatchTests {
    @Test("a saved note wakes the watch at once; nothing saved, it waits out its time")
    func savedNote() throws {
        let folder = try TemporaryFolder(["notes/a.md": "# A\n"])
        let watch = try #require(ContentWatch(folders: [folder.url.path, folder.url.appendingPathComponent("notes").path]))
        #expect(!watch.waitForChange(seconds: 0.05))
        let clock = ContinuousClock()
        let start = clock.now
        try folder.write("# A\n\nMore.\n", to: "notes/a.md")
        #expect(watch.waitForChange(seconds: 5))
        #expect(clock.now - start < .seconds(1))
        // Every event of that save was taken with it.
        #expect(!watch.waitForChange(seconds: 0.05))
    }

    @Test("a folder made after the watch began is watched, with what was put in it before its watch")
    func newFolder() throws {
        let folder = try TemporaryFolder(["a.md": "# A\n"])
        let watch = try #require(ContentWatch(folders: [folder.url.path]))
        try folder.write("# B\n", to: "topic/deeper/b.md")
        #expect(watch.waitForChange(seconds: 5))
        _ = watch.waitForChange(seconds: 0.1)
        try folder.write("# B, edited\n", to: "topic/deeper/b.md")
        #expect(watch.waitForChange(seconds: 5), "an edit in a folder made while watching")
    }

    @Test("deckgen serve watches every folder the build reads: not the site, not hidden folders but .deckgen")
    func watchedFolders() throws {
        let folder = try TemporaryFolder(["content/a.md": "# A\n", "content/topic/b.md": "# B\n", "content/.git/HEAD": "x",
                                          "content/.deckgen/questions/a.md.md": "x"])
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        let names = InputFingerprint.folders(options).map { String($0.dropFirst(folder.url.path.count)) }.sorted()
        #expect(names == ["/content", "/content/.deckgen", "/content/.deckgen/questions", "/content/topic"])
    }
}
