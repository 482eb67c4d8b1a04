/// The complete questions at the start of a JSON answer that was cut off, such as one that hit the token limit.
///
/// Only objects that close inside the `"questions"` array are kept, and each still goes through the parser's
/// strict checks: a question is either whole or left out, never guessed at.
enum TruncatedAnswer {
    /// `{"questions": [...]}` holding the items of `text`'s questions array that were finished; nil if none were.
    static func completeQuestions(in text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let key = range(of: Array("\"questions\"".utf8), in: bytes) else { return nil }
        var index = key.upperBound
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ":")
                || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        var items = [String]()
        var depth = 0, start = 0
        var inString = false, escaped = false
        for position in (index + 1)..<bytes.count {
            let byte = bytes[position]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { start = position }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return wrapped(items) }  // the array itself closed: the answer was whole after all
                depth -= 1
                if depth == 0 { items.append(String(decoding: bytes[start...position], as: UTF8.self)) }
            default: break
            }
        }
        return wrapped(items)
    }

    private static func wrapped(_ items: [String]) -> String? {
        items.isEmpty ? nil : "{\"questions\": [" + items.joined(separator: ", ") + "]}"
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
