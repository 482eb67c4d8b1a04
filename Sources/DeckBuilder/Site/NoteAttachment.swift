import Foundation

/// How a file a note links to goes into the site so that it can never run script, wherever the site is opened
/// (`file://`, a web server, or a published site that anyone can link into).
///
/// A browser decides what a file is by its type, which `file://` and most servers take from the extension; an HTML,
/// SVG or XML file, or one of a type the browser does not know (which it then sniffs, and may take for HTML), runs
/// its script in the site's origin. So only types every browser knows as inert are copied as they are; an SVG is
/// copied inside a wrapper that shows it as an image; anything else gets a page of its own that shows it without
/// script and offers the original as a download.
enum NoteAttachment: Equatable, Sendable {
    /// Copied as it is: a type browsers know and never run (images, PDF, audio and video, plain text, archives).
    case copied
    /// An SVG, copied as an SVG that shows the original as an image, where no script runs.
    case wrappedSVG
    /// A page at `<path>.html` showing the file (HTML in a sandboxed frame, other text as text) with a download link.
    case viewer

    /// Extensions, lowercased, that Chromium, Firefox and Safari all map to an inert type of their own.
    static let inertExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "ico",
        "pdf", "txt", "csv", "json",
        "mp3", "m4a", "oga", "ogg", "opus", "wav", "flac", "mp4", "m4v", "ogv", "webm",
        "zip", "gz", "tgz",
    ]

    /// How the file at `path` goes into the site.
    static func kind(ofPath path: String) -> NoteAttachment {
        let name = PathParts.split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .viewer }
        let ext = name[name.index(after: dot)...].lowercased()
        if ext == "svg" { return .wrappedSVG }
        return inertExtensions.contains(ext) ? .copied : .viewer
    }

    /// Where the file at content path `path` lies in the site: `files/<path>`, or `files/<path>.html` for a viewer
    /// (its name shortened with a hash if that is too long for a file).
    static func sitePath(of path: String) -> String {
        guard kind(ofPath: path) == .viewer else { return "files/" + path }
        let (folder, name) = PathParts.split(path)
        return "files/" + (folder == "." ? "" : folder + "/") + FileName.fitting(name, suffix: ".html")
    }
}
