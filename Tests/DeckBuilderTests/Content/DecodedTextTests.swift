import Foundation
import Testing
@testable import DeckBuilder

@Suite("Decoding text")
struct DecodedTextTests {
    @Test("UTF-8 with a BOM loses the BOM")
    func stripsByteOrderMark() throws {
        let decoded = try DecodedText(bytes: [0xEF, 0xBB, 0xBF] + Array("# Hi".utf8))
        #expect(decoded.text == "# Hi")
        #expect(decoded.warnings.isEmpty)
    }

    @Test("CRLF and lone CR become LF")
    func normalisesLineEndings() throws {
        let decoded = try DecodedText(bytes: Array("a\r\nb\rc\n".utf8))
        #expect(decoded.text == "a\nb\nc\n")
    }

    @Test("on random text, line endings are normalised and a NUL is found where a plain scan finds them")
    func randomText() {
        var generator = SystemRandomNumberGenerator()
        for text in generator.samples(["\r", "\r\r\n", "\0"], from: ["a", "b", "\r", "\n", "\0", "é"], maximumLength: 40) {
            let bytes = Array(text.utf8)
            if let zero = bytes.firstIndex(of: 0) {
                let lines = bytes[..<zero].filter { $0 == UInt8(ascii: "\n") }.count + 1
                #expect(throws: Diagnostic.self) { try DecodedText(bytes: bytes) }
                do { _ = try DecodedText(bytes: bytes) } catch { #expect(error.line == lines, "\(bytes)") }
                continue
            }
            let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            #expect((try? DecodedText(bytes: bytes))?.text == expected, "\(bytes)")
        }
    }

    @Test("invalid bytes become U+FFFD with a warning naming line and byte offset")
    func replacesInvalidBytes() throws {
        let bytes = Array("ok\nbad ".utf8) + [0xFF, 0xC3] + Array(" end".utf8)
        let decoded = try DecodedText(bytes: bytes)
        #expect(decoded.text == "ok\nbad \u{FFFD}\u{FFFD} end")
        let warning = try #require(decoded.warnings.first)
        #expect(warning.line == 2)
        #expect(warning.message.contains("0xFF at byte offset 7"))
        #expect(warning.message.contains("1 more"))
    }

    @Test("overlong and surrogate encodings are invalid")
    func rejectsOverlongAndSurrogates() throws {
        #expect(try DecodedText(bytes: [0xC0, 0x80]).warnings.count == 1)
        #expect(try DecodedText(bytes: [0xED, 0xA0, 0x80]).warnings.count == 1)
        #expect(try DecodedText(bytes: Array("日本語 한국어 中文 🙂".utf8)).warnings.isEmpty)
    }

    @Test("a NUL byte marks a binary file")
    func rejectsBinary() {
        #expect(throws: Diagnostic.self) { try DecodedText(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]) }
    }

    @Test("UTF-16 with a byte-order mark is decoded")
    func decodesUTF16() throws {
        let little: [UInt8] = [0xFF, 0xFE, 0x48, 0x00, 0x69, 0x00]
        let big: [UInt8] = [0xFE, 0xFF, 0x00, 0x48, 0x00, 0x69]
        #expect(try DecodedText(bytes: little).text == "Hi")
        #expect(try DecodedText(bytes: big).text == "Hi")
    }
}
