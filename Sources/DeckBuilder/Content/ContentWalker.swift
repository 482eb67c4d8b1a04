import Foundation

/// Lists the files of a content folder in a stable order, staying inside the folder.
public struct ContentWalker: Sendable {
    public let root: URL
    /// Top-level names that are not content (template overrides, settings, the site when built inside).
    public var excludedTopLevel: Set<String> = ["templates", "deckgen.yml", "deckgen.yaml"]
    /// Absolute paths never entered (the site folder, when it lies inside the content folder).
    public var excludedPaths: Set<String> = []

    public init(root: URL) {
        self.root = root
    }

    /// Every file, sorted by path; links that lead outside the folder are skipped with a warning.
    public func files() throws(Diagnostic) -> (files: [SourceFile], warnings: [Diagnostic]) {
        guard let realRoot = RealPath.of(root.path) else {
            throw .error("content folder \(root.path) does not exist; expected a folder of notes")
        }
        var files = [SourceFile]()
        var warnings = [Diagnostic]()
        var visited: Set<String> = [realRoot]
        // An explicit stack rather than recursion: folder depth is the user's to choose.
        var pending: [(relative: String, real: String)] = [("", realRoot)]
        // Only a link can reach a file a second time: with none followed, no file needs checking for it.
        var followedLink = false
        while let (relative, realFolder) = pending.popLast() {
            // Entries are looked up in the open folder, not by their whole path from the root each time.
            let folder = open(realFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if folder >= 0 { close(folder) } }
            guard folder >= 0, let listed = FolderNames.list(folder) else {
                warnings.append(.warning("folder cannot be read (\(String(cString: strerror(errno)))); skipped", path: relative))
                continue
            }
            let names = FolderNames.usable(listed, in: relative, warnings: &warnings)
            for name in names.reversed() {
                if name.hasPrefix(".") && !(relative.isEmpty && name == ".deckgen") { continue }
                if relative.isEmpty && excludedTopLevel.contains(name) { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                let onDisk = realFolder + "/" + name
                var status = stat()
                guard (folder >= 0 ? fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) : lstat(onDisk, &status)) == 0 else { continue }
                // The folder's path is already real, so only a link needs resolving: `realpath` reads every
                // component of the path, which for thousands of notes cost more than reading them.
                var real = onDisk
                if (status.st_mode & S_IFMT) == S_IFLNK {
                    followedLink = true
                    guard let resolved = RealPath.of(onDisk) else {
                        warnings.append(.warning("broken link; skipped", path: path))
                        continue
                    }
                    guard resolved == realRoot || resolved.hasPrefix(realRoot + "/") else {
                        warnings.append(.warning("links to \(resolved), outside the content folder; skipped", path: path))
                        continue
                    }
                    guard stat(resolved, &status) == 0 else { continue }
                    real = resolved
                }
                if excludedPaths.contains(real) { continue }
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    // A link back up the tree would loop for ever: enter each real folder once.
                    if visited.insert(real).inserted { pending.append((path, real)) }
                } else if (status.st_mode & S_IFMT) == S_IFREG {
                    // Known to be a file: `URL(fileURLWithPath:)` would ask the filesystem again.
                    files.append(SourceFile(path: path, url: URL(fileURLWithPath: real, isDirectory: false),
                                            kind: SourceFile.kind(ofPath: path), size: Int(status.st_size)))
                }
            }
        }
        files.sort { $0.path.precedesInUTF8Order($1.path) }
        return followedLink ? Self.withoutAliases(files, root: realRoot, warnings: warnings) : (files, warnings)
    }

    /// A file reached twice (a link to a note beside the note itself) is kept once, under its own path
    /// where it has one, so it does not become two pages.
    private static func withoutAliases(_ files: [SourceFile], root: String,
                                       warnings: [Diagnostic]) -> (files: [SourceFile], warnings: [Diagnostic]) {
        var warnings = warnings
        var chosen = [String: SourceFile]()
        for file in files {
            let real = file.url.path
            guard let earlier = chosen[real] else {
                chosen[real] = file
                continue
            }
            let fileIsOwnPath = root + "/" + file.path == real
            let (kept, skipped) = fileIsOwnPath ? (file, earlier) : (earlier, file)
            chosen[real] = kept
            warnings.append(.warning("links to \(kept.path), which is already in the content folder; skipped", path: skipped.path))
        }
        let keptPaths = Set(chosen.values.map(\.path))
        return (files.filter { keptPaths.contains($0.path) }, warnings)
    }
}

/// Canonical absolute paths, with every link resolved.
enum RealPath {
    /// The resolved path, or nil when it does not exist.
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
