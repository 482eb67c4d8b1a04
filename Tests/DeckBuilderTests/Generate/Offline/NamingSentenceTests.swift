import Testing
@testable import DeckBuilder

/// Definitions that name their term at the end, in English, Chinese and Japanese prose.
@Suite("Naming sentences")
struct NamingSentenceTests {
    func definitions(_ sentence: String, _ language: GeneratorLanguage, strong: [String] = []) -> [Definition] {
        NamingSentence(language: language).definitions(in: sentence, strong: strong)
    }

    @Test("what comes before the naming words describes the name after them", arguments: [
        ("Water moving across a partially permeable membrane is called osmosis.", GeneratorLanguage.english, "osmosis"),
        ("细胞不断分裂的过程称为有丝分裂。", .chinese, "有丝分裂"),
        ("このように、関数の引数に値をコピーして渡す方法を値渡し(call by value)と呼ぶ。", .japanese, "値渡し"),
    ])
    func named(sentence: String, language: GeneratorLanguage, term: String) throws {
        let found = try #require(definitions(sentence, language).first)
        #expect(found.term == term)
    }

    @Test("a gloss in brackets is an alias")
    func alias() throws {
        let found = try #require(definitions("関数の引数に値をコピーして渡す方法を値渡し(call by value)と呼ぶ。", .japanese).first)
        #expect(found.aliases == ["call by value"])
        #expect(found.text == "関数の引数に値をコピーして渡す方法")
    }

    @Test("no definition from a pronoun, a clause inside a clause, a て-form or `ことは`", arguments: [
        ("This is called osmosis.", GeneratorLanguage.english),
        ("数学の美しい証明を「エレガントな証明」と呼ぶことの対比である。", .japanese),
        ("HDDやSSDなどを総称してストレージと呼ぶ。", .japanese),
        ("やっていることは以下の通り。", .japanese),
        ("それを再帰と呼ぶ。", .japanese),
    ])
    func rejected(sentence: String, language: GeneratorLanguage) {
        #expect(definitions(sentence, language).isEmpty)
    }

    @Test("two names in one Japanese sentence, one clause each")
    func twoNames() {
        let found = definitions("自分自身を呼び出すことを再帰呼び出しと呼び、再帰を使って定義することを再帰的定義と呼ぶ。", .japanese)
        #expect(found.map(\.term) == ["再帰呼び出し", "再帰的定義"])
    }
}
