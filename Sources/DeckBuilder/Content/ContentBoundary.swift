import Foundation

/// The edge of the content folder, which may be a stranger's: deckgen reads and writes its own files there (the
/// question store, the OCR cache, templates, settings) only where no link leads out of it.
final class ContentBoundary: Sendable {
    /// Where a path inside the content folder leads.
    enum Place: Equatable, Sendable {
        /// Inside the folder: the real path, every link followed.
        case inside(String)
        case missing
        /// Outside it, through a link: where it leads.
        case outside(String)
    }

    /// The content folder's real path, which everything read or written must lie under.
    let root: String
    /// The content folder's path as given, which paths are joined to: the files a build writes are known by it.
    private let given: String
    /// Folders already found to stay inside, or not, by their path from the root: a build asks for every store file.
    private let folders = LockedBox<[String: Bool]>([:])

    init(contentFolder: URL) {
        root = RealPath.of(contentFolder.path) ?? contentFolder.standardizedFileURL.path
        given = contentFolder.path
    }

    /// Where `relative` (`templates/style.css`) leads, following links, which may lead anywhere inside.
    func place(of relative: String) -> Place {
        let path = PathParts.join(root, relative)
        guard let real = RealPath.of(path) else { return .missing }
        return contains(real) ? .inside(real) : .outside(real)
    }

    /// Whether the folder at `relative` (`.deckgen/questions/bio`) stays inside: each part of it is a folder, a link to
    /// a folder inside, or does not exist yet (a folder made there is inside).
    func holdsFolder(_ relative: String) -> Bool {
        if relative.isEmpty || relative == "." { return true }
        if let known = folders.withLock({ $0[relative] }) { return known }
        let (parent, _) = PathParts.split(relative)
        var inside = parent == "." || holdsFolder(parent)
        if inside {
            var status = stat()
            let path = PathParts.join(root, relative)
            if lstat(path, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR: inside = true
                case S_IFLNK: inside = RealPath.of(path).map(contains) ?? false
                default: inside = false
                }
            } else {
                inside = errno == ENOENT
            }
        }
        folders.withLock { $0[relative] = inside }
        return inside
    }

    /// The bytes of deckgen's own file at `relative` (a store file, a cached page text): nil when there is none; an
    /// error when it, or a folder on the way, is a link out of the folder, which is never read. deckgen writes these
    /// files itself, so even a link that stays inside is no file of deckgen's and is refused.
    func readOwnFile(_ relative: String) -> Result<[UInt8]?, Diagnostic> {
        let folder = PathParts.split(relative).folder
        guard holdsFolder(folder) else { return .failure(Self.leadsOut(folder)) }
        let path = PathParts.join(root, relative)
        if let bytes = PlainFile.read(path: path, followingLinks: false) { return .success(bytes) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            return .failure(.error("is a link, and deckgen reads no link among its own files; expected the file itself (delete the link and build again)",
                                   path: relative))
        }
        return .success(nil)
    }

    /// The error for a folder of deckgen's own that a link leads out of the content folder.
    static func leadsOut(_ folder: String) -> Diagnostic {
        .error("leads outside the content folder through a link, and deckgen reads and writes nothing there; expected a folder (delete the link and build again)",
               path: folder)
    }

    /// The absolute path of `relative`, under the content folder's path as given.
    func path(of relative: String) -> String {
        PathParts.join(given, relative)
    }

    private func contains(_ real: String) -> Bool {
        real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
