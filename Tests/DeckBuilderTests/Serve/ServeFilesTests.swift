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
            guard case .file(_, let index) = files.lookup([], endsWithSlash: true) else { Issue.record("no index"); return }
            #expect(String(decoding: index, as: UTF8.self).contains("INDEX"))
            guard case .file(let path, let deck) = files.lookup(["decks", "a.html"], endsWithSlash: false) else { Issue.record("no deck"); return }
            #expect(path.hasSuffix("/site/decks/a.html"))
            #expect(String(decoding: deck, as: UTF8.self).contains("DECK A"))
            #expect(files.lookup(["decks"], endsWithSlash: false) == .folder)
            #expect(files.lookup(["decks"], endsWithSlash: true) == .notFound)
            #expect(files.lookup(["files", "empty"], endsWithSlash: true) == .notFound)
            #expect(files.lookup(["decks", "a.html"], endsWithSlash: true) == .notFound)
            #expect(files.lookup(["nope.html"], endsWithSlash: false) == .notFound)
            // A link that stays inside the site is followed.
            guard case .file = files.lookup(["files", "same.svg"], endsWithSlash: false) else { Issue.record("inside link"); return }
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
                let text = String(decoding: response.body, as: UTF8.self)
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
            "a.exe": "application/octet-stream", "Makefile": "application/octet-stream", ".hidden": "application/octet-stream",
        ]
        for (name, type) in expected {
            #expect(ContentTypes.type(ofFileNamed: name) == type, "\(name)")
        }
    }
}
