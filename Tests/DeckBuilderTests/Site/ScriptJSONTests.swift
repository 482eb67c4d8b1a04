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

    @Test("random text escapes as replacing each character one by one would")
    func escapesLikeReplacing() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("a<>&\u{2028}\u{2029}\u{2027}\u{202A}“中")
        for text in generator.samples([], from: alphabet, maximumLength: 12) {
            let expected = text.replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "<", with: "\\u003c")
                .replacingOccurrences(of: ">", with: "\\u003e").replacingOccurrences(of: "\u{2028}", with: "\\u2028")
                .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
            #expect(String(decoding: ScriptJSON.escaped(Data(text.utf8)), as: UTF8.self) == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
