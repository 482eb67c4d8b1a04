/// The Content-Type the preview server sends for each kind of file a site holds.
enum ContentTypes {
    static let html = "text/html; charset=utf-8"
    static let plainText = "text/plain; charset=utf-8"
    /// What a file of unknown kind is sent as: with `nosniff`, a browser saves it rather than guessing and running it.
    static let unknown = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": html,
        "htm": html,
        "xhtml": "application/xhtml+xml",
        "xml": "application/xml",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "json": "application/json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "pdf": "application/pdf",
        "txt": plainText,
        "md": "text/markdown; charset=utf-8",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
    ]

    /// The type of a file named `name`, by its extension, ignoring case.
    static func type(ofFileNamed name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return unknown }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? unknown
    }
}
