/// A template that cannot be parsed, located as `name:line:column: what is wrong; what was expected`.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The template's name, usually its file name; empty when it has none.
    public var name: String
    /// 1-based line of the offending tag.
    public var line: Int
    /// 1-based column, counted in characters, of the offending tag's first character.
    public var column: Int
    /// What is wrong and, after a `;`, what was expected.
    public var message: String

    /// Makes an error at a known position.
    public init(name: String, line: Int, column: Int, message: String) {
        self.name = name
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as one line, in the `file:line:column: message` form editors and terminals link.
    public var description: String {
        "\(name.isEmpty ? "template" : name):\(line):\(column): \(message)"
    }
}
