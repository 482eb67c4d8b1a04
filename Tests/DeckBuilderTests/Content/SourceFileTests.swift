import Testing
@testable import DeckBuilder

@Suite("Source files")
struct SourceFileTests {
    @Test("the last dot-separated part is what splitting Characters at dots gives")
    func lastDotSeparated() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab./..M\u{301}é")
        let fixed = ["", ".", "...", "notes/cells.md", "cells.md.", "md", "a..md", "dir.d/file", "é.\u{301}md"]
        for sample in generator.samples(fixed, from: alphabet, maximumLength: 12) {
            #expect(SourceFile.lastDotSeparated(sample) == sample.split(separator: ".").last, "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test("kinds by extension", arguments: [("a/b.md", SourceFile.Kind.note), ("B.MARKDOWN", .note), ("scan.txt", .scanText),
                                            ("scans/p1.png", .scanImage), ("photo.png", .other), (".deckgen/x.md", .internalData),
                                            ("scans/chapter.pdf", .scanPDF), ("ch1.scan.pdf", .scanPDF), ("papers/paper.pdf", .other),
                                            ("scans/ch3.pages", .scanPages), ("scans/ch3.pages/p1.png", .scanPage),
                                            ("scans/ch3.pages/p2.PDF", .scanPage), ("notes/ch3.pages/p1.png", .other)])
    func kinds(path: String, kind: SourceFile.Kind) {
        #expect(SourceFile.kind(ofPath: path) == kind)
    }
}
