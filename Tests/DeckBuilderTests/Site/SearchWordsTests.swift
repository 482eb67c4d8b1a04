import Testing
@testable import DeckBuilder

/// The words a deck is found by, cut and folded as the index page's script cuts what is typed.
@Suite("Search words")
struct SearchWordsTests {
    static func words(_ text: String) -> [String] {
        SearchWords.joined([text]).split(separator: " ").map(String.init).sorted { $0.precedesInUTF8Order($1) }
    }

    @Test("words are runs of letters and digits, lower case, each once")
    func plainWords() {
        #expect(Self.words("Osmosis moves WATER; water moves (in 2 ways).") == ["2", "in", "moves", "osmosis", "water", "ways"])
    }

    @Test("dashes and curly quotes part words as spaces do")
    func generalPunctuation() {
        #expect(Self.words("“Light” intensity—rate … ‘x’") == ["intensity", "light", "rate", "x"])
        #expect(Self.words("“Café” naïve—Ünïcode") == ["cafe", "naive", "unicode"])
    }

    @Test("a deck's words are kept in one order whatever order its texts came in")
    func stableOrder() {
        let texts = ["Osmosis moves water", "Café — naïve 東京", "in two ways, WATER"]
        #expect(SearchWords.joined(texts) == SearchWords.joined(texts.reversed()))
        #expect(SearchWords.joined(texts).split(separator: " ").count == Set(SearchWords.joined(texts).split(separator: " ")).count)
    }

    @Test("accents of Latin, Greek and Cyrillic are dropped; compatibility forms join their plain ones")
    func folding() {
        #expect(Self.words("Étoile Ｆｕｌｌ café ﬁn") == ["cafe", "etoile", "fin", "full"])
        #expect(Self.words("Ἀθῆναι Ёлка") == ["αθηναι", "елка"])
    }

    @Test("Chinese and Japanese runs are indexed as characters and neighbouring pairs; Korean words as words")
    func ideographic() {
        #expect(Self.words("火药") == ["火", "火药", "药"])
        #expect(Self.words("東京タワー") == ["タ", "タワ", "ワ", "ワー", "ー", "京", "京タ", "東", "東京"])
        #expect(Self.words("광합성 작용") == ["광합성", "작용"])
        #expect(Self.words("DNA复制") == ["dna", "制", "复", "复制"])
    }

    @Test("a very long token is cut, not dropped")
    func longTokens() {
        let long = String(repeating: "a", count: 50)
        #expect(Self.words(long) == [String(repeating: "a", count: SearchWords.longestWord)])
    }

    @Test("HTML gives its text: tags and character references part words, as on screen")
    func htmlText() {
        let text = SearchWords.text(ofHTML: "<p>Cells&amp;tissues <em>divide</em>by<br>mitosis &lt;2&gt;</p>")
        #expect(Self.words(text) == ["2", "by", "cells", "divide", "mitosis", "tissues"])
        #expect(Self.words(SearchWords.text(ofHTML: "<a href=\"x.html\" title=\"hidden words\">shown</a>")) == ["shown"])
    }
}
