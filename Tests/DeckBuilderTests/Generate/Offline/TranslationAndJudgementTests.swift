import Testing
@testable import DeckBuilder

/// Facts that read well but teach nothing: a name asked through its own translation, a description pointing at its
/// neighbours, a judgement read as a definition, a stressed word asked as a keyword.
@Suite("Translations, pointers and judgements are not facts")
struct TranslationAndJudgementTests {
    func facts(_ markdown: String, _ language: GeneratorLanguage) -> [Fact] {
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        return FactExtractor(language: language, markdown: markdown).facts(in: outline).facts
    }

    @Test("a Latin name described in Chinese or Japanese is a translation pair; an abbreviation or a Chinese name is not",
          arguments: [
              ("SECOND()", "返回一个时间的秒部分", true),
              ("307 Temporary Redirect", "临时重定向，与 302 的含义类似", true),
              ("FileChannel", "从文件中读写数据", true),
              ("NF", "每一行拥有的字段总数", false),
              ("事务", "InnoDB 是事务型的", false),
              ("SECOND()", "Returns the seconds of a time", false),
          ])
    func translationPair(term: String, answer: String, expected: Bool) {
        #expect(StudyText.isTranslationPair(term: term, answer: answer) == expected)
    }

    @Test("a Chinese table of English names and their translations gives no facts; one of Chinese names does")
    func translatedTable() {
        let translated = """
        | 函数 | 说明 |
        | --- | --- |
        | YEAR() | 返回一个日期的年份部分 |
        | MONTH() | 返回一个日期的月份部分 |
        | SECOND() | 返回一个时间的秒部分 |
        """
        #expect(facts(translated, .chinese).isEmpty)
        let native = """
        | 使用方式 | 命令 |
        | --- | --- |
        | 打包压缩 | tar -jcv -f filename.tar.bz2 |
        | 查看 | tar -jtv -f filename.tar.bz2 |
        | 解压缩 | tar -jxv -f filename.tar.bz2 |
        """
        #expect(facts(native, .chinese).count == 3)
    }

    @Test("a description that points at its neighbours is no fact", arguments: [
        "in this way", "as follows", "以下の通り", "如下",
    ])
    func pointer(words: String) {
        #expect(StudyText.pointsElsewhere("The GCD can always be expressed \(words)"))
        #expect(!StudyText.pointsElsewhere("A tree in which every parent is ordered before its children"))
    }

    @Test("English sentences that judge or go on with a verb define nothing", arguments: [
        "The Fourier Transform is one of the deepest insights ever made.",
        "Mountains on the background are being shrunk smoothly without visible seams.",
        "Recipes are easier to analyze, compare, and modify than the smoothie itself.",
        "The rows of the triangle are conventionally enumerated starting with row zero.",
        "Below are the permutations of the string ABC.",
    ])
    func judgement(sentence: String) {
        #expect(facts(sentence, .english).isEmpty)
    }

    @Test("an English plural definition still counts")
    func pluralDefinition() throws {
        let fact = try #require(facts("Eulerian trails are trails that visit every edge of a graph exactly once.", .english).first)
        #expect(fact.term == "Eulerian trails")
    }

    @Test("a Chinese subject ending in an adverb or opening on 而 is no term", arguments: [
        "缓冲区实质上是一个数组，但它不仅仅是一个数组。",
        "而 Docker 只是一个进程，只需要将应用打包。",
    ])
    func chineseAdverbSubject(sentence: String) {
        #expect(NamingSentence(language: .chinese).definitions(in: sentence, strong: []).isEmpty)
    }

    @Test("an unmarked Chinese name running on to the end of the sentence is no name")
    func longUnmarkedName() {
        let sentence = "一个双向链表是由一组称为节点的顺序链接记录组成的链接数据结构。"
        #expect(NamingSentence(language: .chinese).definitions(in: sentence, strong: []).isEmpty)
    }

    @Test("stressed Chinese words and guesses in English are no keywords")
    func stressAndGuesses() {
        let keywords = KeywordFacts(language: .chinese)
        #expect(!keywords.isKeyword("不能"))
        #expect(keywords.isKeyword("渗透作用"))
        let english = KeywordFacts(language: .english)
        #expect(!english.standsAlone("Another interesting area of experimentation might be to make the algorithm real-time."))
        #expect(english.standsAlone("Water moves across a partially permeable membrane by osmosis in every living cell."))
    }

    @Test("a hyphenated key gives itself away by any of its words")
    func hyphenatedGiveaway() {
        #expect(StudyText.givesAway("semi-Eulerian", in: "Which term means “A graph that has an Eulerian trail but no circuit”?"))
    }
}

/// Giveaways particular to Chinese and Japanese.
@Suite("Chinese and Japanese giveaways")
struct CJKGiveawayTests {
    @Test("a key whose Han characters all stand in the prompt, apart, is given away")
    func hanApart() {
        #expect(StudyText.givesAway("値渡し", in: "関数の引数に値をコピーして渡す方法を何と呼びますか？"))
        #expect(!StudyText.givesAway("値渡し", in: "関数の引数の渡し方を何と呼びますか？"))
    }

    @Test("an English gloss after the gap is dropped")
    func glossAfterGap() throws {
        let blanked = try #require(StudyText.blanking(["関数"], in: "よく使う処理を 関数 (function) という形で定義する。"))
        #expect(!blanked.contains("function"))
        #expect(blanked.contains("\(StudyText.blank) という形"))
    }

    @Test("a Chinese counting word is no part of a term")
    func countingWord() throws {
        let found = try #require(NamingSentence(language: .chinese).definitions(in: "一个图数据结构是一个由顶点和边构成的有限集。", strong: []).first)
        #expect(found.term == "图数据结构")
    }
}

/// Asides, cut clauses and instructions are no facts.
@Suite("Asides and instructions are not facts")
struct AsideAndInstructionTests {
    func facts(_ markdown: String, _ language: GeneratorLanguage) -> [Fact] {
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        return FactExtractor(language: language, markdown: markdown).facts(in: outline).facts
    }

    @Test("an aside's heading keeps its definitions out; an exercise's does not", arguments: [
        ("## 余談：OSを作った人", false), ("## Aside: a story", false), ("## 課題1：貪欲法", true), ("## Asides and notes", true),
    ])
    func aside(heading: String, kept: Bool) {
        let markdown = "\(heading)\n\n- **貪欲法**：その時点で最も価値の高いものから選ぶ方法。\n- **全探索**：すべての組み合わせを調べる方法。\n"
        #expect(facts(markdown, .japanese).isEmpty != kept)
    }

    @Test("a Japanese answer is not cut after a verb's て-form, and loses a closing だ")
    func teForm() {
        let choices = ChoiceText(language: .japanese)
        #expect(choices.answer(from: "メモリにあるデータをCPUで処理して、またメモリに書き戻す機械である。") == "メモリにあるデータをCPUで処理して、またメモリに書き戻す機械")
        #expect(choices.answer(from: "ユーザとハードウェアの仲立ちをするソフトウェアだ。") == "ユーザとハードウェアの仲立ちをするソフトウェア")
    }

    @Test("an instruction or the writer's aside to the reader is no cloze sentence", arguments: [
        "Find the seam with the lowest energy based on the energy map of the image.",
        "The base part we may omit by just agreeing on what it will be equal to.",
        "The matching should cover the entire input string and not just a part of it.",
    ])
    func instruction(sentence: String) {
        #expect(!KeywordFacts(language: .english).standsAlone(sentence))
    }

    @Test("an example is no description")
    func example() {
        #expect(facts("- 命名别名：例如 ll 是 ls -al 的别名\n- 命令历史：记录使用过的命令\n", .chinese).map(\.term) == ["命令历史"])
    }

    @Test("a Chinese term described only by names in another script is no fact")
    func namesOnly() {
        #expect(facts("- 字节操作：InputStream 和 OutputStream\n- 字符操作：Reader 和 Writer\n", .chinese).isEmpty)
    }
}
