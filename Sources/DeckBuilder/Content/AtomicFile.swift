import Foundation

/// Writes a file through a temporary file beside it and a rename, so a reader never sees half a file
/// and a killed deckgen leaves the old one in place. `Data.write` syncs the temporary file before the rename, so
/// after a crash the file is whole, old or new; the folder is not synced, so the old one may come back.
enum AtomicFile {
    /// Writes `data` to `url`; `createFolders` makes missing parent folders first. Temporary files that a
    /// killed deckgen left beside `url` are removed on the way.
    static func write(_ data: Data, to url: URL, createFolders: Bool = false) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = temporaryFile(for: url)
        do {
            if createFolders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// This process's temporary file beside `url` (`.<name>.tmp-<pid>`, the name shortened when it is long), after
    /// removing those a killed deckgen left there.
    static func temporaryFile(for url: URL) -> URL {
        URL(fileURLWithPath: temporaryPath(for: url.path), isDirectory: false)
    }

    /// `temporaryFile(for:)` for a path, which staging thousands of store files joins faster than URLs;
    /// `folderNames` is the listing of the path's folder when the caller has it already.
    static func temporaryPath(for path: String, folderNames: [String]? = nil) -> String {
        let (folder, name) = PathParts.split(path)
        // Room for any process id after the prefix.
        let prefix = FileName.fitting(name, prefix: ".", suffix: ".tmp-", limit: FileName.maximumBytes - 10)
        AbandonedFiles.remove(inFolderAtPath: folder, prefix: prefix, names: folderNames)
        return PathParts.join(folder, prefix + "\(getpid())")
    }
}
