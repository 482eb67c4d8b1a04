import Testing
@testable import DeckBuilder

/// Counting words on bytes gives what splitting on whitespace gives.
@Suite("Study text word count")
struct StudyTextWordCountTests {
    @Test("the byte count agrees with splitting on whitespace", arguments: [
        "", "   ", "one", " two  words ", "tab\tand\nnew line\r\nend", "a\u{0B}b\u{0C}c", "café au lait", "中文 词语",
        "no-break\u{00A0}space", "trailing\n",
    ])
    func agrees(_ text: String) {
        #expect(StudyText.wordCount(text) == text.split(whereSeparator: \.isWhitespace).count)
    }
}

/// Splitting text into sentences on bytes gives what the scalar splitter gives.
@Suite("Study text sentences on bytes")
struct StudyTextASCIISentenceTests {
    @Test("the byte splitter agrees with the scalar splitter", arguments: [
        "", "  ", "One. Two! Three? Four", "See e.g. the heap. It is a tree.", "J. R. R. Tolkien wrote it. Done.",
        "(\"e.g.\") quoted. Next.", "Ends with abbreviation etc.", "3.5 is a number. 1. 2.", "Tabs\tand\nlines.\n\nNext para.",
        "Mr. Smith and Dr. Who. Fig. 3 shows it.", "'A.' quoted initial. Then.", "No end", "Trailing spaces.   ", "!?. ...",
        "The **Cell** — a unit. Next “quoted.” Then.", "É. Initial. Then", "Café. Next.", "\u{212A}. Kelvin initial. Next",
        "a.\u{301} b. c", "İ. then. x", "« Non. » Oui.", "Ω. Omega.",
    ])
    func agrees(_ text: String) throws {
        let onBytes = try #require(StudyText.byteSentences(text))
        #expect(onBytes == StudyText.unicodeSentences(text))
        #expect(StudyText.byteSentences(text, limit: 1) == StudyText.unicodeSentences(text, limit: 1))
    }

    @Test("on random text with dashes, accents and initials, the byte splitter agrees with the scalar splitter")
    func agreesOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        // With the letters of the abbreviations, so that `etc.`, `Fig.` or `no.` turn up among longer words.
        let alphabet = Array("aE. !?\n'\"(—“”é\u{301}\u{212A}İΩ中egtcvsfinomrdFNDI")
        for text in generator.samples([], from: alphabet, maximumLength: 14, count: 5_000) {
            #expect(StudyText.byteSentences(text) == StudyText.unicodeSentences(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("text with a space or sentence ender beyond ASCII is left to the scalar splitter")
    func notASCII() {
        #expect(StudyText.byteSentences("No-break\u{A0}space. Next.") == nil)
        #expect(StudyText.byteSentences("次。Next.") == nil)
        #expect(StudyText.sentences("Café. 次。Next.") == StudyText.unicodeSentences("Café. 次。Next."))
    }

    @Test("a literal search agrees with Foundation", arguments: [
        ("The **Heap** is", "**Heap**"), ("e\u{301} is", "e"), ("a - b - c", " - "), ("café — x", " — "), ("none", "zz"), ("Is is", " is "),
    ])
    func literalRange(_ text: String, _ needle: String) {
        let mine = StudyText.range(of: needle, in: text), foundation = text.range(of: needle)
        #expect(mine.map { text.distance(from: text.startIndex, to: $0.lowerBound) }
                == foundation.map { text.distance(from: text.startIndex, to: $0.lowerBound) })
        #expect(mine.map { String(text[$0]) } == foundation.map { String(text[$0]) })
    }

    @Test("on random text with accents and combining marks, a literal search agrees with Foundation")
    func literalRangeOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab -é\u{301}中")
        let texts = generator.samples([], from: alphabet, maximumLength: 14, count: 3_000)
        let needles = generator.samples(["a", "b", "ab", " - "], from: Array("ab -"), maximumLength: 3, count: 3_000)
        for (text, needle) in zip(texts, needles) where !needle.isEmpty {
            let mine = StudyText.range(of: needle, in: text), foundation = text.range(of: needle)
            #expect(mine.map { text.distance(from: text.startIndex, to: $0.lowerBound) }
                    == foundation.map { text.distance(from: text.startIndex, to: $0.lowerBound) }, "\(text) / \(needle)")
            #expect(StudyText.includes(text, needle) == (foundation != nil), "\(text) / \(needle)")
        }
    }
}

/// Trimming and changing the first letter on bytes give what the Character paths give.
@Suite("Study text first letter and trailing punctuation")
struct StudyTextFirstLetterTests {
    @Test("on random ASCII text, the byte paths agree with the Character paths")
    func agreeOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAzZ-.,;:!? \t\r\n\u{0B}\u{0C}09'\"")
        let fixed = ["", " ", "cell wall.", "Cell", "iPhone", "dict:", "x-ray, the", "ATP!", "\r\n a.\r\n", "Stage two"]
        let samples = generator.samples(fixed, from: alphabet, maximumLength: 10, count: 3000)
        for sample in samples {
            #expect(StudyText.trimmingTrailingPunctuation(sample) == StudyText.characterTrimmingTrailingPunctuation(sample),
                    "\(Array(sample.utf8))")
            #expect(StudyText.capitalisingFirstWord(sample) == StudyText.characterCapitalisingFirstWord(sample), "\(Array(sample.utf8))")
            #expect(StudyText.lowercasingPlainWord(sample) == StudyText.characterLowercasingPlainWord(sample), "\(Array(sample.utf8))")
        }
    }

    @Test("text that is not ASCII is left to the Character paths")
    func notASCII() {
        #expect(StudyText.asciiTrimmingTrailingPunctuation("café.") == nil)
        #expect(StudyText.asciiChangingFirstLetter("éclair", capitalising: true) == nil)
        #expect(StudyText.capitalisingFirstWord("éclair is") == "Éclair is")
        #expect(StudyText.trimmingTrailingPunctuation("끝。 ") == "끝")
    }
}
