import Foundation

/// A folder under the system's temporary directory, filled from a `[path: contents]` map and deleted on deinit.
final class TemporaryFolder {
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("deckgen-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` at `path`, creating folders.
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes at `path`, creating folders.
    func write(_ data: Data, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// The text of the file at `path`.
    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Makes a symbolic link at `path` to `target`, as written (relative to the link's folder, or absolute).
    func link(_ path: String, to target: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    /// Every file below `path`, relative and sorted.
    func listing(_ path: String) -> [String] {
        let root = url.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { entry -> String? in
            guard let name = entry as? String else { return nil }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
            return isFolder.boolValue ? nil : name
        }.sorted()
    }
}
