import Foundation

/// Open, write or read, close, with no sync: for files whose safety on disk is seen to elsewhere (a site swapped in
/// whole, files synced together) or that the next build makes again. `Data.write` syncs every file, which costs more
/// than making thousands of them.
enum PlainFile {
    /// Writes `data` to `path`, making missing parent folders; false, with `errno` set, when it cannot.
    static func write(_ data: Data, toPath path: String) -> Bool {
        data.withUnsafeBytes { write(bytes: $0, toPath: path) }
    }

    /// `write` of bytes held elsewhere, such as a page's string: no copy of them is made first.
    static func write(bytes: UnsafeRawBufferPointer, toPath path: String) -> Bool {
        // Never through a link: one planted where a temporary file goes would have deckgen write wherever it leads.
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW
        var descriptor = open(path, flags, 0o644)
        if descriptor < 0 && errno == ENOENT {
            try? FileManager.default.createDirectory(atPath: PathParts.split(path).folder, withIntermediateDirectories: true)
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let failure = errno
                close(descriptor)
                errno = failure
                return false
            }
            offset += count
        }
        // A file not synced may report a failed write only here (a full disk on a network filesystem).
        return close(descriptor) == 0
    }

    /// The bytes of the file at `path`; nil when it is missing or cannot be read, or is a link and `followingLinks` is
    /// false. With no `Data` or `FileManager` between: a build asks for a store file per note, and most of a clean
    /// build's are missing.
    static func read(path: String, followingLinks: Bool = true) -> [UInt8]? {
        // Not blocking: a pipe put where a file should be is turned away below rather than waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        // A byte more than the size, so a file that has not grown is read whole and then seen to end.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
