extension Question {
    /// A stable id: the same question keeps it across builds and choice orders, so progress and
    /// imports (Anki, JSON) can follow it; a changed prompt, answer or choice makes a new question.
    /// Only case and spacing are ignored: `O(1)*` and `O(1)` are different answers.
    public var id: String {
        let fold = { (text: String) in Self.asciiFolded(text) ?? text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let key = ([fold(prompt), fold(correctChoice ?? "")] + choices.map(fold).sorted()).joined(separator: "\u{1F}")
        return String(SHA256.hex(key).prefix(12))
    }

    /// The fold of ASCII text on its bytes (lowercased, runs of whitespace made one space, none at the ends):
    /// the same as the Character path, which cost a build of thousands of decks more than rendering them.
    static func asciiFolded(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var result = [UInt8]()
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            for var byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !result.isEmpty
                    continue
                }
                if (0x41...0x5A).contains(byte) { byte += 0x20 }
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
