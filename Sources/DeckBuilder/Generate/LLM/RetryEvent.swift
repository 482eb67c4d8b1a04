/// One retry about to happen, reported to the progress display.
public struct RetryEvent: Sendable, Equatable {
    /// The attempt that just failed (1 for the first).
    public var attempt: Int
    /// How long the client waits before the next attempt.
    public var delay: Duration
    /// Why: `HTTP 429`, `the request timed out`, …
    public var reason: String

    public init(attempt: Int, delay: Duration, reason: String) {
        self.attempt = attempt
        self.delay = delay
        self.reason = reason
    }
}
