import Testing
@testable import DeckBuilder

/// Leaving out definitions whose term starts a link's text finds what searching the note for `[` + term finds.
@Suite("Link text left out")
struct NoteFactsLinkTextTests {
    @Test("agrees with a search of the whole note for each term, on random notes and terms")
    func agreesWithSearch() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["[", "]", "(x.md)", "Cell", "cell", "Cell wall", "é", "中文", " ", "\n", "[Cell", "Ce", "ll"]
        let terms = ["Cell", "cell", "Cell wall", "Ce", "", "é", "中文", "ll", "[", "Cell wall: more"]
        for _ in 0..<400 {
            let markdown = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var facts = NoteFacts()
            facts.found = terms.enumerated().map { index, term in
                NoteFacts.Found(fact: Fact(kind: .definition, term: "t\(index)", answer: "a", heading: nil, source: "s",
                                           reliability: 1, pool: "definition"),
                                definitionTerm: index == 0 ? nil : term)
            }
            let kept = facts.leavingOutLinkText(of: markdown).found.map(\.definitionTerm)
            let expected = facts.found.filter { found in
                found.definitionTerm.map { markdown.isEmpty || !StudyText.includes(markdown, "[" + $0) } ?? true
            }.map(\.definitionTerm)
            #expect(kept == expected, "\(markdown)")
        }
    }
}
