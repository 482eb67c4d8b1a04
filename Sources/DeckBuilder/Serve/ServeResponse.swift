import Foundation

/// One HTTP/1.1 response of the preview server, with the headers every response carries.
struct ServeResponse: Sendable {
    /// What follows the head.
    enum Body: Sendable {
        /// Bytes made in memory: messages, and pages with live reload added.
        case data(Data)
        /// A file of the site, sent a chunk at a time as it is read, so a response's memory does not grow with the file.
        case file(OpenFile)

        /// The Content-Length.
        var count: Int {
            switch self {
            case .data(let data): data.count
            case .file(let file): file.size
            }
        }
    }

    var status: Int
    var contentType: String
    var body: Body
    /// Headers beyond the ones every response has (`Allow`, `Location`, `Content-Security-Policy`).
    var extraHeaders: [(String, String)] = []

    /// A short plain-text response, for refusals and redirects.
    static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> ServeResponse {
        ServeResponse(status: status, contentType: ContentTypes.plainText, body: .data(Data((message + "\n").utf8)), extraHeaders: headers)
    }

    /// The response to a request that was refused before the site was looked at.
    static func refusal(_ refusal: ServeRequest.Refusal) -> ServeResponse {
        switch refusal {
        case .malformed(let reason): text(400, "400 Bad Request: \(reason)")
        case .methodNotAllowed(let method): text(405, "405 Method Not Allowed: \(method); this server only reads", headers: [("Allow", "GET, HEAD")])
        case .hidden: text(404, "404 Not Found")
        }
    }

    /// The status line and headers, up to the blank line; the body follows unless the request was HEAD.
    var head: Data {
        // Every response closes its connection: one request each keeps the server simple and nothing lingers.
        let headers: [(String, String)] = [
            ("Content-Type", contentType),
            ("Content-Length", String(body.count)),
            ("Connection", "close"),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
        ] + extraHeaders
        var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return Data(head.utf8)
    }

    /// The reason phrase of each status the server sends.
    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Unknown"
        }
    }
}
