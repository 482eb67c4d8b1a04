import Testing
@testable import DeckBuilder

@Suite("Slugs")
struct SlugTests {
    @Test("paths become lowercase words joined by dashes, in any script", arguments: [
        ("Cell Biology/Mitosis & Meiosis.md", "cell-biology-mitosis-meiosis"),
        ("notes/光合作用.md", "notes-光合作用"),
        ("a/b/c.markdown", "a-b-c"),
        ("!!!.md", "note"),
    ])
    func makesSlugs(path: String, slug: String) {
        #expect(Slug.make(fromPath: path) == slug)
    }

    @Test("ASCII stems are slugged on bytes as on Characters")
    func asciiAgrees() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09 -_./\r\n") + [Character("\r\n")]
        for stem in generator.samples([], from: alphabet, maximumLength: 130, count: 3000) {
            #expect(Slug.asciiSlug(stem) == Slug.characterSlug(stem), "\(Array(stem.utf8))")
        }
        #expect(Slug.asciiSlug("Café") == nil)
    }

    @Test("colliding paths get distinct slugs that do not depend on other files")
    func uniqueAndStable() {
        let first = Slug.unique(forPaths: ["a b.md", "a-b.md", "c.md"])
        #expect(Set(first.values).count == 3)
        #expect(first["a b.md"] == "a-b")
        let second = Slug.unique(forPaths: ["a-b.md", "a b.md", "c.md", "d.md"])
        #expect(second["a-b.md"] == first["a-b.md"])
        #expect(second["a b.md"] == first["a b.md"])
    }

    @Test("each note whose slug was changed is warned about, naming the note that kept it; distinct slugs warn of nothing")
    func collisionsWarned() {
        let warnings = Slug.collisions(in: Slug.unique(forPaths: ["b/x.md", "a b.md", "a-b.md", "A_B.md", "c.md"]))
        #expect(warnings.map(\.path) == ["a b.md", "a-b.md"])
        #expect(warnings.allSatisfy { $0.message.hasPrefix("page name `a-b` is taken by A_B.md") })
        #expect(Slug.collisions(in: Slug.unique(forPaths: ["a.md", "b/a.md", "c.md"])).isEmpty)
    }

    @Test("slugs and their collisions worked out at once are those worked out one after the other")
    func uniqueWithCollisions() {
        for paths in [["b/x.md", "a b.md", "a-b.md", "A_B.md", "c.md"], ["a.md", "b/a.md", "c.md"], []] {
            let together = Slug.uniqueWithCollisions(forPaths: paths)
            #expect(together.slugs == Slug.unique(forPaths: paths))
            #expect(together.collisions == Slug.collisions(in: Slug.unique(forPaths: paths)))
        }
    }

    @Test("a slug stays short enough for a page's file name in any script")
    func longSlugs() {
        let korean = Slug.make(fromPath: String(repeating: "한", count: 84) + ".md")
        #expect(korean.utf8.count <= Slug.maximumBytes && korean.hasPrefix("한한") && !korean.contains("~"))
        #expect(korean != Slug.make(fromPath: String(repeating: "한", count: 83) + "글.md"))
        #expect(Slug.make(fromPath: String(repeating: "a", count: 250) + ".md") == String(repeating: "a", count: 120))
    }
}
