/// An API key held so that no description, debug print or `dump` can show it.
///
/// Read from the environment by the caller; only the request headers ever see `value`.
public struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret itself; read it only to build a request header.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "[redacted]" }
    public var debugDescription: String { "[redacted]" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `text` with every occurrence of the key replaced, for messages that quote a server or a model.
    public func redacting(_ text: String) -> String {
        // Very short "keys" (local servers accept anything) would blank out ordinary words.
        guard value.count >= 4 else { return text }
        return text.replacingOccurrences(of: value, with: "[redacted]")
    }
}
