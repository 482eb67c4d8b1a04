import Foundation

/// Files and folders named `<prefix><pid>` that a killed deckgen left behind: their process is gone,
/// so nothing else will ever delete them.
enum AbandonedFiles {
    /// Deletes every entry of `folder` named `prefix` + the id of a process that no longer runs.
    /// `names` is the folder's listing when the caller has it already.
    static func remove(in folder: URL, prefix: String, names: [String]? = nil) {
        remove(inFolderAtPath: folder.path, prefix: prefix, names: names)
    }

    /// `remove(in:prefix:names:)` for a folder's path.
    static func remove(inFolderAtPath folder: String, prefix: String, names: [String]? = nil) {
        let names = names ?? (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)) else { continue }
            if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: PathParts.join(folder, name))
            }
        }
    }
}
