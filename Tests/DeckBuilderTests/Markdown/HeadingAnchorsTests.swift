import Testing
@testable import DeckBuilder

@Suite("Heading anchors")
struct HeadingAnchorsTests {
    /// The opening tags found one at a time, as a reader would: each of the first `anchors.count` gets its id.
    static func reference(_ anchors: [String], _ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        var anchors = anchors[...]
        while let anchor = anchors.first, let tag = rest.firstRange(of: /<h[1-6]>/) {
            result += rest[..<tag.lowerBound] + rest[tag].dropLast() + " id=\"\(HTML.escape(anchor))\">"
            rest = rest[tag.upperBound...]
            anchors = anchors.dropFirst()
        }
        return result + rest
    }

    @Test("ids go into the opening tags in order, however many anchors there are")
    func insertingMatchesTheReference() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["<h1>", "<h6>", "<h7>", "<h2", "</h1>", "x", "é", ">", "<", "h3>", "\n"]
        let names = ["a", "two-stages", "光合作用", "\"q\"&<", ""]
        for _ in 0..<2_000 {
            let html = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let anchors = (0..<Int.random(in: 0...4, using: &generator)).map { _ in names.randomElement(using: &generator)! }
            #expect(HeadingAnchors.inserting(anchors, into: html) == Self.reference(anchors, html), "\(html) \(anchors)")
        }
    }

    @Test("an ASCII heading's id is the same on bytes as on Characters")
    func asciiAnchorsMatchCharacters() {
        var random = SplitMix64(seed: 3)
        let pieces = ["Two", " ", "Stages", "!", "-", "_", "9", "a", "Z", "\t", "\r\n", "(x)", "&", "  "]
        var texts = ["", " ", "!!!", "Two Stages!", "already-lower_case 42", "A\r\nB"]
        for _ in 0..<2_000 {
            texts.append((0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for text in texts {
            #expect(HeadingAnchors.anchor(for: text) == HeadingAnchors.characterAnchor(for: text), "\(text.debugDescription)")
        }
        #expect(HeadingAnchors.asciiAnchor(for: "Café") == nil)
    }
}
