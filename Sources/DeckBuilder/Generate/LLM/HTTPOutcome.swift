/// What one attempt produced: an HTTP answer or a transport error.
public enum HTTPOutcome: Sendable, Equatable {
    case response(HTTPResponse)
    case transport(TransportError)
}
