import Foundation

/// The reviewable record of generated questions: `.deckgen/questions/<note path>.md` in the content folder.
public struct QuestionStore: Sendable {
    public let contentFolder: URL
    /// The content folder's edge, which no store file is read or written across. Paths are joined as strings: a build
    /// reads or writes a store file for every note, and joining a string costs far less than building a URL for each.
    private let boundary: ContentBoundary

    public init(contentFolder: URL) {
        self.contentFolder = contentFolder
        boundary = ContentBoundary(contentFolder: contentFolder)
    }

    /// The store file's path relative to the content folder: `biology/cells.md` → `.deckgen/questions/biology/cells.md`,
    /// `scans/page.png` → `.deckgen/questions/scans/page.png.md`. Two notes never share one: a Markdown note whose
    /// name without `.md` would itself be a note's (`a.txt.md` beside `a.txt`) takes another `.md`. A name too long
    /// for a file is shortened with a hash.
    public static func path(forNote notePath: String) -> String {
        let (folder, name) = PathParts.split(notePath)
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : nil
        let keepsName = stem.map { !noteExtensions.contains(SourceFile.lastDotSeparated($0)?.lowercased() ?? "") || !$0.contains(".") } ?? false
        let file = FileName.fitting(name, suffix: keepsName ? "" : ".md")
        return ".deckgen/questions/" + (folder == "." ? file : folder + "/" + file)
    }

    /// The extensions of files that are notes (Markdown, text, scanned images), lowercased.
    static let noteExtensions: Set<String> = SourceFile.imageExtensions.union(["md", "markdown", "txt"])

    /// The stored entry for a note; nil when there is none; the file's problems (with its path) when it is broken.
    /// A file of nothing but whitespace or zero bytes counts as none: that is what a crash can leave of a file the
    /// build had not synced (the offline generator's, which it makes again).
    public func entry(forNote notePath: String) -> Result<QuestionStoreEntry?, DiagnosticList> {
        let path = Self.path(forNote: notePath)
        let read = boundary.readOwnFile(path)
        guard case .success(let found) = read else { return read.map { _ in nil }.mapError { DiagnosticList([$0]) } }
        guard let bytes = found, !bytes.allSatisfy({ $0 == 0 || $0.isASCIIWhitespace }) else { return .success(nil) }
        do throws(Diagnostic) {
            let text = try DecodedText(bytes: bytes).text
            switch QuestionStoreReader.read(text) {
            case .success(let entry): return .success(entry)
            case .failure(let list): return .failure(DiagnosticList(list.diagnostics.map { $0.located(in: path) }))
            }
        } catch {
            return .failure(DiagnosticList([error.located(in: path)]))
        }
    }

    /// Writes `entry` through a temporary file and a rename, so a reader never sees half a file; with `staging`,
    /// the rename waits for its `commit`.
    public func save(_ entry: QuestionStoreEntry) throws(Diagnostic) {
        try save(entry, staging: nil)
    }

    func save(_ entry: QuestionStoreEntry, staging: StagedFiles?) throws(Diagnostic) {
        let path = Self.path(forNote: entry.source)
        let folder = PathParts.split(path).folder
        guard boundary.holdsFolder(folder) else { throw ContentBoundary.leadsOut(folder) }
        let data = Data(entry.fileText.utf8)
        do {
            if let staging {
                try staging.write(data, toPath: boundary.path(of: path))
            } else {
                try AtomicFile.write(data, to: URL(fileURLWithPath: boundary.path(of: path), isDirectory: false), createFolders: true)
            }
        } catch let failure as StagedFiles.Failure {
            throw Self.writeError(failure.message, path: path)
        } catch {
            throw Self.writeError(error.localizedDescription, path: path)
        }
    }

    /// A write to the store that failed, at `path`.
    static func writeError(_ reason: String, path: String) -> Diagnostic {
        .error("cannot write the question store (\(reason)); expected a writable content folder", path: path)
    }
}
