/// A Markdown note read from the content folder, ready to render.
public struct Note: Sendable, Equatable {
    /// The path relative to the content folder, `/`-separated.
    public var path: String
    /// The page name: `decks/<slug>.html`.
    public var slug: String
    public var frontMatter: FrontMatter
    public var body: String
    /// The line of the file on which `body` starts.
    public var bodyFirstLine: Int
    /// SHA-256 of the whole file's normalised text: stored questions made from another text are stale.
    public var sourceHash: String

    /// SHA-256 of `text` with trailing spaces and trailing blank lines normalised away (line ends already are).
    public static func sourceHash(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var trimmed = Substring(line)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
            return trimmed
        }
        return SHA256.hex(lines.joined(separator: "\n").trimmingTrailingNewlines)
    }

    /// The folder part of `path`; it names the note's section on the index.
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The title when neither front matter nor a heading gives one: the file name, with `-` and `_` as spaces.
    public var fileTitle: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        // `page1.scan.png` is a scanned page called page1 (see `SourceFile.isScanPath`).
        if stem.lowercased().hasSuffix(".scan"), stem.count > 5 { stem.removeLast(5) }
        let spaced = String(stem.map { $0 == "-" || $0 == "_" ? " " : $0 }).trimmingWhitespace
        return spaced.isEmpty ? name : spaced
    }
}
