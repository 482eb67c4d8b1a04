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

    /// Beside the text, `….unsure`: the words tesseract was unsure of, one a line. Text cached before deckgen read
    /// confidences has none, and is used as it is.
    static func unsurePath(forText path: String) -> String {
        String(path.dropLast(".txt".count)) + ".unsure"
    }

    /// The cached reading, nil when this image was never read in this language, or why the cached file is not read.
    func reading(at path: String) -> Result<PageReading?, Diagnostic> {
        boundary.readOwnFile(path).map { bytes in
            guard let bytes else { return nil }
            let unsure = (try? boundary.readOwnFile(Self.unsurePath(forText: path)).get()) ?? nil
            let words = unsure.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
            return PageReading(text: String(decoding: bytes, as: UTF8.self), unsureWords: Set(words))
        }
    }

    /// Stores `reading` through temporary files and renames, so a killed build never leaves half a text behind; the
    /// text goes last, as it is what says the page was read.
    func store(_ reading: PageReading, at path: String) throws {
        let folder = PathParts.split(path).folder
        guard boundary.holdsFolder(folder) else { throw ContentBoundary.leadsOut(folder) }
        let words = reading.unsureWords.sorted().map { $0 + "\n" }.joined()
        try AtomicFile.write(Data(words.utf8), to: URL(fileURLWithPath: boundary.path(of: Self.unsurePath(forText: path)), isDirectory: false),
                             createFolders: true)
        try AtomicFile.write(Data(reading.text.utf8), to: URL(fileURLWithPath: boundary.path(of: path), isDirectory: false), createFolders: true)
    }
}
