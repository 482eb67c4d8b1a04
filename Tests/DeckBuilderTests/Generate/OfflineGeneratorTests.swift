import Testing
@testable import DeckBuilder

/// The offline generator's questions: valid, varied, in the note's language, deterministic, within the count.
@Suite("Offline generator")
struct OfflineGeneratorTests {
    let generator = OfflineGenerator()
    let validator = QuestionValidator()

    static let english = """
    # Data structures

    - **Stack**: a collection where the last item added is the first removed.
    - **Queue**: a collection where the first item added is the first removed.
    - **Heap**: a tree in which every parent is ordered before its children.
    - **Trie**: a tree that stores strings by their shared prefixes.
    - **Graph** - a set of vertices joined by edges.

    A **hash table** is a structure that maps keys to values through a hash function.
    """

    static let korean = """
    # 운영체제

    - **프로세스**: 실행 중인 프로그램의 인스턴스이다.
    - **스레드**: 프로세스 안에서 실행되는 흐름의 단위이다.
    - **데드락**: 두 작업이 서로의 자원을 기다리며 멈춘 상태이다.
    - **세마포어**: 공유 자원에 접근할 수 있는 작업의 수를 제한하는 변수이다.

    **페이징**은 메모리를 같은 크기의 페이지로 나누어 관리하는 기법이다.
    """

    static let chinese = """
    **四大发明**是指中国古代对世界有重大影响的四项发明。

    - **造纸术**：用树皮、麻头和破布造纸的技术。
    - **印刷术**：把文字和图画转印到纸上的技术。
    - **火药**：由硝石、硫磺和木炭混合而成的发明。
    - **指南针**：利用磁针指示方向的工具。
    """

    static let japanese = """
    - **光合成**：植物が光のエネルギーで糖を作る働き。
    - **呼吸**：細胞が糖を分解してエネルギーを取り出す働き。
    - **蒸散**：葉から水が水蒸気として出ていく現象。
    - **気孔**：葉の表面にある小さなすきま。
    """

    func request(_ markdown: String, lang: String = "en", count: Int = 5) -> GenerationRequest {
        let renderer = MarkdownRenderer(options: .site)
        return GenerationRequest(notePath: "note.md", title: "Note", lang: lang, count: count, markdown: markdown,
                                 outline: renderer.render(markdown).outline)
    }

    @Test("every question is valid, has an explanation, puts the answer first and offers 3 or 4 choices",
          arguments: [(english, "en"), (korean, "ko"), (chinese, "zh-Hans"), (japanese, "ja")])
    func valid(markdown: String, lang: String) throws {
        let questions = try generator.questions(for: request(markdown, lang: lang))
        #expect(questions.count >= 3)
        for question in questions {
            #expect(validator.problems(in: question).isEmpty, "\(question.prompt): \(validator.problems(in: question))")
            #expect(question.answer == 0)
            // Multiple choice from one list, or a recall card where the note has nothing of the same kind to offer.
            #expect((3...4).contains(question.choices.count) || (question.kind == .recall && question.choices.count == 1))
            #expect(!question.explanation.isEmpty)
            #expect(question.origin == .offline)
        }
    }

    @Test("questions mix forms: term to definition, definition to term, fill in the blank")
    func mixesForms() throws {
        let prompts = try generator.questions(for: request(Self.english, count: 6)).map(\.prompt)
        #expect(prompts.contains { $0.contains("which of these best describes") })
        #expect(prompts.contains { $0.contains("which term means") })
    }

    @Test("questions are worded in the note's language", arguments: [
        (korean, "ko", ["다음 중", "다음 설명에 해당하는", "빈칸에"]),
        (chinese, "zh", ["下列", "填空", "什么是", "哪个术语"]),
        (japanese, "ja", ["どれですか", "何ですか"]),
    ])
    func language(markdown: String, lang: String, phrases: [String]) throws {
        for question in try generator.questions(for: request(markdown, lang: lang)) {
            #expect(phrases.contains { question.prompt.contains($0) }, "\(question.prompt)")
        }
    }

    @Test("an untagged Korean note is still asked in Korean")
    func detectsScript() throws {
        let questions = try generator.questions(for: request(Self.korean, lang: "en"))
        #expect(!questions.isEmpty)
        #expect(questions.allSatisfy { !$0.prompt.contains("Which") })
    }

    @Test("the same note always gives the same questions")
    func deterministic() throws {
        let first = try generator.questions(for: request(Self.english))
        let second = try OfflineGenerator().questions(for: request(Self.english))
        #expect(first == second)
    }

    @Test("the count caps the number of questions", arguments: [0, 1, 2, 3])
    func count(count: Int) throws {
        let questions = try generator.questions(for: request(Self.english, count: count))
        #expect(questions.count == count)
    }

    @Test("one question per fact while facts last")
    func onePerFact() throws {
        let questions = try generator.questions(for: request(Self.english, count: 6))
        let keys = questions.map { $0.choices[0] }
        #expect(Set(keys).count == keys.count)
    }

    @Test("a note with nothing to ask gives no questions")
    func nothingToAsk() throws {
        #expect(try generator.questions(for: request("Just some words.\n\n**Note**: nothing here.")).isEmpty)
    }

    @Test("two definitions are too few for multiple choice: each becomes a recall card, never borrowing another note's terms")
    func recallWithoutDistractors() throws {
        let note = "- **Stack**: a last-in, first-out collection.\n- **Queue**: a first-in, first-out collection.\n"
        let questions = try generator.questions(for: request(note))
        #expect(questions.count == 2)
        #expect(questions.allSatisfy { $0.kind == .recall && $0.choices.count == 1 })
        // One card per fact, each answered from this note alone.
        let answers = Set(questions.map { $0.choices[0] })
        #expect(answers.isSubset(of: ["Stack", "Queue", "A last-in, first-out collection", "A first-in, first-out collection"]))
        #expect(answers.contains { $0.contains("Stack") || $0.contains("last-in") } && answers.contains { $0.contains("Queue") || $0.contains("first-in") })
    }

    @Test("distractors for a table cell come from the same column")
    func tableDistractors() throws {
        let note = """
        ## Planets

        | Planet | Moons |
        |---|---|
        | Earth | One |
        | Mars | Two |
        | Jupiter | Ninety-five |
        | Neptune | Sixteen |
        """
        let questions = try generator.questions(for: request(note))
        #expect(!questions.isEmpty)
        let moons: Set<String> = ["One", "Two", "Ninety-five", "Sixteen"]
        let planets: Set<String> = ["Earth", "Mars", "Jupiter", "Neptune"]
        for question in questions {
            #expect(Set(question.choices).isSubset(of: moons) || Set(question.choices).isSubset(of: planets))
        }
    }

    @Test("the generator names itself for the question store")
    func identity() {
        #expect(generator.name == "offline")
        #expect(generator.model == "-")
        #expect(generator.promptVersion == "offline-6")
    }
}

@Suite("Offline generator on huge notes")
struct OfflineGeneratorHugeNoteTests {
    @Test("a table of 10,000 rows is asked about in seconds: no fact is compared with every other")
    func hugeTable() throws {
        let rows = (0..<10_000).map { "| r\($0) | v\($0 % 7 == 0 ? 0 : $0) |" }.joined(separator: "\n")
        let markdown = "# Big\n\n| a | b |\n|---|---|\n" + rows + "\n"
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        let request = GenerationRequest(notePath: "big.md", title: "Big", lang: "en", count: 5, markdown: markdown, outline: outline)
        let start = ContinuousClock.now
        let questions = try OfflineGenerator().questions(for: request)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(!questions.isEmpty)
    }
}
