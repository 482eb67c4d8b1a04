/// Shrinks the built-in stylesheet and script before they are inlined into every page, where each byte
/// is paid once per page: leading indentation, blank lines and whole-line comments go; nothing inside a
/// line changes, so the code means the same. Used only on deckgen's own files, which keep no multi-line
/// strings that indentation would be part of.
enum AssetCompactor {
    /// The script without indentation, blank lines and lines that are only a `//` comment.
    static func script(_ source: String) -> String {
        compact(source, dropLine: { $0.hasPrefix("//") })
    }

    /// The stylesheet without indentation, blank lines and `/* … */` comments that fill whole lines.
    static func stylesheet(_ source: String) -> String {
        compact(source, dropLine: { $0.hasPrefix("/*") && $0.hasSuffix("*/") })
    }

    private static func compact(_ source: String, dropLine: (Substring) -> Bool) -> String {
        var lines = [Substring]()
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || dropLine(trimmed) { continue }
            lines.append(trimmed)
        }
        return lines.joined(separator: "\n")
    }
}
