import Testing
@testable import DeckBuilder

/// Distractors come from the same list, at the same depth, or the same section's paragraphs; never a parent
/// with its own child, never another note.
@Suite("Definition groups")
struct DefinitionGroupsTests {
    @Test("items nested under an item are a group of their own, and a heading starts new groups")
    func groups() {
        var groups = DefinitionGroups()
        let first = groups.listItem(depth: 1)
        let child = groups.listItem(depth: 2)
        #expect(groups.listItem(depth: 2) == child)
        #expect(groups.listItem(depth: 1) == first)
        #expect(groups.listItem(depth: 2) != child, "a new parent's children are another group")
        let paragraph = groups.paragraph()
        #expect(groups.paragraph() == paragraph)
        groups.startSection()
        #expect(groups.paragraph() != paragraph)
        #expect(groups.listItem(depth: 1) != first)
    }

    @Test("a parent and its child are never choices of one question")
    func parentAndChild() throws {
        let markdown = """
        # Forces

        - **Contact forces**: forces that act when objects touch.
          - **Friction**: a force that opposes motion between surfaces.
          - **Tension**: a force carried along a stretched rope.
          - **Normal force**: a force a surface exerts at right angles to it.
        - **Non-contact forces**: forces that act at a distance.
        - **Resultant force**: the single force with the same effect as all the forces together.
        """
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        let request = GenerationRequest(notePath: "n.md", title: "Forces", lang: "en", count: 10, markdown: markdown, outline: outline)
        let questions = try OfflineGenerator().questions(for: request)
        #expect(!questions.isEmpty)
        let parents: Set<String> = ["Contact forces", "Non-contact forces", "Resultant force"]
        let children: Set<String> = ["Friction", "Tension", "Normal force"]
        for question in questions where question.kind == .choice {
            let choices = Set(question.choices)
            #expect(choices.isDisjoint(with: parents) || choices.isDisjoint(with: children), "\(question.choices)")
        }
    }

    @Test("an attribute under a topic heading is asked of that topic, with other topics' values as choices")
    func attributes() throws {
        let markdown = """
        # Plant hormones

        ### Auxin
        - **Function**: makes shoots grow towards light.
        ### Gibberellin
        - **Function**: starts seeds germinating.
        ### Ethene
        - **Function**: makes fruit ripen.
        """
        let outline = MarkdownRenderer(options: .site).render(markdown).outline
        let facts = FactExtractor(language: .english, markdown: markdown).facts(in: outline).facts
        #expect(facts.map(\.kind) == [.attribute, .attribute, .attribute])
        #expect(facts.map(\.term) == ["Auxin", "Gibberellin", "Ethene"])
        let request = GenerationRequest(notePath: "n.md", title: "Plant hormones", lang: "en", count: 3, markdown: markdown, outline: outline)
        let question = try #require(try OfflineGenerator().questions(for: request).first)
        #expect(question.prompt == "What is the function of “Auxin”?")
        #expect(question.choices.count == 3)
    }
}
