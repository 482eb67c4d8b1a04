/// A mistake on the command line, reported as `Error: …` followed by the command's usage line.
struct UsageError: Error, Equatable {
    var message: String
    /// The command whose usage to show (`build`), or empty for the top level.
    var command: String

    init(_ message: String, command: String = "") {
        self.message = message
        self.command = command
    }
}
