import CLinux
import Foundation

/// Files written together and put in place together: each goes to a temporary file beside its place, and `commit`
/// renames every file into place, so a reader never sees half a file. With `syncs`, the commit first syncs their
/// filesystems once, so each file is on disk before its name appears (as with `AtomicFile`) and thousands of files
/// cost one sync, not one each.
final class StagedFiles: Sendable {
    private struct Staged: Sendable {
        var temporary: String
        var destination: String
        /// SHA-256 of the bytes written.
        var digest: String
    }

    /// Whether `commit` syncs the files to disk before putting them in place.
    let syncs: Bool
    private let staged = LockedBox<[Staged]>([])
    /// Each folder's entries as first listed. Listing a folder for every file written into it made staging
    /// thousands of store files quadratic; a temporary file left by a killed deckgen is there from the start.
    private let folderNames = LockedBox<[String: [String]]>([:])

    /// Files to stage; `syncs` says whether they are synced to disk on `commit`.
    init(syncs: Bool = true) {
        self.syncs = syncs
    }

    /// Writes `data` to a temporary file beside `path`, making missing folders; it takes `path`'s name on `commit`.
    func write(_ data: Data, toPath path: String) throws(StagedFiles.Failure) {
        let temporary = AtomicFile.temporaryPath(for: path, folderNames: names(in: PathParts.split(path).folder))
        guard PlainFile.write(data, toPath: temporary) else {
            let failure = Failure(errno: errno)
            unlink(temporary)
            throw failure
        }
        let digest = SHA256.hex(bytes: data)
        staged.withLock { $0.append(Staged(temporary: temporary, destination: path, digest: digest)) }
    }

    /// Syncs the filesystem of every staged file (with `syncs`), then renames each into place, returning the SHA-256
    /// of each file put in place by its path. Each file is replaced whole or not at all: when one cannot be renamed, the
    /// others are in place by then, its temporary file is removed and its old version stays.
    @discardableResult
    func commit() throws(StagedFiles.Failure) -> [String: String] {
        let files = staged.withLock { files in
            defer { files = [] }
            return files
        }
        do throws(Failure) {
            if syncs {
                for folder in Self.oneFolderPerFilesystem(files.map { PathParts.split($0.temporary).folder }) {
                    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard descriptor >= 0 else { throw Failure(errno: errno) }
                    defer { close(descriptor) }
                    guard deck_sync_filesystem(descriptor) == 0 else { throw Failure(errno: errno) }
                }
            }
            // A file staged twice was written twice to one temporary file: it ends as its last version, renamed once.
            var last = [String: Int](minimumCapacity: files.count)
            for (index, file) in files.enumerated() { last[file.temporary] = index }
            let renamed = files.indices.filter { last[files[$0].temporary] == $0 }.map { files[$0] }
            // On every core: one after another, the renames of thousands of store files held up the build on one.
            let failures = ParallelWork.map(renamed, batch: 64) { file in rename(file.temporary, file.destination) == 0 ? 0 : errno }
            if let failure = failures.first(where: { $0 != 0 }) { throw Failure(errno: failure) }
            return Dictionary(renamed.map { ($0.destination, $0.digest) }, uniquingKeysWith: { $1 })
        } catch {
            // Those already renamed are gone from their temporary names; the rest are removed.
            for file in files { unlink(file.temporary) }
            throw error
        }
    }

    /// The entries of `folder`, listed on first use.
    private func names(in folder: String) -> [String] {
        if let known = folderNames.withLock({ $0[folder] }) { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        folderNames.withLock { $0[folder] = names }
        return names
    }

    /// A folder on each filesystem among `folders` (by device), so each is synced once.
    private static func oneFolderPerFilesystem(_ folders: [String]) -> [String] {
        var devices = Set<UInt64>()
        return Set(folders).sorted().filter { folder in
            var status = stat()
            return stat(folder, &status) != 0 || devices.insert(UInt64(status.st_dev)).inserted
        }
    }

    /// Why a staged file could not be written or put in place: the system's error.
    struct Failure: Error {
        var errno: Int32

        var message: String { String(cString: strerror(errno)) }
    }
}
