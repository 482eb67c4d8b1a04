/// A request that got no HTTP answer at all.
public enum TransportError: Error, Sendable, Equatable {
    /// No answer within the per-request timeout.
    case timedOut
    /// Nothing listens at the address (the server is down or the port is wrong).
    case connectionRefused
    /// The connection was reset or closed before a full answer arrived.
    case connectionLost
    /// The host name does not resolve.
    case hostNotFound
    /// Any other network failure, described without URLs or headers.
    case other(String)

    /// A short phrase for messages: `timed out`, `connection refused`, …
    public var phrase: String {
        switch self {
        case .timedOut: "the request timed out"
        case .connectionRefused: "the connection was refused"
        case .connectionLost: "the connection was lost"
        case .hostNotFound: "the host was not found"
        case .other(let detail): "the network failed (\(detail))"
        }
    }
}
