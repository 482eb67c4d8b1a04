/// JSON appended by hand: the very bytes `JSONEncoder` writes with sorted keys and unescaped slashes, without its
/// boxing of every value, which made the quiz data the costliest part of writing a deck page. Callers give an
/// object's keys in sorted order; a test holds the output to `JSONEncoder`'s.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    /// How many fields the object being written has so far.
    private var fieldsWritten = 0

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, everything else as it is.
    /// The runs between escapes are copied whole.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func bool(_ value: Bool) {
        bytes += Array((value ? "true" : "false").utf8)
    }

    mutating func number(_ value: Int) {
        bytes += Array(String(value).utf8)
    }

    /// JSON already written, such as a value encoded once and shared by every page.
    mutating func fragment(_ json: [UInt8]) {
        bytes += json
    }

    /// An array of `items`, each written by `element`.
    mutating func array<Item>(_ items: [Item], _ element: (inout JSONText, Item) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object: `fields` writes each of its fields with `field(_:_:)`, in sorted key order. Fields are written
    /// by calls, not listed as an array of closures: each closure in an array was allocated, for every object of
    /// every page.
    mutating func object(_ fields: (inout JSONText) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        let outer = fieldsWritten
        fieldsWritten = 0
        fields(&self)
        fieldsWritten = outer
        bytes.append(UInt8(ascii: "}"))
    }

    /// A field of the object being written: its key, then its value as `value` writes it.
    mutating func field(_ key: String, _ value: (inout JSONText) -> Void) {
        if fieldsWritten > 0 { bytes.append(UInt8(ascii: ",")) }
        fieldsWritten += 1
        string(key)
        bytes.append(UInt8(ascii: ":"))
        value(&self)
    }
}
