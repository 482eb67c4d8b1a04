import Foundation
import Testing
@testable import DeckBuilder

@Suite("Resolving links")
struct LinkResolverTests {
    let resolver = LinkResolver(
        files: ["bio/cell.md", "bio/img/cell.png", "docs/My File.pdf", "top.md"],
        slugs: ["bio/cell.md": "bio-cell", "top.md": "top"])

    @Test("links to notes point at their deck pages, keeping the fragment")
    func notes() {
        #expect(resolver.resolve("../bio/cell.md#mitosis", isImage: false, notePath: "top/x.md", line: 1)
                == .replace("bio-cell.html#mitosis", asset: nil))
        #expect(resolver.resolve("/top.md", isImage: false, notePath: "bio/cell.md", line: 1) == .replace("top.html", asset: nil))
    }

    @Test("files are copied and linked under files/, percent-encoded")
    func assets() {
        #expect(resolver.resolve("img/cell.png", isImage: true, notePath: "bio/cell.md", line: 3)
                == .replace("../files/bio/img/cell.png", asset: "bio/img/cell.png"))
        #expect(resolver.resolve("../docs/My%20File.pdf", isImage: false, notePath: "bio/cell.md", line: 3)
                == .replace("../files/docs/My%20File.pdf", asset: "docs/My File.pdf"))
    }

    @Test("a path climbing out of the content folder is refused with a warning")
    func outside() throws {
        guard case .refuse(let warning) = resolver.resolve("../../etc/passwd", isImage: false, notePath: "bio/cell.md", line: 7) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(warning.line == 7)
        #expect(warning.path == "bio/cell.md")
        #expect(warning.message.contains("outside the content folder"))
    }

    @Test("web links and fragments stay; network images and missing files warn")
    func others() {
        #expect(resolver.resolve("https://example.org", isImage: false, notePath: "top.md", line: 1) == .keep)
        #expect(resolver.resolve("#part", isImage: false, notePath: "top.md", line: 1) == .keep)
        #expect(resolver.resolve("mailto:a@b.c", isImage: false, notePath: "top.md", line: 1) == .keep)
        if case .warn = resolver.resolve("https://example.org/a.png", isImage: true, notePath: "top.md", line: 1) {} else {
            Issue.record("a network image should warn")
        }
        if case .warn = resolver.resolve("missing.png", isImage: true, notePath: "top.md", line: 1) {} else {
            Issue.record("a missing file should warn")
        }
    }

    @Test("a URL that names no content resolves the same whatever files and notes there are")
    func readsContent() {
        let empty = LinkResolver(files: [], slugs: [:])
        for url in ["", "#part", "//host/x.md", "https://example.org/top.md", "mailto:a@b.c", "javascript:alert(1)", "C:top.md"] {
            #expect(!LinkResolver.readsContent(url), "\(url)")
            for image in [false, true] {
                #expect(empty.resolve(url, isImage: image, notePath: "top.md", line: 2)
                        == resolver.resolve(url, isImage: image, notePath: "top.md", line: 2), "\(url)")
            }
        }
        for url in ["top.md", "/top.md", "bio/img/cell.png", "../x.md", "missing.png", "a#b", "./c:d.md"] {
            #expect(LinkResolver.readsContent(url), "\(url)")
        }
    }

    @Test("a reference's stored form reads back as the reference, spaces in its URL and all")
    func storedReference() throws {
        for reference in [LinkResolver.Reference(url: "../a b.md#x y", image: false, line: 12),
                          .init(url: "", image: true, line: nil), .init(url: " lead", image: false, line: 0)] {
            #expect(try LinkResolver.Reference(stored: reference.stored) == reference)
        }
        for bad in ["", "link", "link 1", "linky 1 a", "link x a", "image  a"] {
            #expect(throws: DecodingError.self) { try LinkResolver.Reference(stored: bad) }
        }
    }

    @Test("paths are encoded as Foundation encodes them, whether or not any character needs it")
    func encodingAgreesWithFoundation() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09-._~/ %?#&+é中\u{1F600}:;=@!$'()*,[]")
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        for path in generator.samples([], from: alphabet, maximumLength: 10, count: 1000) {
            #expect(LinkResolver.encode(path) == path.addingPercentEncoding(withAllowedCharacters: allowed), "\(path)")
        }
    }

    @Test("schemes, suffixes and path parts are found on bytes as Characters find them")
    func byteReadingAgrees() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ9+-.:/?#%@ é\u{301}")
        for url in generator.samples(["https://x.org/a", "mailto:a@b", "C:/x", "a/b.png?x#y", "", "//host", ":\u{301}"],
                                     from: alphabet, maximumLength: 12) {
            let colon = url.firstIndex(of: ":")
            let scheme = colon.map { colon in
                url.first.map { $0.isASCII && $0.isLetter } == true
                    && url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            } ?? false
            #expect(LinkResolver.hasScheme(url) == scheme, "\(url)")
            let cut = url.firstIndex { $0 == "?" || $0 == "#" }
            let split = cut.map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
            #expect(LinkResolver.splitSuffix(url) == split, "\(url)")
            #expect(LinkResolver.parts(of: url) == url.split(separator: "/"), "\(url)")
        }
    }
}
