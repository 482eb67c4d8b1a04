import Testing
@testable import DeckBuilder

@Suite("Generator language")
struct GeneratorLanguageTests {
    @Test("the byte screen never changes which language is detected")
    func screeningKeepsTheAnswer() {
        var generator = SystemRandomNumberGenerator()
        // Latin letters, punctuation, accents, Hangul, kana, Han and marks that are not letters.
        let alphabet = Array("abzAZ@[`{ .,“”—éß한국어ひらカナ漢字中文1")
        let fixed = ["", "plain English text", "光合作用是植物的过程", "光合成は植物のプロセスです", "광합성은 식물의 과정이다",
                     "Mitochondria 线粒体 ATP", "“quoted” — dashes"]
        for sample in generator.samples(fixed, from: alphabet, maximumLength: 48, count: 3_000) {
            #expect(GeneratorLanguage.detect(in: sample) == GeneratorLanguage.detect(in: sample, screening: false), "\(sample)")
        }
        #expect(GeneratorLanguage.detect(in: "광합성은 식물의 과정이다") == .korean)
        #expect(GeneratorLanguage.detect(in: "plain English text") == nil)
    }

    @Test("the byte screen counts non-ASCII bytes and ASCII letters as a plain loop does")
    func screenCounts() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abzAZ@[`{ 09~\u{7F}é中😀")
        for text in generator.samples([], from: alphabet, maximumLength: 40, count: 3_000) {
            let nonASCII = text.utf8.filter { $0 >= 0x80 }.count
            let letters = text.utf8.filter { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }.count
            #expect(GeneratorLanguage.mayBeCJK(text) == (4 * nonASCII > 3 * letters), "\(text)")
        }
    }

    @Test("a note's sample, left unjoined when its bytes rule out CJK, gives the language the joined sample gives")
    func unjoinedSample() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abz AZ.,é한국어ひらカナ漢字中文")
        let renderer = MarkdownRenderer()
        for _ in 0..<500 {
            let blocks = (0..<Int.random(in: 1...6)).map { index in
                ["# ", "", "- ", ""][index % 4] + generator.text(from: alphabet, maximumLength: 30)
            }
            let outline = renderer.render(blocks.joined(separator: "\n\n")).outline
            let joined = Self.joinedSample(of: outline)
            #expect(GeneratorLanguage(tag: "", sample: OfflineGenerator.sample(of: outline))
                    == GeneratorLanguage(tag: "", sample: joined), "\(joined)")
        }
    }

    /// The sample as first made: every heading, paragraph and list item followed by a space, up to 4000 characters.
    private static func joinedSample(of outline: NoteOutline) -> String {
        var text = ""
        for entry in outline.entries where text.unicodeScalars.count < 4000 {
            switch entry.block {
            case .heading(_, let words), .paragraph(let words), .listItem(let words, _): text += words.text + " "
            case .table: break
            }
        }
        return text
    }
}
