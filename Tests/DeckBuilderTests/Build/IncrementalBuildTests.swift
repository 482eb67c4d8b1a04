import Foundation
import Testing
@testable import DeckBuilder

/// The manifest: a rebuild with nothing changed touches no page; a change rewrites only the pages it changes,
/// and the result is byte for byte a clean build's.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    static let notes = [
        "content/biology/cells.md": "# Cells\n\nA **cell** is the smallest unit of life. The **nucleus** holds the DNA.\n",
        "content/biology/leaves.md": "# Leaves\n\n**Chlorophyll** is the green pigment. **Stomata** are pores in the leaf.\n",
        "content/physics/motion.md": "# Motion\n\n**Velocity** is speed in a direction. **Acceleration** is change of velocity.\n",
    ]

    static func build(_ folder: TemporaryFolder, into site: String = "site", environment: [String: String] = [:]) -> BuildSummary {
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"),
                                   site: folder.url.appendingPathComponent(site), environment: environment)
        options.llm.offline = true
        return Builder(options: options).build()
    }

    /// Every file of the site with its inode and modification time.
    static func stamps(_ folder: TemporaryFolder, site: String = "site") throws -> [String: String] {
        var result = [String: String]()
        let root = folder.url.appendingPathComponent(site)
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            var info = stat()
            guard stat(root.appendingPathComponent(path).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            result[path] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return result
    }

    /// Builds `folder` afresh into `clean` and expects the site to hold the same files, byte for byte, but for the
    /// manifest (which records the site's own pages).
    static func expectSameAsClean(_ folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(build(folder, into: "clean").succeeded, sourceLocation: sourceLocation)
        #expect(try contents(folder, site: "site").filter { $0.key != SiteManifest.fileName }
                == contents(folder, site: "clean").filter { $0.key != SiteManifest.fileName }, sourceLocation: sourceLocation)
    }

    /// Every file of the site with its bytes.
    static func contents(_ folder: TemporaryFolder, site: String) throws -> [String: Data] {
        let root = folder.url.appendingPathComponent(site)
        var result = [String: Data]()
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            result[path] = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        }
        return result
    }

    @Test("a rebuild with nothing changed touches no page and reports the same site and warnings")
    func noOpRebuild() throws {
        let folder = try TemporaryFolder(Self.notes.merging(["content/physics/links.md": "# Links\n\nSee [gone](gone.md).\n"]) { $1 })
        let first = Self.build(folder)
        #expect(first.succeeded, "\(first.diagnostics)")
        let before = try Self.stamps(folder)
        Thread.sleep(forTimeInterval: 0.02)
        let second = Self.build(folder)
        #expect(second.succeeded && second.upToDate)
        #expect(second.pages == first.pages && second.questions == first.questions)
        #expect(second.diagnostics == first.diagnostics, "the broken link is reported again")
        #expect(try Self.stamps(folder) == before)
    }

    @Test("a rebuild with nothing changed still deletes the staging folder a killed build left")
    func noOpRemovesAbandonedStaging() throws {
        let folder = try TemporaryFolder(Self.notes)
        #expect(Self.build(folder).succeeded)
        // The id of a process that has ended, as a build killed while it deleted the previous site leaves it.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = ".site.deckgen-\(ended.processIdentifier)"
        try folder.write("old page\n", to: abandoned + "/decks/old.html")
        let rebuild = Self.build(folder)
        #expect(rebuild.succeeded && rebuild.upToDate)
        #expect(!folder.exists(abandoned))
    }

    @Test("one note changed rewrites its page and the index only, and equals a clean build byte for byte")
    func oneNoteChanged() throws {
        let folder = try TemporaryFolder(Self.notes)
        #expect(Self.build(folder).succeeded)
        let before = try Self.stamps(folder)
        try folder.write("# Cells and tissues\n\nA **cell** is the smallest unit of life. A **tissue** is a group of cells.\n",
                         to: "content/biology/cells.md")
        let rebuild = Self.build(folder)
        #expect(rebuild.succeeded && !rebuild.upToDate)
        #expect(rebuild.pagesWritten == 3, "the note's page, the index (its title and words for it changed) and the review page")
        let after = try Self.stamps(folder)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == ["decks/biology-cells.html", "index.html", "review.html", SiteManifest.fileName, DeckRecords.fileName])

        #expect(Self.build(folder, into: "clean").succeeded)
        #expect(try Self.contents(folder, site: "site") == Self.contents(folder, site: "clean"))
    }

    @Test("a note made again beside kept decks gets the questions a clean build gives it: only its own words count")
    func keptNeighboursChangeNothing() throws {
        // The changed note has one other term of its own, too few wrong answers: it gets recall cards, never a
        // neighbour's terms as distractors, whether or not the neighbours' decks are kept.
        let changed = "# Cells and tissues\n\nA **cell** is the smallest unit of life. A **tissue** is a group of cells.\n"
        let folder = try TemporaryFolder(Self.notes)
        #expect(Self.build(folder).succeeded)
        try folder.write(changed, to: "content/biology/cells.md")
        #expect(Self.build(folder).succeeded)

        var fresh = Self.notes
        fresh["content/biology/cells.md"] = changed
        let scratch = try TemporaryFolder(fresh)
        #expect(Self.build(scratch).succeeded)
        let store = "content/" + QuestionStore.path(forNote: "biology/cells.md")
        let made = try folder.read(store)
        #expect(!made.lowercased().contains("chlorophyll") && !made.lowercased().contains("stomata"), "no neighbour’s terms among the choices")
        #expect(made.contains("A: "), "the note's two definitions become recall cards")
        #expect(made == (try scratch.read(store)))
    }

    @Test("a changed build keeps an unchanged deck: its note is not rendered, its questions not read, its page linked")
    func unchangedDeckKept() throws {
        let folder = try TemporaryFolder(Self.notes)
        #expect(Self.build(folder).succeeded)
        // A mark put into the record, not the store: it reaches the index only if the record, not the store, is read.
        let recordsPath = "site/" + DeckRecords.fileName
        var records = try JSONDecoder().decode(DeckRecords.self, from: Data(try folder.read(recordsPath).utf8))
        let kept = try #require(records.decks["biology/leaves.md"])
        try #require(!kept.questions.isEmpty)
        records.decks["biology/leaves.md"]?.words = "markedintherecord"
        records.decks["biology/leaves.md"]?.title = "Title marked in the record"
        try folder.write(String(decoding: records.data, as: UTF8.self), to: recordsPath)
        let before = try Self.stamps(folder)

        try folder.write("# Motion\n\n**Velocity** is speed in a direction. **Momentum** is mass times velocity.\n", to: "content/physics/motion.md")
        let rebuild = Self.build(folder)
        #expect(rebuild.succeeded && rebuild.questions == Self.build(folder, into: "clean").questions)
        let index = try folder.read("site/index.html")
        #expect(index.contains("markedintherecord") && index.contains("Title marked in the record"))
        #expect(try Self.stamps(folder)["decks/biology-leaves.html"] == before["decks/biology-leaves.html"])
    }

    @Test("adding a note keeps the decks whose links resolve as before, makes again those linking to it, and equals a clean build")
    func noteAdded() throws {
        let folder = try TemporaryFolder(Self.notes.merging([
            "content/physics/links.md": "# Links\n\nSee [roots](../biology/roots.md) and [motion](motion.md).\n",
        ]) { $1 })
        let first = Self.build(folder)
        #expect(first.succeeded && first.warningCount == 1, "the link to roots names no file yet: \(first.diagnostics)")
        // Marks put into the records: the index shows a deck's mark only if its record, not its note, was used.
        let recordsPath = "site/" + DeckRecords.fileName
        var records = try JSONDecoder().decode(DeckRecords.self, from: Data(try folder.read(recordsPath).utf8))
        records.decks["biology/leaves.md"]?.title = "Leaves as recorded"
        records.decks["physics/links.md"]?.title = "Links as recorded"
        try folder.write(String(decoding: records.data, as: UTF8.self), to: recordsPath)

        try folder.write("# Roots\n\n**Root hairs** take up water from the soil.\n", to: "content/biology/roots.md")
        let rebuild = Self.build(folder)
        #expect(rebuild.succeeded && rebuild.warningCount == 0, "\(rebuild.diagnostics)")
        let index = try folder.read("site/index.html")
        #expect(index.contains("Leaves as recorded"), "a deck whose links did not change is kept")
        #expect(!index.contains("Links as recorded"), "the deck linking to the new note is made again")
        #expect(try folder.read("site/decks/physics-links.html").contains("href=\"biology-roots.html\""))

        // Without the marks, the site is what a clean build makes.
        let unmarked = try TemporaryFolder(Self.notes.merging([
            "content/physics/links.md": "# Links\n\nSee [roots](../biology/roots.md) and [motion](motion.md).\n",
        ]) { $1 })
        #expect(Self.build(unmarked).succeeded)
        try unmarked.write("# Roots\n\n**Root hairs** take up water from the soil.\n", to: "content/biology/roots.md")
        #expect(Self.build(unmarked).succeeded)
        try Self.expectSameAsClean(unmarked)
    }

    @Test("a deck whose stored questions changed is made again, and a kept deck reports its warnings again")
    func keptDeckRechecked() throws {
        // A hand-written question whose answer is much longer than the other choices draws a warning.
        let quiz = "```quiz\nQ: What does a ribosome do?\n- [x] It reads messenger RNA and joins amino acids into a protein chain\n- [ ] Stores fat\n- [ ] Moves cells\n> It makes proteins.\n```\n"
        let folder = try TemporaryFolder(Self.notes.merging([
            "content/biology/ribosome.md": "# Ribosomes\n\n" + quiz,
            "content/physics/links.md": "# Links\n\nSee [gone](gone.md).\n",
        ]) { $1 })
        let first = Self.build(folder)
        #expect(first.succeeded && first.warningCount == 2, "\(first.diagnostics)")
        let store = "content/" + QuestionStore.path(forNote: "physics/motion.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(store))

        try folder.write("# Leaves\n\n**Chlorophyll** is the green pigment of leaves.\n", to: "content/biology/leaves.md")
        let rebuild = Self.build(folder)
        #expect(rebuild.succeeded)
        #expect(rebuild.diagnostics == first.diagnostics, "the kept decks' warnings (a question's, a broken link's) are reported again")
        #expect(folder.exists(store), "the motion deck's questions were made again, and stored")
    }

    @Test("emptying a linked note changes the linking notes' pages, as a clean build would make them")
    func linkedNoteEmptied() throws {
        let folder = try TemporaryFolder(Self.notes.merging([
            "content/physics/links.md": "# Links\n\nSee [cells](../biology/cells.md) and [leaves](../biology/leaves.md).\n",
        ]) { $1 })
        #expect(Self.build(folder).succeeded)
        // An empty note makes no deck, though its file is still there: the link now names a plain file.
        try folder.write("  \n", to: "content/biology/cells.md")
        #expect(Self.build(folder).succeeded)
        try Self.expectSameAsClean(folder)
    }

    @Test("a link into deckgen's own folder is not to content: it is warned about, not copied")
    func linkIntoDeckgenFolder() throws {
        let folder = try TemporaryFolder(Self.notes.merging([
            "content/physics/links.md": "# Links\n\nSee [extra](../.deckgen/extra.txt).\n",
            "content/.deckgen/extra.txt": "not content\n",
        ]) { $1 })
        let summary = Self.build(folder)
        #expect(summary.succeeded && summary.files == 0)
        #expect(summary.diagnostics.contains { $0.message.contains(".deckgen/extra.txt") && $0.severity == .warning })
    }

    @Test("a changed template rewrites every page")
    func templateChanged() throws {
        let folder = try TemporaryFolder(Self.notes)
        #expect(Self.build(folder).succeeded)
        try folder.write("{{#deck}}<p>{{title}}</p>{{/deck}}\n", to: "content/templates/deck.mustache")
        let rebuild = Self.build(folder)
        #expect(rebuild.succeeded, "\(rebuild.diagnostics)")
        // The index too: a page template from the content folder puts deckgen's policy ahead of every page.
        #expect(rebuild.pagesWritten == 5)
    }

    @Test("a deleted page or manifest means a real build")
    func damagedSite() throws {
        let folder = try TemporaryFolder(Self.notes)
        #expect(Self.build(folder).succeeded)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/decks/physics-motion.html"))
        let rebuild = Self.build(folder)
        #expect(!rebuild.upToDate && rebuild.pagesWritten == 1)
        #expect(folder.exists("site/decks/physics-motion.html"))
    }

    @Test("the manifest names key variables that are set, never their values")
    func keysNotWritten() throws {
        let folder = try TemporaryFolder(Self.notes)
        let key = "sk-test-\(UUID().uuidString)"
        #expect(Self.build(folder, environment: ["OPENAI_API_KEY": key]).succeeded)
        let manifest = try folder.read("site/" + SiteManifest.fileName)
        #expect(!manifest.contains(key))
        // Setting a key may change what a build makes (a model could be asked), so it is not up to date.
        #expect(!Self.build(folder).upToDate)
    }

    @Test("a build that left images unread is not skipped next time")
    func incompleteBuild() throws {
        let folder = try TemporaryFolder(Self.notes)
        try folder.write(ScanBuildTests.blankPNG, to: "content/scans/page.png")
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"),
                                   site: folder.url.appendingPathComponent("site"), environment: ["PATH": "/nonexistent"])
        options.llm.offline = true
        #expect(Builder(options: options).build().succeeded)
        #expect(!Builder(options: options).build().upToDate)
    }

    @Test("markup quoted in a kept warning is escaped in the manifest and read back whole")
    func manifestEscapes() throws {
        let manifest = SiteManifest(inputs: "x", complete: true, pages: ["index.html": "ab"], decks: 0, reports: 0, files: 0,
                                    questions: 0, diagnostics: SiteManifest.stored([.warning("raw HTML `<script>` & more left out", path: "a.md", line: 3)]))
        let text = String(decoding: manifest.data, as: UTF8.self)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(try JSONDecoder().decode(SiteManifest.self, from: manifest.data) == manifest)
    }
}
