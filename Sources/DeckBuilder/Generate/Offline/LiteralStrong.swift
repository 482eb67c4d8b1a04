/// Bold that CommonMark leaves as asterisks: `を**値渡し(call by value)**と呼ぶ` is no emphasis by its flanking rules
/// (a `**` after punctuation and before a letter does not close), so GitHub shows the asterisks, and Chinese and
/// Japanese notes are full of it. The writer still meant a bold term; the generator reads it as one, so its
/// questions carry neither the asterisks nor lose the term.
enum LiteralStrong {
    /// `text` with each `**…**` pair on one line taken for bold: the asterisks dropped and the words added to `strong`.
    static func recovering(_ text: OutlineText) -> OutlineText {
        guard text.text.contains("**") else { return text }
        var result = "", strong = [String]()
        var leading: String?
        var rest = Substring(text.text)
        while let open = rest.range(of: "**") {
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "**") else { break }
            let inner = after[..<close.lowerBound]
            guard !inner.isEmpty, inner.count <= 60, !inner.contains("*"), inner.first?.isWhitespace == false,
                  inner.last?.isWhitespace == false else {
                result += rest[..<open.upperBound]
                rest = after
                continue
            }
            result += rest[..<open.lowerBound]
            if result.allSatisfy(\.isWhitespace), strong.isEmpty, text.leadingStrong == nil { leading = String(inner) }
            result += inner
            strong.append(String(inner))
            rest = after[close.upperBound...]
        }
        result += rest
        guard !strong.isEmpty else { return text }
        return OutlineText(text: result, leadingStrong: text.leadingStrong ?? leading, strong: text.strong + strong)
    }
}
