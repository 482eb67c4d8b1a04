import Foundation
import Testing
@testable import DeckBuilder

/// The byte path for ASCII text gives what the Unicode path gives.
@Suite("Text normaliser")
struct TextNormaliserTests {
    @Test("ASCII fast path agrees with the Unicode path on every ASCII character in context")
    func asciiAgrees() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        let fixed = ["The -1 and +2, 3.5; 1/2!", "  Mixed\tCASE  text\n", "a-b", "-5 degrees", "x -y", "", "...", "$5 + <b>"]
        let samples = generator.samples(fixed, from: alphabet, maximumLength: 12)
        for sample in samples {
            #expect(TextNormaliser.asciiComparable(sample) == TextNormaliser.unicodeComparable(sample), "\(Array(sample.utf8))")
        }
    }

    @Test("the Unicode path equals lowercasing the whole text first, then reading every scalar's properties")
    func unicodeAgreesWithWholeTextLowercasing() {
        var generator = SystemRandomNumberGenerator()
        // Case pairs with one-to-many and title-case mappings, non-ASCII digits, spaces, dashes, quotes and signs.
        let alphabet = Array("aZ 09-+.,/\t\u{A0}\u{2009}\u{3000}—–“”‘’«»…−İIΣσςßẞǅⅠⅫ３٣é\u{301}中文한ÅΩµﬁ!?_")
        let fixed = ["“Cell” — the −5 and ３.５", "İSTANBUL ΟΔΟΣ", "x\u{A0}-3 — 1—2", ""]
        let samples = generator.samples(fixed, from: alphabet, maximumLength: 12, count: 3000)
        for sample in samples {
            #expect(TextNormaliser.unicodeComparable(sample) == Self.wholeTextComparable(sample), "\(sample.unicodeScalars.map(\.value))")
        }
    }

    /// The rule as first written: the whole text lowercased, then every scalar's Unicode properties read.
    private static func wholeTextComparable(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        let scalars = Array(text.lowercased().unicodeScalars)
        let isPunctuation = { (scalar: Unicode.Scalar) in
            [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation].contains(scalar.properties.generalCategory)
        }
        let isDigit = { (position: Int) in scalars.indices.contains(position) && scalars[position].properties.numericType != nil }
        for (index, scalar) in scalars.enumerated() {
            let inNumber = isDigit(index + 1) && (isDigit(index - 1)
                || ((index == 0 || scalars[index - 1].properties.isWhitespace) && ["-", "+", "−"].contains(scalar)))
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if isPunctuation(scalar) && !inNumber {
                continue
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test("marks let through the byte path are punctuation without case, and the byte path agrees around them")
    func marksAgree() throws {
        let marks = (0x2010...0x2027).compactMap(Unicode.Scalar.init) + ["«", "»"]
        for mark in marks {
            #expect([.dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
                      .otherPunctuation].contains(mark.properties.generalCategory), "\(mark.value)")
            #expect(!mark.properties.changesWhenLowercased && mark.properties.numericType == nil && !mark.properties.isWhitespace)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ 1 9-.,/\t") + marks.map(Character.init) + ["é", "\u{301}"]
        let fixed = ["Which of these best describes “Kaathton”?", "1–2 and 3—x", "«Noir» – 5", "“”"]
        let samples = generator.samples(fixed, from: alphabet, maximumLength: 12, count: 3000)
        for sample in samples {
            #expect(TextNormaliser.comparable(sample) == Self.wholeTextComparable(sample), "\(sample.unicodeScalars.map(\.value))")
            let fold = sample.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect((Question.asciiFolded(sample) ?? fold) == fold, "\(sample.unicodeScalars.map(\.value))")
        }
        #expect(TextNormaliser.asciiComparable("“Cell”") == "cell")
    }

    @Test("non-ASCII text takes the Unicode path")
    func nonASCII() {
        #expect(TextNormaliser.asciiComparable("café") == nil)
        #expect(TextNormaliser.comparable("Café, «Noir»") == "café noir")
    }
}

/// Question ids stay what they were: browsers keep progress under them.
@Suite("Question id fold")
struct QuestionIdFoldTests {
    @Test("the ASCII fold equals the Character fold")
    func asciiFold() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(" \t\n\r\u{0B}\u{0C}aAbBzZ09.,-_")
        for text in generator.samples([], from: alphabet, maximumLength: 14, count: 3000) {
            let slow = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(Question.asciiFolded(text) == slow, "\(Array(text.utf8))")
        }
        #expect(Question.asciiFolded("Café") == nil)
    }
}

/// Blanking a term finds it as Foundation's case-insensitive search would.
@Suite("Case-insensitive term search")
struct CaseInsensitiveSearchTests {
    @Test("byte search agrees with Foundation on mixed text", arguments: [
        ("Cell", "The cell — a CELL — and café cells."), ("cafe", "café and Cafe"), ("e", "e\u{301}e"), ("ATP", "中文 atp, Atp"),
        ("x", "no match here"), ("Na", "ña NA"),
    ])
    func agrees(_ needle: String, _ text: String) {
        var byBytes = [Range<String.Index>](), byFoundation = [Range<String.Index>]()
        var start = text.startIndex
        while let found = StudyText.caseInsensitiveRange(of: needle, in: text, from: start) { byBytes.append(found); start = found.upperBound }
        start = text.startIndex
        while let found = text.range(of: needle, options: .caseInsensitive, range: start..<text.endIndex) { byFoundation.append(found); start = found.upperBound }
        #expect(byBytes.map { text[$0] } == byFoundation.map { text[$0] })
        #expect(byBytes.map { text.distance(from: text.startIndex, to: $0.lowerBound) }
                == byFoundation.map { text.distance(from: text.startIndex, to: $0.lowerBound) })
    }
}

/// Containment on bytes agrees with Foundation's.
@Suite("Byte containment")
struct ByteContainmentTests {
    @Test("includes agrees with Foundation", arguments: [
        ("The [Cell] — a cell", "[Cell"), ("café", "cafe"), ("e\u{301}x", "e"), ("中文 atp", "atp"), ("abc", "abcd"), ("x", "中"),
    ])
    func agrees(_ text: String, _ needle: String) {
        #expect(StudyText.includes(text, needle) == text.contains(needle))
    }
}
