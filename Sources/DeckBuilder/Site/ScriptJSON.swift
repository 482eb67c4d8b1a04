import Foundation

/// JSON to embed in a page as `<script type="application/json">`: encoded deterministically, with every
/// character that could end the script element or confuse a parser written as a `\u` escape.
enum ScriptJSON {
    /// The encoded value, safe to place raw between `<script type="application/json">` and `</script>`.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: escaped(data), as: UTF8.self)
    }

    /// JSON already written (`JSONText`), made safe to place raw in a script element as `encode` makes it.
    static func safe(_ json: [UInt8]) -> String {
        // Straight from the bytes to the string: through `Data` and back, each page's data was copied twice more.
        json.withUnsafeBufferPointer { String(decoding: escaped($0), as: UTF8.self) }
    }

    /// `safe` as a file's bytes: the site files a build keeps (the manifest, the deck records) are published too.
    static func safeData(_ json: [UInt8]) -> Data {
        json.withUnsafeBufferPointer { Data(escaped($0)) }
    }

    /// JSON with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes, which JSON readers take back as they
    /// were. On the UTF-8 bytes: appending scalar by scalar to a String cost more than encoding the JSON.
    static func escaped(_ data: Data) -> Data {
        data.withUnsafeBytes { raw in Data(escaped(raw.bindMemory(to: UInt8.self))) }
    }

    /// The bytes an escape may start at: `<`, `>`, `&`, and 0xE2, the lead byte of U+2028 and U+2029.
    private static let mayNeedEscape: [Bool] = (0..<256).map { [0x3C, 0x3E, 0x26, 0xE2].contains($0) }

    /// `escaped` on bytes held elsewhere.
    static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var escaped = [UInt8]()
        escaped.reserveCapacity(bytes.count + 64)
        // Runs between escapes are copied whole.
        var runStart = 0
        var index = 0
        while index < bytes.count {
            // Most bytes need no escape: a table tells them apart without the switch below.
            if !Self.mayNeedEscape[Int(bytes[index])] {
                index += 1
                continue
            }
            let replacement: StaticString
            var length = 1
            switch bytes[index] {
            case UInt8(ascii: "<"): replacement = "\\u003c"
            case UInt8(ascii: ">"): replacement = "\\u003e"
            case UInt8(ascii: "&"): replacement = "\\u0026"
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                // U+2028 and U+2029, line and paragraph separators.
                replacement = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                length = 3
            default:
                index += 1
                continue
            }
            escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            escaped.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            index += length
            runStart = index
        }
        escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        return escaped
    }
}
