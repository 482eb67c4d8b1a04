import Testing
@testable import DeckBuilder

@Suite("JSON list scanner")
struct JSONListScannerTests {
    func items(_ json: String, keys: [String] = ["attacks", "entries"]) -> [String]? {
        var text = json
        return text.withUTF8 { bytes in
            JSONListScanner.items(in: bytes, keys: keys)?.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    @Test("finds each item of a root array, or of the first listed key's array, without parsing them")
    func finds() {
        #expect(items(#" [ {"a": "x,]}\"y"}, 3 , [1, [2]], null ] "#) == [#"{"a": "x,]}\"y"}"#, "3", "[1, [2]]", "null"])
        #expect(items("[]") == [])
        #expect(items(#"{"notes": [1], "entries": [{"b": 2}], "attacks": "none", "attacks2": [3]}"#) == [#"{"b": 2}"#])
        #expect(items(#"{"x": {"attacks": [1]}, "entries": [2], "attacks": [3]}"#) == ["3"])
        #expect(items(#"{"\u0061ttacks": [5]}"#) == ["5"])
    }

    @Test("a document broken around its items, or of another shape, has none")
    func refuses() {
        for broken in ["[1, 2", "[1 2]", "[1,]", #"{"attacks": [1] "#, #"{"attacks" [1]}"#, "42", #""text""#, "[1] [2]", #"{"other": [1]}"#, ""] {
            #expect(items(broken) == nil || items(broken) == [], "\(broken)")
        }
        #expect(items(#"{"other": [1]}"#) == nil)
        #expect(items("[1,]") == nil)
    }

    @Test("nesting costs no stack")
    func deep() {
        let deep = "[" + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "]"
        #expect(items(deep)?.count == 1)
    }
}
