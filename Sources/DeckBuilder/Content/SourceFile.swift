import Foundation

/// A file found in the content folder.
public struct SourceFile: Sendable, Equatable {
    /// What deckgen does with a file, decided by its extension.
    public enum Kind: Sendable, Equatable {
        /// Markdown: becomes a deck page.
        case note
        /// Plain text, typically OCR output (`.txt`): cleaned, then a deck page like a note.
        case scanText
        /// A scanned page (an image in a `scans` folder, or named `*.scan.png`): read by tesseract, then like `.scanText`.
        case scanImage
        /// A scanned document (a PDF in a `scans` folder, or named `*.scan.pdf`): its pages' text layers, or its pages
        /// read by tesseract, make one deck.
        case scanPDF
        /// A folder below `scans` whose name ends in `.pages` (`scans/chapter3.pages/`): its images and PDFs, in
        /// natural order of their names, are the pages of one document and make one deck.
        case scanPages
        /// An image or PDF inside such a folder: a page of its document, not a deck of its own.
        case scanPage
        /// deckgen's own data under `.deckgen/` (the question store), never a page.
        case internalData
        /// Anything else: copied to the site when a note links to it.
        case other
    }

    /// The path relative to the content folder, `/`-separated.
    public var path: String
    /// The absolute location on disk.
    public var url: URL
    public var kind: Kind
    public var size: Int

    /// Image extensions tesseract reads.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff"]

    static func kind(ofPath path: String) -> Kind {
        if path.hasPrefix(".deckgen/") { return .internalData }
        let ext = lastDotSeparated(path)?.lowercased()
        if ext == "pdf" || ext.map(imageExtensions.contains) == true, let folder = documentFolder(of: path),
           isScanPath(folder + "/page") {
            return .scanPage
        }
        switch ext {
        case "md", "markdown": return .note
        case "txt": return .scanText
        case let ext? where imageExtensions.contains(ext) && isScanPath(path): return .scanImage
        case "pdf" where isScanPath(path): return .scanPDF
        case "pages" where isScanPath(path): return .scanPages
        default: return .other
        }
    }

    /// What `path.split(separator: ".").last` gives (the extension, or the whole path when it has no dot), found
    /// from the end on bytes when the path is ASCII: this runs for every file and deck of a build. (Elsewhere a dot
    /// followed by a combining mark is no `.` Character.)
    static func lastDotSeparated(_ path: String) -> Substring? {
        let bytes = path.utf8
        guard path.isASCII else { return path.split(separator: ".").last }
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: ".") { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return nil }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: ".")).map(bytes.index(after:)) ?? bytes.startIndex
        return path[start..<end]
    }

    /// The `….pages` folder `path` lies directly in, if it does.
    static func documentFolder(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = path[..<slash]
        return folder.lowercased().hasSuffix(".pages") && folder.count > ".pages".count ? String(folder) : nil
    }

    /// An image is a scanned page by where it lies or what it is called, never by whether a note links to it:
    /// a photo beside a note is an illustration, and deciding by links would turn a page into a deck or back
    /// whenever a link was added or removed elsewhere, and send every unlinked photo through OCR.
    /// So: any image below a folder named `scans`, or with `.scan.` in its name (`page1.scan.png`).
    static func isScanPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        if parts.dropLast().contains(where: { $0.lowercased() == "scans" }) { return true }
        return parts.last?.lowercased().contains(".scan.") ?? false
    }
}
