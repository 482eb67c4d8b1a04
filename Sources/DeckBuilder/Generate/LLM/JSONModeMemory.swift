import Foundation

/// Remembers, per server base URL, which JSON mode it accepted, so later notes start there instead of failing again.
///
/// One instance is shared by every note of a build.
public actor JSONModeMemory {
    private var modes: [String: JSONMode] = [:]

    public init() {}

    /// The mode that last worked against `baseURL`, or nil when none has been tried.
    public func mode(for baseURL: URL) -> JSONMode? {
        modes[Self.key(baseURL)]
    }

    /// Records that `baseURL` answered a request made in `mode`.
    public func remember(_ mode: JSONMode, for baseURL: URL) {
        modes[Self.key(baseURL)] = mode
    }

    /// `http://host:8080/v1/` and `http://HOST:8080/v1` are one server.
    private static func key(_ url: URL) -> String {
        var text = url.absoluteString.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
