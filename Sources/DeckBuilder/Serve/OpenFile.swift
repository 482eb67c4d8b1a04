import Foundation

/// A regular file of the site held open while it is sent: the bytes that go out are the file that was checked, even
/// when a rebuild swaps the site meanwhile, and the descriptor closes with the last reference.
final class OpenFile: Sendable, Equatable {
    let descriptor: Int32
    /// Its size when it was opened: the Content-Length sent, and the most that is ever read.
    let size: Int

    /// Opens `path` for reading; nil unless it is a regular file. A link swapped in since the path was resolved is not
    /// followed (O_NOFOLLOW), and a named pipe does not block the open (O_NONBLOCK) before fstat refuses it.
    init?(regularFileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int(info.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// The same open file: two opens of one path are two files, which may differ once a rebuild replaces it.
    static func == (lhs: OpenFile, rhs: OpenFile) -> Bool { lhs === rhs }

    /// Reads up to `buffer.count` bytes at `offset`: how many came, 0 at the end of the file, -1 on an error.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// The whole file, for a page small enough to change before sending; nil when it cannot be read.
    func contents() -> Data? {
        var data = Data(count: size)
        var filled = 0
        let complete = data.withUnsafeMutableBytes { bytes in
            while filled < size {
                let count = read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]), at: filled)
                guard count > 0 else { return count == 0 }
                filled += count
            }
            return true
        }
        guard complete else { return nil }
        // A file that shrank since it was opened is sent as it now is.
        return filled == size ? data : data.prefix(filled)
    }
}
