import Foundation

/// Writes a response to a client's socket; a file goes out in chunks, so a connection holds one chunk, whatever the
/// file's size, and the 64 connections the server answers at once hold at most 64 chunks.
extension ServeResponse {
    /// The most of a file held in memory at once, per connection.
    static let chunkSize = 64 * 1024

    /// Sends the head and, unless `headOnly`, the body; stops at the first failed send (the client left or stalled
    /// past the socket's send timeout).
    func send(to client: Int32, headOnly: Bool) {
        guard Self.send(head, to: client), !headOnly else { return }
        switch body {
        case .data(let data): _ = Self.send(data, to: client)
        case .file(let file): Self.stream(file, to: client)
        }
    }
}

// MARK: - Socket

private extension ServeResponse {
    /// Sends `file`'s first `file.size` bytes (its Content-Length) a chunk at a time.
    static func stream(_ file: OpenFile, to client: Int32) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < file.size {
            let count = file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(chunkSize, file.size - offset)]), at: offset)
            // A file that shrank or failed mid-way ends the response short of its Content-Length: the connection
            // closes and the client knows the body is incomplete, rather than taking a shorter file as whole.
            guard count > 0, send(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: client) else { return }
            offset += count
        }
    }

    static func send(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { send($0, to: client) }
    }

    /// Whether every byte went; a send that fails or times out gives up on the connection.
    static func send(_ bytes: UnsafeRawBufferPointer, to client: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a client that hung up must not end the whole server with SIGPIPE.
            let sent = Glibc.send(client, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
