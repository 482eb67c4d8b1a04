import CLinux
import Foundation

/// Writes a whole site into a temporary folder beside the target, then swaps it in at once,
/// so a failed or killed build leaves the previous site exactly as it was.
public struct SiteWriter: Sendable {
    /// Marks a folder as one deckgen made, and so may replace.
    public static let markerName = ".deckgen-site"
    static let markerText = "This folder was written by deckgen build; the next build replaces it whole.\n"

    public let site: URL
    private let staging: URL

    /// Prepares a fresh staging folder for `site`; refuses a site folder that deckgen did not make.
    public init(site: URL) throws(Diagnostic) {
        let site = site.standardizedFileURL
        self.site = site
        try Self.checkReplaceable(site)
        Self.removeAbandonedStaging(of: site)
        staging = site.deletingLastPathComponent().appendingPathComponent(Self.stagingPrefix(of: site) + "\(getpid())")
        do {
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            // The previous site's marker is kept as it is, like any unchanged page.
            let previousMarker = file(Self.markerName, in: site).path
            if FileManager.default.contents(atPath: previousMarker) != Data(Self.markerText.utf8)
                || link(previousMarker, file(Self.markerName, in: staging).path) != 0 {
                try Data(Self.markerText.utf8).write(to: file(Self.markerName, in: staging))
            }
        } catch {
            throw .error("cannot write beside \(site.path) (\(error.localizedDescription)); expected a writable folder")
        }
    }

    /// Deletes the staging folders that killed builds left beside `site`. A build killed after swapping its site in,
    /// while it deleted the previous site, leaves one behind a site that is complete, which the next build may find
    /// up to date and so never write.
    public static func removeAbandonedStaging(of site: URL) {
        let site = site.standardizedFileURL
        AbandonedFiles.remove(in: site.deletingLastPathComponent(), prefix: stagingPrefix(of: site))
    }

    /// The name of a staging folder for `site`, but for the id of the process that writes it.
    private static func stagingPrefix(of site: URL) -> String {
        ".\(site.lastPathComponent).deckgen-"
    }

    /// Writes one file at `path` (relative to the site root).
    public func write(_ text: String, to path: String) throws(Diagnostic) {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes at `path` (relative to the site root).
    ///
    /// A plain write (`PlainFile`): the staged site is swapped in whole, so a crash loses nothing.
    public func write(_ data: Data, to path: String) throws(Diagnostic) {
        guard PlainFile.write(data, toPath: file(path, in: staging).path) else { throw failure(path) }
    }

    /// Writes bytes held elsewhere at `path`, as `write(_:to:)` does.
    func write(bytes: UnsafeRawBufferPointer, to path: String) throws(Diagnostic) {
        guard PlainFile.write(bytes: bytes, toPath: file(path, in: staging).path) else { throw failure(path) }
    }

    private func failure(_ path: String) -> Diagnostic {
        .error("cannot write \(path) (\(String(cString: strerror(errno))))", path: file(path, in: site).path)
    }

    /// The file at `path` in `folder`, marked as a file: working out whether it is a folder would cost a `stat`.
    private func file(_ path: String, in folder: URL) -> URL {
        folder.appending(path: path, directoryHint: .notDirectory)
    }

    /// Hard-links `path` from the site being replaced into the new one; false when that cannot be done.
    public func linkFromPrevious(_ path: String) -> Bool {
        let target = file(path, in: staging).path
        let source = file(path, in: site).path
        if link(source, target) == 0 { return true }
        guard errno == ENOENT, FileManager.default.fileExists(atPath: source) else { return false }
        try? FileManager.default.createDirectory(atPath: PathParts.split(target).folder, withIntermediateDirectories: true)
        return link(source, target) == 0
    }

    /// Copies the file at `source` to `path` in the site.
    public func copy(_ source: URL, to path: String) throws(Diagnostic) {
        let url = file(path, in: staging)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.copyItem(at: source, to: url)
        } catch {
            throw .error("cannot copy into the site (\(error.localizedDescription))", path: source.path)
        }
    }

    /// Puts the staged site in place of the old one in one atomic step, then deletes the old one.
    public func commit() throws(Diagnostic) {
        if FileManager.default.fileExists(atPath: site.path) {
            guard deck_exchange_paths(staging.path, site.path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw .error("cannot swap the new site in (\(reason)); the previous site is unchanged", path: site.path)
            }
        } else if rename(staging.path, site.path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw .error("cannot move the new site into place (\(reason))", path: site.path)
        }
        // After the exchange the staging path holds the previous site.
        try? FileManager.default.removeItem(at: staging)
    }

    /// Deletes the staged files, leaving the previous site alone.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// An absent or empty folder, or one deckgen made, may be replaced; anything else holds someone's files.
    private static func checkReplaceable(_ site: URL) throws(Diagnostic) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .error("is a file; expected a folder for the site, or a path that does not exist yet", path: site.path)
        }
        // A folder that cannot be listed is not known to be empty: replacing it could delete someone's files.
        let listing = opendir(site.path)
        let reason = String(cString: strerror(errno))
        if let listing { closedir(listing) }
        guard listing != nil, let entries = try? FileManager.default.contentsOfDirectory(atPath: site.path) else {
            throw .error("cannot be listed (\(reason)), so it may hold someone's files; expected a folder deckgen can read, or a new path given with -o",
                         path: site.path)
        }
        if entries.isEmpty || entries.contains(markerName) { return }
        throw .error("holds files that deckgen did not write, and a build would replace it; expected an empty folder, a previous deckgen site, or a new path given with -o",
                     path: site.path)
    }
}
