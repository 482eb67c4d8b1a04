import Foundation

/// Finds the file a checked request names in the site folder, following links only while they stay inside it.
struct SiteFiles: Sendable {
    /// What a path leads to.
    enum Lookup: Equatable, Sendable {
        /// A regular file, open: its path inside the site as every link resolves (`decks/a.html`), which says what
        /// kind of file it is, and the file to send.
        case file(path: String, file: OpenFile)
        /// A folder named without its closing `/`: the browser is sent to `path/`, so the page's relative links work.
        case folder
        case notFound
        /// A path that resolves outside the site folder, through a symbolic link.
        case outside
        /// The site folder is missing, or holds no site deckgen wrote (so deckgen will not serve it).
        case noSite
    }

    /// The folder of the content's own files (images, attachments) that the site copies; see `PreviewResponder`.
    static let attachmentFolder = "files"

    let site: URL

    /// The site folder's real path, when it holds a site deckgen wrote.
    func root() -> String? {
        guard let root = Self.realPath(site.path) else { return nil }
        // Only a folder deckgen marked as its own: `serve -o ~` must not publish a home folder on the failed first build.
        guard access(root + "/" + SiteWriter.markerName, F_OK) == 0 else { return nil }
        return root
    }

    /// What `segments` (checked by `ServeRequest`) lead to; a folder's own page is its `index.html`, and no folder is listed.
    func lookup(_ segments: [String], endsWithSlash: Bool) -> Lookup {
        guard let root = root() else { return .noSite }
        var candidate = ([root] + segments).joined(separator: "/")
        if segments.isEmpty || endsWithSlash { candidate += "/index.html" }
        guard let resolved = Self.realPath(candidate) else { return .notFound }
        // The real path has every link followed: whatever the request said, this is where it would read.
        guard resolved == root || resolved.hasPrefix(root + "/") else { return .outside }
        let inside = resolved.dropFirst(root.count).split(separator: "/")
        guard !inside.contains(where: { $0.hasPrefix(".") }) else { return .notFound }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .notFound }
        if info.st_mode & S_IFMT == S_IFDIR { return endsWithSlash ? .notFound : .folder }
        guard info.st_mode & S_IFMT == S_IFREG, let file = OpenFile(regularFileAt: resolved) else { return .notFound }
        return .file(path: inside.joined(separator: "/"), file: file)
    }
}

// MARK: - File system

private extension SiteFiles {
    /// `path` with every link, `.` and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
