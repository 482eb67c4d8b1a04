import Foundation

/// JSON to embed in a page as `<script type="application/json">`: encoded deterministically, with every
/// character that could end the script element or confuse a parser written as a `\u` escape.
enum ScriptJSON {
    /// The encoded value, safe to place raw between `<script type="application/json">` and `</script>`.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
