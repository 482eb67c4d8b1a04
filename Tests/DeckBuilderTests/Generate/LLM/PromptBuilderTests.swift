import Testing
@testable import DeckBuilder

@Suite("Prompt builder")
struct PromptBuilderTests {
    let builder = PromptBuilder()

    @Test("the system prompt carries the item-writing rules and the language")
    func systemPrompt() {
        let prompt = builder.systemPrompt(lang: "fr")
        for rule in ["one best answer", "distractors", "similar in length", "all of the above", "none of the above",
                     "NOT, EXCEPT", "explanation", "French", "JSON"] {
            #expect(prompt.contains(rule), "missing \(rule)")
        }
        #expect(!prompt.contains(QuestionSchema.jsonText))
        #expect(builder.systemPrompt(lang: "en", includeSchema: true).contains(QuestionSchema.jsonText))
        #expect(PromptBuilder.promptVersion == "llm-3")
    }

    @Test("names the note's language", arguments: [
        ("en", "English"), ("en-GB", "English"), ("zh", "Chinese"), ("zh-Hans", "Simplified Chinese"),
        ("zh-Hant-TW", "Traditional Chinese"), ("zh_TW", "Traditional Chinese"), ("ja", "Japanese"), ("ko-KR", "Korean"),
        ("de", "German"), ("FR", "French"), ("es-419", "Spanish"), ("", "English"),
    ])
    func languageNames(tag: String, name: String) {
        #expect(PromptBuilder.languageName(for: tag) == name)
    }

    @Test("the user prompt holds the count, the title and the note, marked off")
    func userPrompt() {
        let prompt = builder.userPrompt(title: "Photosynthesis", markdown: "Plants make sugar.", count: 3)
        #expect(prompt.contains("up to 3 questions"))
        #expect(prompt.contains("Title: Photosynthesis"))
        #expect(prompt.contains("<note>\nPlants make sugar.\n</note>"))
        #expect(!prompt.contains("part 1"))
        let part = builder.userPrompt(title: "T", markdown: "x", count: 1, part: 2, parts: 3)
        #expect(part.contains("up to 1 question about"))
        #expect(part.contains("part 2 of 3"))
    }

    @Test("the repair prompt lists each question's errors, not its warnings")
    func repairPrompt() {
        let problems = [
            PayloadProblem(index: 2, prompt: "Where is chlorophyll?", message: "choice 2 repeats choice 1; expected different choices"),
            PayloadProblem(index: 0, prompt: nil, message: "missing \"answer\""),
            PayloadProblem(index: 2, prompt: "Where is chlorophyll?", message: "no explanation"),
            PayloadProblem(.warning, index: 1, prompt: "Long?", message: "the answer is much longer"),
            PayloadProblem(message: "unexpected key"),
        ]
        let prompt = builder.repairPrompt(problems: problems, count: 4)
        #expect(prompt == """
        Some of your answer broke the rules:
        - The whole answer: unexpected key
        - Question 1:
          - missing "answer"
        - Question 3 ("Where is chlorophyll?"):
          - choice 2 repeats choice 1; expected different choices
          - no explanation

        Answer again with up to 4 questions that follow every rule, as JSON only, in the same form.
        """)
    }

    @Test("a short note is one chunk; an empty one none")
    func shortNote() {
        #expect(builder.chunks(of: "# A\n\nText.\n", maxCharacters: 100) == ["# A\n\nText."])
        #expect(builder.chunks(of: "  \n", maxCharacters: 100).isEmpty)
    }

    @Test("splits at headings, packing small sections together")
    func headings() {
        let note = "# One\n\nAlpha.\n\n## Two\n\nBeta.\n\n## Three\n\nGamma gamma gamma gamma."
        let chunks = builder.chunks(of: note, maxCharacters: 40)
        #expect(chunks == ["# One\n\nAlpha.\n\n## Two\n\nBeta.", "## Three\n\nGamma gamma gamma gamma."])
    }

    @Test("a section too long is split at paragraphs, then lines, and never exceeds the budget")
    func longSection() {
        let paragraph = String(repeating: "word ", count: 30).trimmingCharacters(in: .whitespaces)
        let note = "# Big\n\n\(paragraph)\n\n\(paragraph)\n\n" + String(repeating: "x", count: 250)
        let chunks = builder.chunks(of: note, maxCharacters: 160)
        #expect(chunks.count >= 4)
        #expect(chunks.allSatisfy { $0.count <= 160 && !$0.isEmpty })
        #expect(chunks.first?.hasPrefix("# Big") == true)
        #expect(chunks.joined().filter { $0 == "x" }.count == 250)
    }

    @Test("a `#` line inside fenced code is not a heading")
    func fencedCode() {
        let note = "# Shell\n\nIntro text here.\n\n```sh\n# not a heading\necho hi\n```\n\n# Next\n\nMore."
        let chunks = builder.chunks(of: note, maxCharacters: 60)
        #expect(chunks.first == "# Shell\n\nIntro text here.\n\n```sh\n# not a heading\necho hi\n```")
        #expect(chunks.last == "# Next\n\nMore.")
    }
}
