import Foundation

/// The reviewable record of generated questions: `.deckgen/questions/<note path>.md` in the content folder.
public struct QuestionStore: Sendable {
    public let contentFolder: URL

    public init(contentFolder: URL) {
        self.contentFolder = contentFolder
    }

    /// The store file's path relative to the content folder: `biology/cells.md` → `.deckgen/questions/biology/cells.md`.
    public static func path(forNote notePath: String) -> String {
        ".deckgen/questions/" + (notePath.hasSuffix(".md") ? notePath : notePath + ".md")
    }

    /// The stored entry for a note; nil when there is none; the file's problems (with its path) when it is broken.
    public func entry(forNote notePath: String) -> Result<QuestionStoreEntry?, DiagnosticList> {
        let path = Self.path(forNote: notePath)
        let url = contentFolder.appending(path: path, directoryHint: .notDirectory)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .success(nil)
        }
        do throws(Diagnostic) {
            let text = try DecodedText(bytes: [UInt8](data)).text
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
        let data = Data(entry.fileText.utf8), url = contentFolder.appending(path: path, directoryHint: .notDirectory)
        do {
            if let staging {
                try staging.write(data, to: url)
            } else {
                try AtomicFile.write(data, to: url, createFolders: true)
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
