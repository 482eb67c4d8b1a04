import Foundation

/// Reads note files: bytes → text → front matter and body.
public struct NoteLoader: Sendable {
    /// Files larger than this are refused: no study note is this big, and it guards memory and time.
    public static let maximumBytes = 16 * 1024 * 1024

    public init() {}

    /// The note in `file`, or nil when the file is empty; problems come back as diagnostics with the file's path.
    public func load(_ file: SourceFile, slug: String) -> (note: Note?, diagnostics: [Diagnostic]) {
        guard file.size <= Self.maximumBytes else {
            return (nil, [.error("file is \(file.size / 1_048_576) MB; expected a note under \(Self.maximumBytes / 1_048_576) MB", path: file.path)])
        }
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: file.url))
        } catch {
            return (nil, [.error("cannot be read (\(error.localizedDescription)); expected a readable file", path: file.path)])
        }
        do throws(Diagnostic) {
            let decoded = try DecodedText(bytes: bytes)
            var diagnostics = decoded.warnings.map { $0.located(in: file.path) }
            // Looked at up to the first letter, not trimmed: trimming copied every note to find it was not empty.
            if decoded.text.unicodeScalars.allSatisfy(\.isWhitespace) {
                diagnostics.append(.warning("empty note; skipped", path: file.path))
                return (nil, diagnostics)
            }
            let source = try NoteSource(text: decoded.text)
            var note = Note(path: file.path, slug: slug, frontMatter: source.frontMatter,
                            body: source.body, bodyFirstLine: source.bodyFirstLine,
                            sourceHash: Note.sourceHash(of: decoded.text))
            note.fileDigest = SHA256.hex(bytes: bytes)
            return (note, diagnostics)
        } catch {
            return (nil, [error.located(in: file.path)])
        }
    }
}

extension Diagnostic {
    /// The same diagnostic with its path set to `path`.
    func located(in path: String) -> Diagnostic {
        var copy = self
        copy.path = path
        return copy
    }
}
