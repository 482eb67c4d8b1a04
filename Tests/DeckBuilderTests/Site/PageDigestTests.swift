@testable import DeckBuilder
import Testing

@Suite("Page digests")
struct PageDigestTests {
    @Test("XXH3-128 as xxhsum -H2 prints it, behind `xxh3-`")
    func knownDigests() {
        let digest = { (text: String) in Array(text.utf8).withUnsafeBytes { PageDigest.of($0) } }
        #expect(digest("") == "xxh3-99aa06d3014798d86001c324468d497f")
        #expect(digest("abc") == "xxh3-06b05ab6733a618578af5f94892f3950")
        // One byte changed in a page-sized text changes the digest.
        let page = String(repeating: "<p>deck</p>\n", count: 3000)
        #expect(digest(page) != digest(page.replacingOccurrences(of: "deck</p>\n<p>deck", with: "deck</p>\n<p>deak")))
    }
}
