import Foundation

/// Decides where each link and image of a note points in the built site.
struct LinkResolver: Sendable {
    /// What becomes of one URL.
    enum Resolution: Equatable {
        case keep
        /// Use this URL instead; `asset` is the content file to copy into the site.
        case replace(String, asset: String?)
        /// Keep the URL but tell the user.
        case warn(Diagnostic)
        /// Blank the URL and tell the user.
        case refuse(Diagnostic)
    }

    /// A link or image as a note writes it, with the line of the note it is on: what `resolve` is asked.
    struct Reference: Equatable, Sendable {
        var url: String
        var image: Bool
        var line: Int?
    }

    /// Content files by path.
    let files: Set<String>
    /// Note path → slug.
    let slugs: [String: String]

    /// A digest of everything links resolve against: the content files and the notes' slugs. While it stays the
    /// same, every link resolves as it did.
    var universe: String {
        // In UTF-8 byte order, which is as fixed as Swift's order and cheaper to sort by.
        let byBytes = { (lhs: String, rhs: String) in lhs.precedesInUTF8Order(rhs) }
        let slugPairs = slugs.sorted { byBytes($0.key, $1.key) }.flatMap { [$0.key, $0.value] }
        // Counted and each led by its length, since a file's name may hold any character but `/` and NUL.
        let parts = ["\(files.count)"] + files.sorted(by: byBytes) + ["\(slugs.count)"] + slugPairs
        return SHA256.hex(parts.map { "\($0.utf8.count):\($0)" }.joined())
    }

    /// A digest of what `references`, written in the note at `notePath`, resolve to. A page's links change only
    /// when this does, so an unchanged note whose links resolve as before renders the same, whatever other
    /// files came or went.
    func digest(of references: [Reference], notePath: String) -> String {
        Self.digest(of: references.map { ($0, resolve($0.url, isImage: $0.image, notePath: notePath, line: $0.line)) })
    }

    /// The digest of references with what each resolved to.
    static func digest(of resolved: [(reference: Reference, resolution: Resolution)]) -> String {
        let lines = resolved.map { reference, resolution in
            let outcome = switch resolution {
            case .keep: "keep"
            case .replace(let url, let asset): "replace \(url) \(asset ?? "-")"
            case .warn(let warning): "warn \(warning.message)"
            case .refuse(let warning): "refuse \(warning.message)"
            }
            return reference.stored + "\u{1F}" + outcome
        }
        return SHA256.hex(lines.joined(separator: "\n"))
    }

    /// False for a URL whose resolution depends on no content file or slug: empty, a fragment, or one with a
    /// scheme or host. A deck's record keeps only the others.
    static func readsContent(_ url: String) -> Bool {
        !(url.isEmpty || url.hasPrefix("#") || url.hasPrefix("//") || hasScheme(url))
    }

    /// Resolves `url`, written in the note at `notePath` on `line`.
    func resolve(_ url: String, isImage: Bool, notePath: String, line: Int?) -> Resolution {
        let what = isImage ? "image" : "link"
        guard Self.readsContent(url) else {
            // Empty, a fragment, or a URL with a scheme or host: it stays, though an image on the network will not load.
            let lower = url.lowercased()
            if isImage && (url.hasPrefix("//") || lower.hasPrefix("http:") || lower.hasPrefix("https:")) {
                return .warn(.warning("image \(url) is on the network and will not load, since pages load nothing from the network; expected a file inside the content folder",
                                      path: notePath, line: line))
            }
            return .keep
        }
        let (target, suffix) = Self.splitSuffix(url)
        // Foundation's decoding is costly, and most links have nothing to decode.
        let decoded = target.utf8.contains(UInt8(ascii: "%")) ? target.removingPercentEncoding ?? target : target
        guard let path = Self.normalise(decoded, from: Self.folder(of: notePath)) else {
            return .refuse(.warning("\(what) \(url) points outside the content folder; refused; expected a path inside the content folder",
                                    path: notePath, line: line))
        }
        if path.isEmpty { return .keep }
        if let slug = slugs[path] {
            return .replace(Self.encode(slug) + ".html" + suffix, asset: nil)
        }
        if let found = files.firstIndex(of: path) {
            // The file's own spelling: a link may write a name in another Unicode form than the file system holds.
            let file = files[found]
            return .replace("../" + Self.encode(NoteAttachment.sitePath(of: file)) + suffix, asset: file)
        }
        return .warn(.warning("\(what) \(url) names \(path), which is not in the content folder; expected an existing file",
                              path: notePath, line: line))
    }

    /// `scheme:` as RFC 3986 spells it; a Windows drive letter is not a scheme worth keeping either way.
    /// Read on the bytes of ASCII text, where each byte is a Character (every link of every note is looked at).
    static func hasScheme(_ url: String) -> Bool {
        guard url.isASCII else {
            guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else { return false }
            return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        }
        guard let first = url.utf8.first, first.isASCIILetter else { return false }
        for byte in url.utf8.dropFirst() {
            if byte == UInt8(ascii: ":") { return true }
            guard byte.isASCIILetter || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") else { return false }
        }
        return false
    }

    /// Splits `a/b.png?x#y` into `a/b.png` and `?x#y`.
    static func splitSuffix(_ url: String) -> (String, String) {
        let cut = url.isASCII ? url.utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            : url.firstIndex { $0 == "?" || $0 == "#" }
        guard let cut else { return (url, "") }
        return (String(url[..<cut]), String(url[cut...]))
    }

    private static func folder(of path: String) -> [Substring] {
        Array(parts(of: path).dropLast())
    }

    /// The `/`-separated parts of `path`, empty ones left out: split on bytes when it is ASCII.
    static func parts(of path: String) -> [Substring] {
        guard path.isASCII else { return path.split(separator: "/") }
        return path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// The content-relative path `target` names, or nil when `..` climbs above the content folder.
    private static func normalise(_ target: String, from folder: [Substring]) -> String? {
        var parts = target.hasPrefix("/") ? [] : folder
        for part in Self.parts(of: target) {
            // Told apart by their bytes: matching each segment against string literals compared them as Unicode text.
            let dots = part.utf8.count <= 2 && part.utf8.allSatisfy { $0 == UInt8(ascii: ".") } ? part.utf8.count : 0
            switch dots {
            case 1: continue
            case 2:
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Percent-encodes each path segment for use in an `href`.
    static func encode(_ path: String) -> String {
        // Most paths need no escape: those are returned without building Foundation's character set.
        guard !path.utf8.allSatisfy(isUnreserved) else { return path }
        return path.addingPercentEncoding(withAllowedCharacters: unreserved) ?? path
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    /// The bytes `unreserved` holds.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}

/// A reference is stored as one string, `link 12 URL` or `image - URL`: a changed build reads thousands of records'
/// links before it can start, and strings decode faster than objects.
extension LinkResolver.Reference: Codable {
    /// The stored form.
    var stored: String {
        "\(image ? "image" : "link") \(line.map(String.init) ?? "-") \(url)"
    }

    init(stored: String) throws(DecodingError) {
        let parts = stored.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "link" || parts[0] == "image", parts[1] == "-" || Int(parts[1]) != nil else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "expected `link|image LINE URL`, found \(stored)"))
        }
        self.init(url: String(parts[2]), image: parts[0] == "image", line: Int(parts[1]))
    }

    init(from decoder: any Decoder) throws {
        try self.init(stored: try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stored)
    }
}
