/// A problem found while building, located in a file where possible: `path:line:column: severity: message`.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whether the problem stops the site from being trusted.
    public enum Severity: String, Sendable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// The file, relative to the content folder where it lies inside it; empty when no file is involved.
    public var path: String
    public var line: Int?
    public var column: Int?
    /// What is wrong and, after a `;`, what was expected.
    public var message: String

    public init(_ severity: Severity, _ message: String, path: String = "", line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public static func warning(_ message: String, path: String = "", line: Int? = nil, column: Int? = nil) -> Diagnostic {
        Diagnostic(.warning, message, path: path, line: line, column: column)
    }

    public static func error(_ message: String, path: String = "", line: Int? = nil, column: Int? = nil) -> Diagnostic {
        Diagnostic(.error, message, path: path, line: line, column: column)
    }

    public var description: String {
        // Without a file, a line still helps: `line 7:1: error: …`.
        var location = path.isEmpty && line != nil ? "line " : path
        if let line { location += path.isEmpty ? "\(line)" : ":\(line)" }
        if let column, line != nil { location += ":\(column)" }
        let prefix = location.isEmpty ? "" : location + ": "
        return Self.printable("\(prefix)\(severity.rawValue): \(message)")
    }

    /// `text` on one line with nothing a terminal obeys: messages quote files and servers, and an escape
    /// sequence in them could retitle the window or clear the screen.
    static func printable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: result.append(contentsOf: " ⏎ ".unicodeScalars)
            case 0x09: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
