/// A note's text split into its front matter and its Markdown body.
public struct NoteSource: Sendable, Equatable {
    public var frontMatter: FrontMatter
    public var body: String
    /// The 1-based line of the file on which `body` starts, so body line numbers map back to the file.
    public var bodyFirstLine: Int

    /// Splits `text` at a leading `---` block and reads that block as YAML.
    public init(text: String) throws(Diagnostic) {
        guard text.hasPrefix("---\n") || text == "---" else {
            frontMatter = FrontMatter()
            body = text
            bodyFirstLine = 1
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The block ends at the next line that is `---` or `...` (YAML's document end marker).
        guard let end = lines.indices.dropFirst().first(where: { lines[$0] == "---" || lines[$0] == "..." }) else {
            throw .error("front matter opened with `---` is never closed; expected a line `---` after the settings", line: 1)
        }
        let yaml = lines[1..<end].joined(separator: "\n")
        frontMatter = try FrontMatter(yaml: YAMLReader.parse(yaml, lineOffset: 1))
        body = lines[(end + 1)...].joined(separator: "\n")
        bodyFirstLine = end + 2
    }
}
