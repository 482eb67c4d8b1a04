import Testing
@testable import DeckBuilder

/// The term filter's byte shortcuts for ASCII decide as counting and testing Characters would.
@Suite("Term filter")
struct TermFilterTests {
    @Test("labels, links, numbers and long phrases are turned away; names are kept")
    func decisions() {
        for term in ["Mitochondrion", "Big-O notation", "ATP synthase", "세포", "x-ray"] { #expect(TermFilter.accepts(term), "\(term)") }
        for term in ["Note", "Step 2", "http://x", "1234", "", "Example:", String(repeating: "a", count: 61)] {
            #expect(!TermFilter.accepts(term), "\(term)")
        }
    }

    @Test("text taken as plain words is its own comparable form, lowercased")
    func plainWords() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ9  .-é\t")
        var plain = 0
        for sample in generator.samples(["Big O", "e.g", "ATP  synthase", " x", "x ", ""], from: alphabet, maximumLength: 8) {
            guard TermFilter.isPlainWords(sample) else { continue }
            plain += 1
            #expect(TextNormaliser.comparable(sample) == sample.lowercased(), "\(sample.unicodeScalars.map(\.value))")
        }
        #expect(plain > 20)
        #expect(TermFilter.isPlainWords("Big O") && !TermFilter.isPlainWords("e.g") && !TermFilter.isPlainWords("ATP  synthase"))
    }

    @Test("on random text, the shape check equals the one made on Characters")
    func agreesWithCharacters() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ 1.\r\n-:é[]()htp") + [Character("\r\n")]
        var terms = ["see http here", "a](b", "a. b", "htt p", "ahttpb", "x]( y", "end.", "]", "é http"]
        for _ in 0..<3000 { terms.append(generator.text(from: alphabet, maximumLength: 70)) }
        for term in terms {
            #expect(TermFilter.hasTermShape(term, maximumWords: 40) == Self.hasShapeOnCharacters(term, maximumWords: 40),
                    "\(Array(term.utf8))")
        }
    }

    @Test("a label is found byte for byte as the Set finds it, on every label, its near misses and random text")
    func labelLookup() {
        var generator = SystemRandomNumberGenerator()
        let near = TermFilter.labels.flatMap { [$0, $0 + "s", String($0.dropLast()), $0.uppercased(), "x" + $0] }
        let alphabet = Array("notesxamplq;.d ") + [Character("\u{212A}"), "é"]
        for text in generator.samples(near + ["", "\u{212A}", "K"], from: alphabet, maximumLength: 16, count: 5_000) {
            #expect(TermFilter.isLabel(text) == TermFilter.labels.contains(text), "\(Array(text.utf8))")
        }
    }

    /// The shape check as first written, on Characters.
    private static func hasShapeOnCharacters(_ trimmed: String, maximumWords: Int) -> Bool {
        guard !trimmed.isEmpty, trimmed.count <= TermFilter.maximumLength, StudyText.wordCount(trimmed) <= maximumWords,
              trimmed.contains(where: \.isLetter) else { return false }
        return !["http", "](", ". "].contains(where: { trimmed.contains($0) })
    }
}
