import Foundation

/// Where the CLI writes: standard output and error, replaceable in tests.
public struct Console: Sendable {
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    /// True when standard error is a terminal, so progress may redraw one line in place.
    public var errorIsTerminal: Bool

    public init(standardOutput: @escaping @Sendable (String) -> Void,
                standardError: @escaping @Sendable (String) -> Void,
                errorIsTerminal: Bool = false) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's own standard output and error.
    public static let system = Console(
        standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
}
