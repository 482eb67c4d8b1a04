import Foundation
import Testing
@testable import DeckBuilder
import DeckTemplates

@Suite("Template set")
struct TemplateSetTests {
    @Test("a content folder's templates may shape pages but not replace the page script")
    func noScriptFromContent() throws {
        let folder = try TemporaryFolder(["content/templates/quiz.js": "alert('from a stranger')", "content/templates/style.css": "body{}",
                                          "own/quiz.js": "console.log('mine')"])
        var warnings = [Diagnostic]()
        let fromContent = try TemplateSet(contentFolder: folder.url.appendingPathComponent("content"), warnings: &warnings)
        #expect(fromContent.files["quiz.js"] == EmbeddedTemplates.files["quiz.js"])
        #expect(fromContent.files["style.css"] == "body{}" && !fromContent.pagesFromContent)
        #expect(warnings.map(\.path) == ["templates/quiz.js"] && warnings[0].message.contains("may not replace the page script"))
        // The builder's own folder, given with --templates, may.
        var none = [Diagnostic]()
        let own = try TemplateSet(contentFolder: folder.url.appendingPathComponent("content"),
                                  explicitTemplates: folder.url.appendingPathComponent("own"), warnings: &none)
        #expect(own.files["quiz.js"] == "console.log('mine')")
    }

    @Test("pages from a content folder's templates carry deckgen's policy ahead of anything the template writes")
    func policyFirst() throws {
        let base = "<!doctype HTML><script>alert(1)</script><html><head></head><body>{{{content}}}</body></html>"
        let folder = try TemporaryFolder(["content/templates/base.mustache": base])
        var warnings = [Diagnostic]()
        let templates = try TemplateSet(contentFolder: folder.url.appendingPathComponent("content"), warnings: &warnings)
        #expect(templates.pagesFromContent && warnings.isEmpty)
        let page = templates.enforcing("default-src 'none'", on: templates.render("base", ["content": "x"]))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;\"><script>"))
        let builtIn = try TemplateSet(warnings: &warnings)
        #expect(builtIn.enforcing("default-src 'none'", on: "<!DOCTYPE html><p>") == "<!DOCTYPE html><p>")
    }
}
