import Testing
@testable import DeckBuilder

@Suite("HTML escaping")
struct HTMLEscapeTests {
    @Test("escapes each special character", arguments: [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
    ])
    func special(_ input: String, _ expected: String) {
        #expect(HTML.escape(input) == expected)
    }

    @Test("escapes inside text, attributes-style quotes included")
    func mixed() {
        #expect(HTML.escape(#"<a href="x">Tom & Jerry's</a>"#)
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test("leaves text without special characters unchanged", arguments: ["", "plain text", "Chloroplast 42", "émoji 🧠 日本語"])
    func unchanged(_ text: String) {
        #expect(HTML.escape(text) == text)
    }

    @Test("keeps multi-byte characters next to escaped ones")
    func unicode() {
        #expect(HTML.escape("é<ü>🧠&日") == "é&lt;ü&gt;🧠&amp;日")
    }

    @Test("escapes existing entities again rather than guessing they are escaped already")
    func entities() {
        #expect(HTML.escape("&amp;") == "&amp;amp;")
    }

    @Test("handles long strings")
    func long() {
        let text = String(repeating: "a<b>&'\"", count: 10_000)
        let escaped = HTML.escape(text)
        #expect(escaped == String(repeating: "a&lt;b&gt;&amp;&#39;&quot;", count: 10_000))
    }
}
