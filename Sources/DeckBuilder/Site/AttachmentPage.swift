import Foundation

/// What the site holds for an attachment that is not copied as it is (see `NoteAttachment`): an SVG wrapped so it shows
/// as an image, or a page that shows a file without running anything in it.
enum AttachmentPage {
    /// The largest file a viewer page carries for download: the page holds it whole, as base64.
    static let largestDownload = 16 * 1024 * 1024

    /// Extensions of HTML files, which a viewer page shows rendered in a sandboxed frame rather than as text.
    static let htmlExtensions: Set<String> = ["html", "htm", "xhtml", "xht", "shtml"]

    /// An SVG that draws `svg` as an image: an image runs no script and loads nothing, in a page or opened alone.
    /// The original's size attributes are kept, so it takes the same room.
    static func wrappedSVG(_ svg: [UInt8]) -> String {
        let sizes = rootAttributes(of: svg).filter { ["width", "height", "viewBox", "preserveAspectRatio"].contains($0.name) }
        let attributes = sizes.map { " \($0.name)=\"\($0.value)\"" }.joined()
        return "<svg xmlns=\"http://www.w3.org/2000/svg\"\(attributes)>"
            + "<image width=\"100%\" height=\"100%\" href=\"data:image/svg+xml;base64,\(Data(svg).base64EncodedString())\"/></svg>\n"
    }

    /// The page for the file `name` holding `bytes`: HTML in a frame with scripts off, other text as text, anything else
    /// only named; with the original to download when it is not too large.
    static func viewer(name: String, bytes: [UInt8]) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let text = bytes.contains(0) ? nil : String(validating: bytes, as: UTF8.self)
        var body = "<h1>\(HTML.escape(name))</h1>\n"
        if bytes.count <= largestDownload {
            body += "<p>Shown without running anything in it. <a download=\"\(HTML.escape(name))\" "
                + "href=\"data:application/octet-stream;base64,\(Data(bytes).base64EncodedString())\">Download the original</a> "
                + "(\(byteCount(bytes.count))).</p>\n"
        } else {
            body += "<p>Shown without running anything in it. The original (\(byteCount(bytes.count))) is too large to include; "
                + "it is in the notes' folder.</p>\n"
        }
        if let text, htmlExtensions.contains(ext) {
            // No `allow-*` token: no script, form, pop-up or navigation of this page; the page's policy loads nothing.
            body += "<iframe sandbox title=\"\(HTML.escape(name))\" srcdoc=\"\(HTML.escape(text))\"></iframe>\n"
        } else if let text {
            body += "<pre>\(HTML.escape(text))</pre>\n"
        } else {
            body += "<p>This file is not text, so it is not shown here.</p>\n"
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(name))</title>
            <style>\(style)</style>
            </head><body>
            \(body)</body></html>

            """
    }

    /// Nothing but inline style and images inside the file itself; the sandboxed frame inherits it.
    static let policy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    private static let style = "body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}"
        + "iframe{width:100%;height:80vh;border:1px solid #888}pre{white-space:pre-wrap;overflow-wrap:anywhere}"

    private static func byteCount(_ count: Int) -> String {
        count < 1024 ? "\(count) bytes" : count < 1_048_576 ? "\(count / 1024) KB" : "\(count / 1_048_576) MB"
    }

    /// The attributes of the document's root `<svg>` start tag whose values are plain sizes (digits, letters, `.`, `%`,
    /// `-`, spaces): only those are copied onto the wrapper.
    static func rootAttributes(of svg: [UInt8]) -> [(name: String, value: String)] {
        let text = String(decoding: svg.prefix(64 * 1024), as: UTF8.self)
        guard let open = text.range(of: "<svg") else { return [] }
        var attributes = [(name: String, value: String)]()
        var rest = text[open.upperBound...]
        // Attribute by attribute, so a `>` inside a quoted value does not end the tag.
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard let first = rest.first, first != ">", first != "/" else { break }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" }
            rest = rest.dropFirst(name.count).drop { $0.isWhitespace }
            guard rest.first == "=" else { break }
            rest = rest.dropFirst().drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            let value = String(rest[..<end])
            if value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " .%-,".contains($0)) }) {
                attributes.append((String(name), value))
            }
            rest = rest[rest.index(after: end)...]
        }
        return attributes
    }
}
