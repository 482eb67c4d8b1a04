import Foundation
import Testing
@testable import DeckBuilder

/// JSON placed raw inside a script element cannot end it, and reads back as the same value.
@Suite("Script JSON")
struct ScriptJSONTests {
    @Test("characters that could end the script or break a parser are escaped; the value survives")
    func escapes() throws {
        let value = ["text": "</script><b>&amp; \u{2028}line\u{2029} 中文 é"]
        let encoded = ScriptJSON.encode(value)
        for raw in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!encoded.contains(raw)) }
        #expect(encoded.contains("中文 é"))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(encoded.utf8)) == value)
    }
}
