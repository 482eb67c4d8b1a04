import Testing
@testable import DeckBuilder

@Suite("Serve: reading a request")
struct ServeRequestTests {
    func parse(_ path: String, method: String = "GET", headers: String = "Host: 127.0.0.1:8000\r\n") throws(ServeRequest.Refusal) -> ServeRequest {
        try ServeRequest(head: "\(method) \(path) HTTP/1.1\r\n\(headers)")
    }

    @Test("a plain path becomes its decoded segments, without query or fragment")
    func plainPaths() throws {
        let page = try parse("/decks/biology-photosynthesis.html?from=index#top")
        #expect(page.method == .get)
        #expect(page.segments == ["decks", "biology-photosynthesis.html"])
        #expect(!page.endsWithSlash)
        #expect(page.rawPath == "/decks/biology-photosynthesis.html")
        let root = try parse("/", method: "HEAD")
        #expect(root.method == .head)
        #expect(root.segments.isEmpty)
        #expect(try parse("/decks/").endsWithSlash)
        #expect(try parse("/files/my%20notes/caf%C3%A9.png").segments == ["files", "my notes", "café.png"])
        // Decoded once: `%252e%252e` is a file literally named `%2e%2e`, not a way up.
        #expect(try parse("/%252e%252e/x").segments == ["%2e%2e", "x"])
    }

    static let hostilePaths: [(String, ServeRequest.Refusal)] = [
        ("/../etc/passwd", .malformed("the path holds a . or .. segment")),
        ("/decks/../../x", .malformed("the path holds a . or .. segment")),
        ("/decks/..", .malformed("the path holds a . or .. segment")),
        ("/./index.html", .malformed("the path holds a . or .. segment")),
        ("/%2e%2e/%2e%2e/etc/passwd", .malformed("the decoded path holds an empty, . or .. segment")),
        ("/%2E%2E%2Fetc", .malformed("the decoded path holds an empty, . or .. segment")),
        ("/%2E%2E/", .malformed("the decoded path holds an empty, . or .. segment")),
        ("/..%2f..%2fetc", .malformed("the decoded path holds an empty, . or .. segment")),
        ("/.%2e/x", .malformed("the decoded path holds an empty, . or .. segment")),
        ("/decks/%2fetc/passwd", .malformed("the decoded path holds an empty, . or .. segment")),
        ("//etc/passwd", .malformed("the path starts with //")),
        ("/%2fetc/passwd", .malformed("the decoded path holds an empty, . or .. segment")),
        ("/%00", .malformed("the decoded path holds a NUL, a control character or a backslash")),
        ("/index.html%00.png", .malformed("the decoded path holds a NUL, a control character or a backslash")),
        ("/a\\b", .malformed("the path holds a space, a control character, a backslash or an unencoded non-ASCII byte")),
        ("/a%5cb", .malformed("the decoded path holds a NUL, a control character or a backslash")),
        ("/..\\..\\etc", .malformed("the path holds a space, a control character, a backslash or an unencoded non-ASCII byte")),
        ("/%zz", .malformed("the path has an invalid %-encoding or is not UTF-8")),
        ("/%2", .malformed("the path has an invalid %-encoding or is not UTF-8")),
        ("/%FF", .malformed("the path has an invalid %-encoding or is not UTF-8")),
        ("http://evil/x", .malformed("the path does not start with /")),
        ("https://127.0.0.1/etc/passwd", .malformed("the path does not start with /")),
        ("*", .malformed("the path does not start with /")),
        ("etc/passwd", .malformed("the path does not start with /")),
        ("/.deckgen-manifest.json", .hidden),
        ("/.deckgen-site", .hidden),
        ("/%2edeckgen-site", .hidden),
        ("/files/.git/config", .hidden),
    ]

    @Test("every path that could leave the site or name a hidden file is refused", arguments: hostilePaths)
    func hostile(path: String, refusal: ServeRequest.Refusal) {
        #expect(throws: refusal) { try parse(path) }
    }

    @Test("methods that would change something are not allowed; GET and HEAD are")
    func methods() {
        #expect(throws: ServeRequest.Refusal.methodNotAllowed("POST")) { try parse("/", method: "POST") }
        #expect(throws: ServeRequest.Refusal.methodNotAllowed("DELETE")) { try parse("/index.html", method: "DELETE") }
        #expect(throws: ServeRequest.Refusal.methodNotAllowed("PUT")) { try parse("/../x", method: "PUT") }
        #expect(throws: ServeRequest.Refusal.methodNotAllowed("OPTIONS")) { try parse("/", method: "OPTIONS") }
    }

    @Test("a head that is not HTTP/1.x is malformed", arguments: [
        "", "GET /", "GET / HTTP/2.0", "GET /  HTTP/1.1", "get / HTTP/1.1", "GET / HTTP/1.1 extra", "G=T / HTTP/1.1",
        "GET / HTTP/1.1\r\nno colon here", "GET / HTTP/1.1\r\n folded: header", "GET\t/ HTTP/1.1",
    ])
    func malformed(head: String) {
        #expect {
            try ServeRequest(head: head)
        } throws: { error in
            guard case .malformed = error as? ServeRequest.Refusal else { return false }
            return true
        }
    }

    @Test("a Host naming another machine is refused, so a rebound DNS name cannot read the preview")
    func hosts() throws {
        for host in ["127.0.0.1", "127.0.0.1:8000", "localhost:41000", "LOCALHOST", "[::1]:8000"] {
            #expect(throws: Never.self) { try parse("/", headers: "Host: \(host)\r\n") }
        }
        #expect(throws: Never.self) { try parse("/", headers: "") }
        for host in ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil:80"] {
            #expect(throws: ServeRequest.Refusal.malformed("the Host header names another machine")) {
                try parse("/", headers: "Host: \(host)\r\n")
            }
        }
        #expect(throws: ServeRequest.Refusal.malformed("more than one Host header")) {
            try parse("/", headers: "Host: localhost\r\nHost: evil.example\r\n")
        }
    }

    @Test("percent-decoding takes exactly two hex digits after each %")
    func percentDecoding() {
        #expect(ServeRequest.percentDecoded("/caf%C3%a9") == "/café")
        #expect(ServeRequest.percentDecoded("/a%20b%2F") == "/a b/")
        #expect(ServeRequest.percentDecoded("/100%") == nil)
        #expect(ServeRequest.percentDecoded("/%4") == nil)
        #expect(ServeRequest.percentDecoded("/%g0") == nil)
        #expect(ServeRequest.percentDecoded("/%C3") == nil)
    }
}
