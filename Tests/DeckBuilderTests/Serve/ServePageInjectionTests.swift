import Foundation
import Testing
@testable import DeckBuilder

@Suite("Serve: live reload added to pages")
struct ServePageInjectionTests {
    /// A page shaped as the templates write one, its policy escaped as the template engine escapes it.
    static let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(HTML.escape(ContentSecurityPolicy(styles: ["a{}"], scripts: ["run()"]).headerValue))">
        <style>a{}</style>
        </head>
        <body class="deck">
        <p>Note text mentioning &lt;meta http-equiv=&quot;Content-Security-Policy&quot;&gt;</p>
        <script>run()</script>
        </body>
        </html>

        """

    /// The policy of the page's meta tag, read back from its attribute.
    func policy(of page: String) throws -> String {
        let tag = try #require(page.range(of: #"<meta http-equiv="Content-Security-Policy" content="[^"]*">"#, options: .regularExpression))
        let value = page[tag].components(separatedBy: "content=\"")[1].dropLast(2)
        return value.replacingOccurrences(of: "&#39;", with: "'")
    }

    /// The text of the last inline script.
    func lastScript(of page: String) throws -> String {
        try #require(page.components(separatedBy: "<script>").last?.components(separatedBy: "</script>").first)
    }

    @Test("the reload script goes before </body>, allowed by its hash, with connect-src 'self' and nothing else widened")
    func reloadScript() throws {
        let injected = PageInjection.inject(into: Self.page, generation: 7, errors: [])
        let script = try lastScript(of: injected)
        #expect(script == ReloadScript.source(generation: 7))
        #expect(script.contains("const shown = '7';"))
        #expect(script.contains("fetch('/_deckgen/generation'"))
        #expect(script.contains("location.reload()"))
        #expect(injected.hasSuffix("<script>\(script)</script>\n</body>\n</html>\n"))
        let policy = try policy(of: injected)
        #expect(policy.contains("script-src 'sha256-\(SHA256.base64("run()"))' 'sha256-\(SHA256.base64(script))'"))
        #expect(policy.contains("connect-src 'self'"))
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("style-src 'sha256-\(SHA256.base64("a{}"))';"))
        #expect(!policy.contains("unsafe"))
        // The note's text that looks like a policy is in the body and stays as it was.
        #expect(injected.contains("<p>Note text mentioning &lt;meta http-equiv=&quot;Content-Security-Policy&quot;&gt;</p>"))
        #expect(!injected.contains("deckgen-serve-error"))
    }

    @Test("after a failed rebuild, a banner lists the errors escaped, and its style is allowed by hash")
    func banner() throws {
        let errors = ["content/a.md:2: error: <script>alert(1)</script> & \"quotes\"", "content/b.md:1: error: second"]
        let injected = PageInjection.inject(into: Self.page, generation: 3, errors: errors)
        #expect(injected.contains("<body class=\"deck\">\n<div id=\"deckgen-serve-error\" role=\"alert\"><p><strong>deckgen: the last rebuild failed</strong>"))
        #expect(injected.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;\ncontent/b.md:1: error: second</pre>"))
        #expect(!injected.contains("<script>alert(1)"))
        #expect(injected.contains("<style>\(FailureBanner.style)</style>\n</head>"))
        let policy = try policy(of: injected)
        #expect(policy.contains("style-src 'sha256-\(SHA256.base64("a{}"))' 'sha256-\(SHA256.base64(FailureBanner.style))'"))
        #expect(policy.contains("'sha256-\(SHA256.base64(try lastScript(of: injected)))'"))
    }

    @Test("without a policy or a body the page still gets its script, and nothing is allowed that was not")
    func barePage() {
        let injected = PageInjection.inject(into: "<p>bare</p>", generation: 1, errors: [])
        #expect(injected == "<p>bare</p><script>\(ReloadScript.source(generation: 1))</script>\n")
    }

    @Test("the policy is widened only where it restricts", arguments: [
        ("default-src 'none'; script-src 'none'", "default-src 'none'; script-src 'sha256-S'; connect-src 'self'"),
        ("default-src 'self'", "default-src 'self'; script-src 'self' 'sha256-S'; connect-src 'self'"),
        ("default-src 'none'; connect-src 'self'", "default-src 'none'; connect-src 'self'; script-src 'sha256-S'"),
        ("script-src 'unsafe-inline'", "script-src 'unsafe-inline'"),
        ("img-src data:", "img-src data:"),
        ("DEFAULT-SRC 'none';  Script-Src 'sha256-A' ;", "DEFAULT-SRC 'none'; Script-Src 'sha256-A' 'sha256-S'; connect-src 'self'"),
    ])
    func policies(before: String, after: String) {
        let rewrite = PolicyRewrite(scripts: ["'sha256-S'"], connections: ["'self'"])
        #expect(rewrite.apply(to: before) == after)
    }

    @Test("only a policy's own meta tag is rewritten, in either quoting, not one that merely mentions a policy")
    func otherMetaTags() {
        let page = "<head><meta name=\"description\" content=\"about Content-Security-Policy\">"
            + "<META HTTP-EQUIV='content-security-policy' CONTENT='default-src &#39;none&#39;'></head><body></body>"
        let rewritten = PolicyRewrite(scripts: ["'sha256-S'"]).rewritingMetaTags(in: page)
        #expect(rewritten == "<head><meta name=\"description\" content=\"about Content-Security-Policy\">"
            + "<META HTTP-EQUIV='content-security-policy' CONTENT=\"default-src &#39;none&#39;; script-src &#39;sha256-S&#39;\"></head><body></body>")
    }

    @Test("with no site, every page is an escaped error page that reloads itself")
    func errorPage() throws {
        let page = FailureBanner.page(errors: ["content/a.md:1: error: bad <b>"], generation: 2)
        #expect(page.contains("<strong>deckgen: the build failed</strong>"))
        #expect(page.contains("bad &lt;b&gt;"))
        let script = try lastScript(of: page)
        #expect(script == ReloadScript.source(generation: 2))
        let policy = try policy(of: page)
        #expect(policy.contains("'sha256-\(SHA256.base64(script))'"))
        #expect(policy.contains("'sha256-\(SHA256.base64(FailureBanner.style))'"))
        #expect(policy.contains("connect-src 'self'"))
    }
}
