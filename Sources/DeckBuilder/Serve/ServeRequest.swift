import Foundation

/// A request the preview server will answer: GET or HEAD of a path that cannot leave the site folder.
///
/// The path is checked here, before it touches the file system, so that every trick for climbing out of the
/// site (`..`, `%2e%2e`, `..%2f`, `//host`, absolute URLs, NUL bytes, backslashes) is refused in one place;
/// `SiteFiles` then checks what the path resolves to, for symbolic links.
struct ServeRequest: Equatable, Sendable {
    /// The methods a read-only server answers.
    enum Method: String, Sendable {
        case get = "GET"
        case head = "HEAD"
    }

    /// Why a request is not answered from the site, each with its HTTP status.
    enum Refusal: Error, Equatable, Sendable {
        /// 400: not HTTP/1.x, or a path that is malformed or tries to leave the site.
        case malformed(String)
        /// 405: a method that would change something.
        case methodNotAllowed(String)
        /// 404: a hidden file, such as the build's manifest.
        case hidden
    }

    let method: Method
    /// The decoded path's segments, none empty, `.` or `..`: `["decks", "a.html"]`; empty for `/`.
    let segments: [String]
    /// True when the path ends with `/`, asking for a folder's index page.
    let endsWithSlash: Bool
    /// The path as sent, without query or fragment: it is already checked, so it can go back in a redirect.
    let rawPath: String

    /// Parses a request head (request line and header lines, without the blank line that ends it).
    init(head: String) throws(Refusal) {
        // Split on scalars: as Characters, "\r\n" is one grapheme and would never equal "\n".
        let lines = head.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Substring(line.last == "\r" ? line.dropLast() : line)
        }
        guard let requestLine = lines.first else { throw .malformed("empty request") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("the request line is not METHOD PATH HTTP/1.1") }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { throw .malformed("only HTTP/1.0 and HTTP/1.1 are spoken") }
        try Self.checkHeaders(lines.dropFirst())
        let methodName = String(parts[0])
        guard !methodName.isEmpty, methodName.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw .malformed("the method is not a word in capitals")
        }
        guard let method = Method(rawValue: methodName) else { throw .methodNotAllowed(methodName) }
        self.method = method
        let target = String(parts[1])
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        (segments, endsWithSlash) = try Self.segments(of: path)
        rawPath = path
    }
}

// MARK: - Path

extension ServeRequest {
    /// The decoded segments of `path` and whether it ends with `/`, or the reason it is refused.
    static func segments(of path: String) throws(Refusal) -> ([String], Bool) {
        // Only origin-form paths: `http://evil/x` (absolute form), `*` and `//host/x` name something other than this site.
        guard path.hasPrefix("/") else { throw .malformed("the path does not start with /") }
        guard !path.hasPrefix("//") else { throw .malformed("the path starts with //") }
        guard path.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }) else {
            throw .malformed("the path holds a space, a control character, a backslash or an unencoded non-ASCII byte")
        }
        // `..` is refused before decoding and again after, so neither `/../x` nor `/%2e%2e/x` nor `/..%2fx` gets through.
        let rawSegments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard !rawSegments.contains(where: { $0 == ".." || $0 == "." }) else { throw .malformed("the path holds a . or .. segment") }
        guard let decoded = percentDecoded(path) else { throw .malformed("the path has an invalid %-encoding or is not UTF-8") }
        guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) else {
            throw .malformed("the decoded path holds a NUL, a control character or a backslash")
        }
        var segments = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let endsWithSlash = segments.last == ""
        if endsWithSlash { segments.removeLast() }
        guard !segments.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
            throw .malformed("the decoded path holds an empty, . or .. segment")
        }
        // Dotfiles are the build's own records (`.deckgen-site`, `.deckgen-manifest.json`), never pages.
        guard !segments.contains(where: { $0.hasPrefix(".") }) else { throw .hidden }
        return (segments, endsWithSlash)
    }

    /// `path` with each `%XX` decoded once; nil for a `%` without two hex digits after it, or bytes that are not UTF-8.
    static func percentDecoded(_ path: String) -> String? {
        let bytes = Array(path.utf8)
        var decoded = [UInt8]()
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
            decoded.append(high << 4 | low)
            index += 3
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

// MARK: - Headers

private extension ServeRequest {
    /// Refuses malformed header lines, and a Host other than this machine: a web page whose name was pointed at
    /// 127.0.0.1 (DNS rebinding) must not be able to read the preview.
    static func checkHeaders(_ lines: ArraySlice<Substring>) throws(Refusal) {
        var hosts = [String]()
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw .malformed("a header line is not Name: value")
            }
            if line[..<colon].lowercased() == "host" {
                hosts.append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        guard hosts.count <= 1 else { throw .malformed("more than one Host header") }
        guard let host = hosts.first else { return }
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
        guard ["127.0.0.1", "localhost", "[::1]"].contains(name) else { throw .malformed("the Host header names another machine") }
    }
}
