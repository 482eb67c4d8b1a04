import Foundation

/// Tesseract's text for each scanned image, kept in `.deckgen/ocr/` so a page is read once, not on every build,
/// and a build without tesseract (CI) still has the text when the cache is committed.
struct OCRCache: Sendable {
    /// The content folder's edge: no cached text is read or written through a link out of it.
    let boundary: ContentBoundary

    /// `.deckgen/ocr/<SHA-256 of the image's bytes>-<lang>.txt`: the key is the image itself, so renaming or
    /// moving a scan keeps its text and changing a single pixel reads it again.
    static func path(forImage bytes: [UInt8], lang: String) -> String {
        ".deckgen/ocr/\(SHA256.hex(bytes: bytes))-\(lang).txt"
    }

    /// The cached text, nil when this image was never read in this language, or why the cached file is not read.
    func text(at path: String) -> Result<String?, Diagnostic> {
        boundary.readOwnFile(path).map { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Stores `text` through a temporary file and a rename, so a killed build never leaves half a text behind.
    func store(_ text: String, at path: String) throws {
        let folder = PathParts.split(path).folder
        guard boundary.holdsFolder(folder) else { throw ContentBoundary.leadsOut(folder) }
        try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: boundary.path(of: path), isDirectory: false), createFolders: true)
    }
}
