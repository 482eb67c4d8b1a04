import Foundation
import Testing
@testable import DeckBuilder

/// The preview as `deckgen serve` runs it: a real build, a real server on a free port of 127.0.0.1, and the
/// watcher polling the content, driven over raw sockets.
final class RunningPreview {
    let folder: TemporaryFolder
    let watcher: SiteWatcher
    let server: StaticServer
    private let stopped = LockedBox(false)
    private let done = DispatchSemaphore(value: 0)

    init(_ files: [String: String]) throws {
        folder = try TemporaryFolder(files.reduce(into: [:]) { $0["content/" + $1.key] = $1.value })
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        watcher = SiteWatcher(options: options, build: { Builder(options: options).build() })
        let responder = PreviewResponder(files: SiteFiles(site: options.site), state: watcher.state)
        server = try StaticServer(port: 0) { responder.respond(to: $0) }
        watcher.rebuild()
        server.start()
        Thread { [watcher, stopped, done] in
            watcher.watch(until: { stopped.withLock { $0 } })
            done.signal()
        }.start()
    }

    var port: UInt16 { server.port }

    func get(_ path: String, _ method: String = "GET") throws -> RawHTTPResponse {
        try RawHTTPClient.request(method, path, port: port)
    }

    /// Waits up to ten seconds for the server to show build `generation`.
    func waitForGeneration(_ generation: Int) throws -> Bool {
        for _ in 0..<100 {
            if try get("/_deckgen/generation").text == String(generation) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// Stops the watcher and the server; again does nothing.
    func stop() {
        guard !stopped.withLock({ stopping in defer { stopping = true }; return stopping }) else { return }
        done.wait()
        server.stop()
    }
}

@Suite("Serve: the running preview", .serialized)
struct ServeIntegrationTests {
    static let content = [
        "deckgen.yml": "title: Serve test\n",
        "biology/cells.md": "# Cells\n\n**Mitosis** is how a cell divides. ORIGINAL-TEXT\n",
        "biology/images/cell.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "biology/with-image.md": "# Image\n\n![a cell](images/cell.svg)\n",
    ]

    @Test("pages come with the reload script allowed by hash; files with their types; nothing else is answered")
    func serves() throws {
        let preview = try RunningPreview(Self.content)
        defer { preview.stop() }
        let index = try preview.get("/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "text/html; charset=utf-8")
        #expect(index.headers["x-content-type-options"] == "nosniff")
        #expect(index.headers["cache-control"] == "no-store")
        #expect(index.headers["connection"] == "close")
        #expect(index.headers["content-length"] == String(index.body.count))
        #expect(index.text.contains("Serve test"))

        let deck = try preview.get("/decks/biology-cells.html")
        #expect(deck.status == 200)
        #expect(deck.text.contains("ORIGINAL-TEXT"))
        let script = try #require(deck.text.components(separatedBy: "<script>").last?.components(separatedBy: "</script>").first)
        #expect(script == ReloadScript.source(generation: 1))
        let policy = deck.text.replacingOccurrences(of: "&#39;", with: "'")
        #expect(policy.contains("'sha256-\(SHA256.base64(script))'"))
        #expect(policy.contains("connect-src 'self'"))
        // The file on disk is the build's, untouched.
        #expect(!(try preview.folder.read("site/decks/biology-cells.html")).contains("_deckgen"))

        let image = try preview.get("/files/biology/images/cell.svg")
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/svg+xml")
        let head = try preview.get("/decks/biology-cells.html", "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(deck.body.count))
        #expect(try preview.get("/decks").headers["location"] == "/decks/")
        #expect(try preview.get("/missing.html").status == 404)

        let post = try preview.get("/", "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(try preview.get("/index.html", "DELETE").status == 405)
        let huge = try RawHTTPClient.send("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\r\n", port: preview.port)
        #expect(huge.status == 431)
        #expect(try RawHTTPClient.send("NONSENSE\r\n\r\n", port: preview.port).status == 400)
    }

    @Test("a stopped server closes its port")
    func stops() throws {
        let preview = try RunningPreview(Self.content)
        #expect(try preview.get("/").status == 200)
        preview.stop()
        var closed = false
        for _ in 0..<50 where !closed {
            do { _ = try preview.get("/") } catch { closed = true }
            if !closed { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(closed)
    }

    @Test("paths that climb out of the site are refused over the wire, where no client tidied them")
    func traversal() throws {
        let preview = try RunningPreview(Self.content)
        defer { preview.stop() }
        try FileManager.default.createSymbolicLink(atPath: preview.folder.url.appendingPathComponent("site/passwd").path,
                                                   withDestinationPath: "/etc/passwd")
        for path in ["/../etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2Fetc/passwd", "/..%2f..%2fetc/passwd",
                     "//etc/passwd", "/decks/../../x", "/%00", "/a\\b", "http://evil/x", "/passwd", "/.deckgen-manifest.json",
                     "/decks/..%2f..%2f..%2fetc%2fpasswd", preview.folder.url.path + "/content/deckgen.yml",
                     "/" + preview.folder.url.path + "/content/deckgen.yml"] {
            let response = try preview.get(path)
            #expect((400..<500).contains(response.status), "\(path) → \(response.status)")
            #expect(!response.text.contains("root:"), "\(path)")
            #expect(!response.text.contains("Serve test"), "\(path)")
        }
    }

    @Test("an edit is rebuilt and shown; a broken note puts a banner over the last good page until it is fixed")
    func rebuilds() throws {
        let preview = try RunningPreview(Self.content)
        defer { preview.stop() }
        #expect(try preview.get("/_deckgen/generation").text == "1")
        #expect(try preview.get("/_deckgen/generation").headers["content-type"] == "text/plain; charset=utf-8")

        try preview.folder.write("# Cells\n\n**Mitosis** is how a cell divides. EDITED-TEXT\n", to: "content/biology/cells.md")
        #expect(try preview.waitForGeneration(2))
        let edited = try preview.get("/decks/biology-cells.html").text
        #expect(edited.contains("EDITED-TEXT"))
        #expect(edited.contains("const shown = '2';"))
        #expect(!edited.contains("deckgen-serve-error"))

        try preview.folder.write("---\ntitle: \"unterminated\ntags: [a\n---\n<b>body</b>\n", to: "content/biology/broken.md")
        #expect(try preview.waitForGeneration(3))
        let failed = try preview.get("/decks/biology-cells.html")
        #expect(failed.status == 200)
        #expect(failed.text.contains(FailureBanner.heading))
        #expect(failed.text.contains("broken.md:2"))
        #expect(failed.text.contains("EDITED-TEXT"))
        #expect(failed.text.replacingOccurrences(of: "&#39;", with: "'").contains("'sha256-\(SHA256.base64(FailureBanner.style))'"))
        #expect(try preview.get("/").text.contains(FailureBanner.heading))

        try FileManager.default.removeItem(at: preview.folder.url.appendingPathComponent("content/biology/broken.md"))
        #expect(try preview.waitForGeneration(4))
        #expect(!(try preview.get("/decks/biology-cells.html").text.contains(FailureBanner.heading)))
    }

    @Test("when the first build fails there is no site: every page is an error page, until a fix builds one")
    func firstBuildFails() throws {
        let preview = try RunningPreview(["broken.md": "---\ntitle: [unclosed\n---\ntext\n"])
        defer { preview.stop() }
        #expect(!preview.folder.exists("site"))
        for path in ["/", "/decks/broken.html", "/anything"] {
            let page = try preview.get(path)
            #expect(page.status == 503)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("deckgen: the build failed"))
            #expect(page.text.contains("broken.md:2"))
            #expect(page.text.contains(ReloadScript.source(generation: 1)))
        }
        #expect(try preview.get("/../etc/passwd").status == 400)
        try preview.folder.write("---\ntitle: Mended\n---\nMENDED-TEXT\n", to: "content/broken.md")
        #expect(try preview.waitForGeneration(2))
        let index = try preview.get("/")
        #expect(index.status == 200)
        #expect(!index.text.contains("deckgen-serve-error"))
        #expect(try preview.get("/decks/broken.html").text.contains("MENDED-TEXT"))
    }
}
