/// Why a request to a language model gave up: the message is for people and never contains a key.
public struct LLMFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, so callers can react without parsing the message.
    public enum Kind: String, Sendable, Equatable {
        /// The account is out of quota or credit: no further request can succeed today.
        case quotaExhausted
        /// The key was missing or refused (401, 403).
        case authentication
        /// The server refused the request itself (400, 404, other 4xx): asking again won't help.
        case rejected
        /// The server kept failing (429, 5xx) until the attempts ran out.
        case retriesExhausted
        /// The server could not be reached or did not answer in time, until the attempts ran out.
        case transport
        /// The build was interrupted (Ctrl-C) while waiting.
        case cancelled
    }

    public var kind: Kind
    /// What is wrong and, after a `;`, what was expected.
    public var message: String
    /// The last HTTP status seen, if any.
    public var status: Int?
    /// Requests and retries the failed attempt had sent, for the build's totals.
    public var counts = RequestCounts()

    public init(_ kind: Kind, _ message: String, status: Int? = nil) {
        self.kind = kind
        self.message = message
        self.status = status
    }

    /// Whether no further request should be sent to this provider during the build.
    public var stopsEverything: Bool { kind == .quotaExhausted || kind == .authentication }

    public var description: String { message }
}
