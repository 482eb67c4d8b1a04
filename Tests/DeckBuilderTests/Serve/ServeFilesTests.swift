import Foundation
import Testing
@testable import DeckBuilder

@Suite("Serve: files from the site folder")
struct ServeFilesTests {
    /// A site folder as a build leaves it, plus links that try to lead out of it.
    func site() throws -> (TemporaryFolder, SiteFiles) {
        let folder = try TemporaryFolder([
            "outside/secret.txt": "SECRET-OUTSIDE",
            "site/\(SiteWriter.markerName)": "deckgen site\n",
            "site/\(SiteManifest.fileName)": "{}",
            "site/index.html": "<html><body>INDEX</body></html>",
            "site/decks/a.html": "<html><body>DECK A</body></html>",
            "site/files/img/cell.svg": "<svg/>",
            "site/files/empty/keep.txt": "kept",
        ])
        let site = folder.url.appendingPathComponent("site")
        let links = [
            ("passwd", "/etc/passwd"),
            ("files/out", folder.url.appendingPathComponent("outside").path),
            ("files/secret.txt", "../../outside/secret.txt"),
            ("files/manifest.json", "../\(SiteManifest.fileName)"),
            ("files/same.svg", "img/cell.svg"),
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(name).path, withDestinationPath: target)
        }
        #expect(mkfifo(site.appendingPathComponent("files/pipe").path, 0o600) == 0)
        return (folder, SiteFiles(site: site))
    }

    /// Runs `body` while the site folder exists: the folder is deleted when the last reference goes.
    func withSite(_ body: (SiteFiles) throws -> Void) throws {
        let (folder, files) = try site()
        try withExtendedLifetime(folder) { try body(files) }
    }

    @Test("pages and files are found, folders mean their index page and are never listed")
    func lookups() throws {
        try withSite { files in
            guard case .file(let indexPath, let index) = files.lookup([], endsWithSlash: true) else { Issue.record("no index"); return }
            #expect(indexPath == "index.html")
            #expect(String(decoding: index.contents() ?? Data(), as: UTF8.self).contains("INDEX"))
            guard case .file(let path, let deck) = files.lookup(["decks", "a.html"], endsWithSlash: false) else { Issue.record("no deck"); return }
            #expect(path == "decks/a.html")
            #expect(deck.size == "<html><body>DECK A</body></html>".utf8.count)
            #expect(String(decoding: deck.contents() ?? Data(), as: UTF8.self).contains("DECK A"))
            #expect(files.lookup(["decks"], endsWithSlash: false) == .folder)
            #expect(files.lookup(["decks"], endsWithSlash: true) == .notFound)
            #expect(files.lookup(["files", "empty"], endsWithSlash: true) == .notFound)
            #expect(files.lookup(["decks", "a.html"], endsWithSlash: true) == .notFound)
            #expect(files.lookup(["nope.html"], endsWithSlash: false) == .notFound)
            // A link that stays inside the site is followed, and named by where it leads.
            guard case .file(let linked, _) = files.lookup(["files", "same.svg"], endsWithSlash: false) else { Issue.record("inside link"); return }
            #expect(linked == "files/img/cell.svg")
        }
    }

    @Test("links out of the site, to hidden files, and anything but a regular file are refused")
    func refusals() throws {
        try withSite { files in
            #expect(files.lookup(["passwd"], endsWithSlash: false) == .outside)
            #expect(files.lookup(["files", "out", "secret.txt"], endsWithSlash: false) == .outside)
            #expect(files.lookup(["files", "out"], endsWithSlash: false) == .outside)
            #expect(files.lookup(["files", "secret.txt"], endsWithSlash: false) == .outside)
            #expect(files.lookup(["files", "manifest.json"], endsWithSlash: false) == .notFound)
            // A named pipe would block a reader for ever; it is not a file to send.
            #expect(files.lookup(["files", "pipe"], endsWithSlash: false) == .notFound)
        }
    }

    @Test("a folder deckgen did not write is not served at all")
    func unmarkedFolder() throws {
        let folder = try TemporaryFolder(["home/index.html": "<p>private</p>", "home/notes.txt": "private"])
        let files = SiteFiles(site: folder.url.appendingPathComponent("home"))
        #expect(files.lookup([], endsWithSlash: true) == .noSite)
        #expect(files.lookup(["notes.txt"], endsWithSlash: false) == .noSite)
        #expect(SiteFiles(site: folder.url.appendingPathComponent("missing")).root() == nil)
    }

    @Test("every hostile request gets a 4xx and never a byte of what lies outside", arguments: [
        "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2Fetc", "/..%2f..%2fetc", "//etc/passwd", "/decks/../../x",
        "/%00", "/a\\b", "http://evil/x", "/passwd", "/files/out/secret.txt", "/files/secret.txt", "/.deckgen-manifest.json",
        "/files/manifest.json", "/.deckgen-site", "/files/out/", "/files/pipe",
    ])
    func hostileRequests(path: String) throws {
        try withSite { files in
            let responder = PreviewResponder(files: files, state: LockedBox(PreviewState(generation: 1)))
            for method in ["GET", "HEAD"] {
                let (response, _) = responder.respond(to: "\(method) \(path) HTTP/1.1\r\nHost: localhost")
                #expect((400..<500).contains(response.status), "\(method) \(path) → \(response.status)")
                let text = try String(decoding: response.body.bytes(), as: UTF8.self)
                #expect(!text.contains("root:"))
                #expect(!text.contains("SECRET-OUTSIDE"))
                #expect(!text.contains("{}"))
            }
        }
    }

    @Test("each kind of file gets its content type; an unknown one is sent as bytes")
    func contentTypes() {
        let expected = [
            "a.html": "text/html; charset=utf-8", "style.CSS": "text/css; charset=utf-8", "quiz.js": "text/javascript; charset=utf-8",
            "data.json": "application/json", "chart.svg": "image/svg+xml", "a.png": "image/png", "a.jpg": "image/jpeg",
            "a.JPEG": "image/jpeg", "a.gif": "image/gif", "a.webp": "image/webp", "a.pdf": "application/pdf",
            "a.txt": "text/plain; charset=utf-8", "favicon.ico": "image/x-icon", "font.woff2": "font/woff2",
            "a.xhtml": "application/xhtml+xml", "feed.XML": "application/xml", "a.htm": "text/html; charset=utf-8",
            "a.exe": "application/octet-stream", "Makefile": "application/octet-stream", ".hidden": "application/octet-stream",
        ]
        for (name, type) in expected {
            #expect(ContentTypes.type(ofFileNamed: name) == type, "\(name)")
        }
    }

    // MARK: - Attachments

    @Test("files under files/ are sent as they are, sandboxed, whatever their type; deckgen's pages get live reload instead")
    func attachmentsAreSandboxed() throws {
        let folder = try TemporaryFolder([
            "site/\(SiteWriter.markerName)": "deckgen site\n",
            "site/index.html": "<html><head></head><body>INDEX</body></html>",
            "site/files/evil.html": "<html><body><script>alert(1)</script></body></html>",
            "site/files/evil.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(2)</script></svg>",
            "site/files/evil.xhtml": "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(3)</script></html>",
            "site/files/evil.xml": "<x/>",
        ])
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("site/page.html").path,
                                                   withDestinationPath: "files/evil.html")
        let responder = PreviewResponder(files: SiteFiles(site: folder.url.appendingPathComponent("site")),
                                         state: LockedBox(PreviewState(generation: 1)))
        func get(_ path: String) -> ServeResponse {
            responder.respond(to: "GET \(path) HTTP/1.1\r\nHost: localhost").response
        }
        for (path, type) in [("/files/evil.html", "text/html; charset=utf-8"), ("/files/evil.svg", "image/svg+xml"),
                             ("/files/evil.xhtml", "application/xhtml+xml"), ("/files/evil.xml", "application/xml"),
                             ("/page.html", "text/html; charset=utf-8")] {
            let response = get(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.contentType == type, "\(path)")
            #expect(response.header("Content-Security-Policy") == PreviewResponder.attachmentPolicy, "\(path)")
            // Streamed from the file, never changed: no reload script is added to what the content put there.
            guard case .file = response.body else { Issue.record("\(path) was not streamed"); continue }
        }
        // A missing file under files/ is sandboxed too; deckgen's own page is not, and gets its reload script.
        #expect(get("/files/missing.html").header("Content-Security-Policy") == PreviewResponder.attachmentPolicy)
        let index = get("/")
        #expect(index.header("Content-Security-Policy") == nil)
        #expect(try String(decoding: index.body.bytes(), as: UTF8.self).contains(ReloadScript.source(generation: 1)))
    }

    @Test("every response says nosniff: pages, files, redirects, refusals and the page shown when there is no site")
    func noSniffEverywhere() throws {
        try withSite { files in
            let responder = PreviewResponder(files: files, state: LockedBox(PreviewState(generation: 1)))
            let heads = ["GET / HTTP/1.1", "GET /files/img/cell.svg HTTP/1.1", "GET /decks HTTP/1.1", "GET /nope HTTP/1.1",
                         "GET /passwd HTTP/1.1", "POST / HTTP/1.1", "GET /../x HTTP/1.1", "HEAD /files/img/cell.svg HTTP/1.1"]
            for head in heads {
                let (response, headOnly) = responder.respond(to: head + "\r\nHost: localhost")
                #expect(String(decoding: response.head, as: UTF8.self).contains("\r\nX-Content-Type-Options: nosniff\r\n"), "\(head)")
                #expect(headOnly == head.hasPrefix("HEAD"))
            }
        }
        let empty = try TemporaryFolder(["home/index.html": "<p>private</p>"])
        let noSite = PreviewResponder(files: SiteFiles(site: empty.url.appendingPathComponent("home")), state: LockedBox(PreviewState()))
        let response = noSite.response(to: try ServeRequest(head: "GET / HTTP/1.1"))
        #expect(response.status == 503)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
    }

    @Test("a page too large to read whole is refused with the limit, not read; any other file is streamed at any size")
    func pageLimit() throws {
        let folder = try TemporaryFolder(["site/\(SiteWriter.markerName)": "deckgen site\n", "site/big.html": "", "site/files/big.bin": ""])
        for name in ["site/big.html", "site/files/big.bin"] {
            #expect(truncate(folder.url.appendingPathComponent(name).path, off_t(PreviewResponder.pageLimit + 1)) == 0)
        }
        let responder = PreviewResponder(files: SiteFiles(site: folder.url.appendingPathComponent("site")), state: LockedBox(PreviewState()))
        let page = responder.response(to: try ServeRequest(head: "GET /big.html HTTP/1.1"))
        #expect(page.status == 500)
        #expect(try String(decoding: page.body.bytes(), as: UTF8.self).contains("big.html is 16777217 bytes, more than the 16 MiB"))
        let file = responder.response(to: try ServeRequest(head: "GET /files/big.bin HTTP/1.1"))
        #expect(file.status == 200)
        #expect(file.body.count == PreviewResponder.pageLimit + 1)
        guard case .file = file.body else { Issue.record("not streamed"); return }
    }
}

extension ServeResponse {
    /// The value of header `name` as sent, ignoring case; nil when it is not sent.
    func header(_ name: String) -> String? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        return lines.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }
}

extension ServeResponse.Body {
    /// Every byte of the body, read from its file when it is one.
    func bytes() throws -> Data {
        switch self {
        case .data(let data): return data
        case .file(let file): return try #require(file.contents())
        }
    }
}
