import Foundation

/// An HTTP answer as the retry policy sees it: status, headers (names lowercased) and body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names are lowercased because HTTP header names are case-insensitive.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of a header, whatever the case of `name`.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
