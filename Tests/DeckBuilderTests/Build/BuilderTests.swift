import Foundation
import Testing
@testable import DeckBuilder

@Suite("Building a site")
struct BuilderTests {
    static let sample: [String: String] = [
        "deckgen.yml": "title: Biology & revision\n",
        "cells/mitosis.md": "---\ntags: [cells]\norder: 2\n---\n# Mitosis\n\n**Prophase** comes first.\n\n![cell](img/cell.png)\n",
        "cells/meiosis.md": "---\ntitle: Meiosis\norder: 1\n---\nHalves the chromosome number. See [mitosis](mitosis.md).\n",
        "cells/img/cell.png": "not really a png",
        "top.md": "Plain note with no heading.\n",
    ]

    func build(_ files: [String: String], templates: URL? = nil) throws -> (TemporaryFolder, BuildSummary) {
        let folder = try TemporaryFolder(files.reduce(into: [:]) { $0["content/" + $1.key] = $1.value })
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"),
                                   site: folder.url.appendingPathComponent("site"), templates: templates)
        return (folder, Builder(options: options).build())
    }

    @Test("writes an index and one page per note, and copies linked files")
    func writesPages() throws {
        let (folder, summary) = try build(Self.sample)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(folder.listing("site") == [
            DeckRecords.fileName, SiteManifest.fileName, SiteWriter.markerName, "decks/cells-meiosis.html", "decks/cells-mitosis.html", "decks/top.html",
            "files/cells/img/cell.png", "index.html",
        ])
        let index = try folder.read("site/index.html")
        #expect(index.contains("<title>Biology &amp; revision</title>"))
        // Sections by folder; order, then title, inside one.
        let meiosis = try #require(index.range(of: "Meiosis"))
        let mitosis = try #require(index.range(of: "Mitosis"))
        #expect(meiosis.lowerBound < mitosis.lowerBound)
        let page = try folder.read("site/decks/cells-mitosis.html")
        #expect(page.contains("<strong>Prophase</strong>"))
        // The note opens with `# Mitosis`, its title: shown once, as the page's title.
        #expect(page.components(separatedBy: ">Mitosis</h1>").count == 2)
        #expect(page.contains("src=\"../files/cells/img/cell.png\""))
        #expect(try folder.read("site/decks/cells-meiosis.html").contains("href=\"cells-mitosis.html\""))
        #expect(try folder.read("site/decks/top.html").contains("<h1 class=\"deck-title\">top</h1>"))
    }

    @Test("every page is self-contained with a Content-Security-Policy allowing its stylesheet and script by hash")
    func selfContained() throws {
        let (folder, _) = try build(Self.sample)
        for path in ["site/index.html", "site/decks/top.html"] {
            // The policy sits in an attribute, where the template escapes its quotes.
            let page = try folder.read(path).replacingOccurrences(of: "&#39;", with: "'")
            #expect(page.contains("http-equiv=\"Content-Security-Policy\""))
            #expect(page.contains("default-src 'none'"))
            #expect(!page.contains("unsafe-inline"))
            let style = try #require(page.components(separatedBy: "<style>").last?.components(separatedBy: "</style>").first)
            #expect(page.contains("'sha256-\(SHA256.base64(style))'"))
            #expect(!page.contains("<link"))
            // One executable script, the quiz runtime, allowed by its hash; data blocks are JSON and never run.
            let scripts = page.components(separatedBy: "<script>").dropFirst().compactMap { $0.components(separatedBy: "</script>").first }
            #expect(scripts.count == 1)
            for script in scripts { #expect(page.contains("'sha256-\(SHA256.base64(script))'")) }
            #expect(!page.contains(" src=\"http"))
        }
    }

    @Test("two builds of the same content are byte-identical")
    func deterministic() throws {
        let (folder, _) = try build(Self.sample)
        let first = try folder.listing("site").map { try folder.read("site/" + $0) }
        let again = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                  site: folder.url.appendingPathComponent("site"))).build()
        #expect(again.succeeded)
        let second = try folder.listing("site").map { try folder.read("site/" + $0) }
        #expect(first == second)
    }

    @Test("an error keeps the previous site and reports file and line")
    func failureKeepsSite() throws {
        let (folder, first) = try build(Self.sample)
        #expect(first.succeeded)
        let before = try folder.read("site/index.html")
        try folder.write("---\ntitle: [broken\n---\n", to: "content/cells/broken.md")
        let summary = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    site: folder.url.appendingPathComponent("site"))).build()
        #expect(!summary.succeeded)
        let error = try #require(summary.diagnostics.first { $0.severity == .error })
        #expect(error.path == "cells/broken.md")
        #expect(error.line == 2)
        #expect(try folder.read("site/index.html") == before)
        #expect(!folder.exists("site/decks/cells-broken.html"))
    }

    @Test("templates in content/templates and --templates override the built-in ones, file by file")
    func overrides() throws {
        let custom = try TemporaryFolder(["index.mustache": "<p>custom {{siteTitle}}: {{deckCount}}</p>"])
        var files = Self.sample
        files["templates/deck.mustache"] = "<div class=\"mine\">{{title}}</div>"
        let (folder, summary) = try build(files, templates: custom.url)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(try folder.read("site/index.html").contains("<p>custom Biology &amp; revision: 3</p>"))
        #expect(try folder.read("site/decks/top.html").contains("<div class=\"mine\">top</div>"))
        #expect(try folder.read("site/decks/top.html").contains("<style>"))
    }

    @Test("a template with a syntax error fails the build naming the template file and line")
    func brokenTemplate() throws {
        let (_, summary) = try build(Self.sample.merging(["templates/deck.mustache": "ok\n{{#open}}never closed"]) { $1 })
        #expect(!summary.succeeded)
        #expect(summary.diagnostics.contains { $0.path.hasSuffix("templates/deck.mustache") && $0.line == 2 })
    }

    @Test("the site folder may not be the content folder or hold someone else's files")
    func refusesDangerousOutput() throws {
        let folder = try TemporaryFolder(["content/a.md": "# A", "mine/paper.txt": "keep"])
        for site in ["content", ".", "mine"] {
            let summary = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        site: folder.url.appendingPathComponent(site))).build()
            #expect(!summary.succeeded, "building into \(site) should fail")
        }
        #expect(try folder.read("mine/paper.txt") == "keep")
        #expect(try folder.read("content/a.md") == "# A")
    }

    @Test("a site that cannot be written loses no question: the store is in place, with no half-written file, when the build returns")
    func storeOutlivesAFailedSite() throws {
        let note = "# Cells\n\n**Mitochondria** is the part of the cell that makes most of its energy.\n\n"
            + "**Ribosomes** are the small bodies that build proteins from amino acids.\n\n"
            + "**Chloroplasts** are the green bodies that turn light into sugar in plant cells.\n"
        let folder = try TemporaryFolder(["content/cells.md": note, "mine/paper.txt": "keep"])
        let summary = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    site: folder.url.appendingPathComponent("mine"))).build()
        #expect(!summary.succeeded)
        let store = folder.url.appendingPathComponent("content/.deckgen/questions").path
        let names = try FileManager.default.contentsOfDirectory(atPath: store)
        #expect(names == ["cells.md"])
        #expect(try folder.read("content/.deckgen/questions/cells.md").contains("Q: "))
        #expect(try folder.read("mine/paper.txt") == "keep")
    }

    @Test("a file given as the content folder, or a missing --templates folder, fails the build")
    func wrongFolders() throws {
        let folder = try TemporaryFolder(["content/a.md": "# A"])
        let fileAsContent = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content/a.md"),
                                                          site: folder.url.appendingPathComponent("site"))).build()
        #expect(!fileAsContent.succeeded)
        #expect(fileAsContent.diagnostics.first?.message.contains("is a file") == true)
        let missingTemplates = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                             site: folder.url.appendingPathComponent("site"),
                                                             templates: folder.url.appendingPathComponent("nope"))).build()
        #expect(!missingTemplates.succeeded)
        #expect(missingTemplates.diagnostics.first?.message.contains("templates folder not found") == true)
    }

    @Test("an empty content folder and notes whose page names collide are warned about")
    func warnings() throws {
        let (_, empty) = try build(["deckgen.yml": "title: x\n"])
        #expect(empty.succeeded)
        #expect(empty.diagnostics.map(\.message).contains { $0.hasPrefix("no notes found") })
        let (folder, colliding) = try build(["a/b-c.md": "# One", "a-b/c.md": "# Two"])
        #expect(colliding.succeeded)
        let warning = try #require(colliding.diagnostics.first)
        #expect(warning.path == "a/b-c.md")
        #expect(warning.message.contains("taken by a-b/c.md"))
        #expect(folder.exists("site/decks/a-b-c.html"))
    }

    @Test("an untagged Korean note gets lang=\"ko\" and Korean words around its questions")
    func detectsLanguage() throws {
        let note = "# 자료구조\n\n- **스택**: 나중에 넣은 데이터가 먼저 나오는 구조\n- **큐**: 먼저 넣은 데이터가 먼저 나오는 구조\n- **트리**: 노드와 간선으로 이루어진 계층 구조\n"
        let (folder, summary) = try build(["ko/data.md": note, "en.md": "# English\n\nPlain words only.\n"])
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let page = try folder.read("site/decks/ko-data.html")
        #expect(page.contains("<div class=\"note\" lang=\"ko\">"))
        #expect(page.contains("정답 보기"))
        #expect(try folder.read("site/decks/en.html").contains("<div class=\"note\" lang=\"en\">"))
    }
}
