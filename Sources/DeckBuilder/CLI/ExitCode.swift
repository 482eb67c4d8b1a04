/// The process exit statuses deckgen uses (BSD sysexits for usage errors, as argument-parser does).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The build ran but cannot be trusted: an error was found, and the previous site was kept.
    case failure = 1
    /// The command line itself was wrong.
    case usage = 64
    /// Ctrl-C stopped the build (128 + SIGINT, as a shell reports it); what was stored is kept.
    case interrupted = 130
}
