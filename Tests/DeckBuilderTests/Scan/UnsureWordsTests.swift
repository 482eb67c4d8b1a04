import Foundation
import Testing
@testable import DeckBuilder

@Suite("Words tesseract was unsure of")
struct UnsureWordsTests {
    /// Tesseract's TSV for two lines: header, a line row (level 4, no confidence of its own) and word rows.
    static func tsv(_ words: [(line: Int, text: String, confidence: Double)]) -> String {
        var rows = ["level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"]
        for (number, word) in words.enumerated() {
            rows.append("4\t1\t1\t1\t\(word.line)\t0\t0\t0\t100\t20\t-1\t")
            rows.append("5\t1\t1\t1\t\(word.line)\t\(number + 1)\t0\t0\t40\t20\t\(word.confidence)\t\(word.text)")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    @Test("a word under the threshold is unsure, in lower case without the punctuation around it")
    func lowConfidence() {
        let read = Self.tsv([(1, "The", 96), (1, "Calvin", 95.5), (1, "cycle,", 91), (1, "(strgma)", 41.2), (1, "Lidht.", 62)])
        #expect(UnsureWords.inTSV(read) == ["strgma", "lidht"])
    }

    @Test("a word read clearly once on the page is not unsure where it is smudged")
    func bestReadingCounts() {
        let read = Self.tsv([(1, "the", 30), (1, "stroma", 93), (2, "the", 96), (2, "stroma", 40), (2, "ATP", 12)])
        #expect(UnsureWords.inTSV(read) == ["atp"])
    }

    @Test("a word hyphenated over a line end is unsure joined when either half is")
    func hyphenatedOverALine() {
        let read = Self.tsv([(1, "the", 96), (1, "chloro-", 95), (2, "plast", 52), (2, "holds", 97)])
        #expect(UnsureWords.inTSV(read) == ["plast", "chloroplast"])
    }

    @Test("rows that are not words, or not numbers, are passed over")
    func strayRows() {
        let read = "level\tconf\n5\t1\t1\t1\t1\t1\t0\t0\t1\t1\tx\tword\n3\t1\t1\t1\t0\t0\t0\t0\t1\t1\t-1\t\n"
        #expect(UnsureWords.inTSV(read).isEmpty)
    }

    @Test("a text holds an unsure word as a whole word, or as part of one, but not inside another word")
    func spacedScripts() {
        let unsure: Set<String> = ["lidht", "ray"]
        #expect(UnsureWords.first(in: "Lidht reactions", among: unsure) == "lidht")
        #expect(UnsureWords.first(in: "an X-ray", among: unsure) == "ray")
        #expect(UnsureWords.first(in: "Light reactions and rays", among: unsure) == nil)
        #expect(UnsureWords.first(in: "anything", among: []) == nil)
    }

    @Test("Chinese and Japanese unsure words are found inside running text")
    func runningScripts() {
        #expect(UnsureWords.first(in: "线粒体是细胞的动力", among: ["细胞"]) == "细胞")
        #expect(UnsureWords.first(in: "叶绿体", among: ["细胞"]) == nil)
    }

    @Test("deckgen scan names the unsure words of each line of its text")
    func scanLines() {
        let lines = ScanCommand.unsureLines(in: "Lidht reactions.\n\nThe strgma and the lidht.\n", unsure: ["lidht", "strgma"])
        #expect(lines == [
            "line 1 of the text: tesseract was unsure of \"lidht\"; expected a check against the page (no question is made from these words)",
            "line 3 of the text: tesseract was unsure of \"strgma\", \"lidht\"; expected a check against the page (no question is made from these words)",
        ])
    }
}
