import Foundation
import Testing
@testable import DeckBuilder

/// A server on a free port of 127.0.0.1 answering from a site folder made by hand: no build, so large files can be
/// put straight into it.
final class ServedSite {
    let folder: TemporaryFolder
    let server: StaticServer

    init(_ files: [String: String]) throws {
        folder = try TemporaryFolder(files.reduce(into: ["site/\(SiteWriter.markerName)": "deckgen site\n"]) { $0["site/" + $1.key] = $1.value })
        let responder = PreviewResponder(files: SiteFiles(site: folder.url.appendingPathComponent("site")), state: LockedBox(PreviewState(generation: 1)))
        server = try StaticServer(port: 0) { responder.respond(to: $0) }
        server.start()
    }

    deinit { server.stop() }

    var port: UInt16 { server.port }

    func path(_ name: String) -> String { folder.url.appendingPathComponent("site/" + name).path }
}

@Suite("Serve: files streamed in chunks", .serialized)
struct ServeStreamingTests {
    @Test("a file of many chunks arrives byte for byte with its Content-Length; HEAD sends the length and no body")
    func largeFileArrivesWhole() throws {
        let site = try ServedSite([:])
        var generator = SplitMix64(seed: 42)
        let size = 5 * ServeResponse.chunkSize / 2 * 3 + 123
        let bytes = Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try site.folder.write(bytes, to: "site/files/notes.pdf")

        let response = try RawHTTPClient.request("GET", "/files/notes.pdf", port: site.port)
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == String(size))
        #expect(response.headers["content-type"] == "application/pdf")
        #expect(response.headers["x-content-type-options"] == "nosniff")
        #expect(response.headers["content-security-policy"] == PreviewResponder.attachmentPolicy)
        #expect(response.body == bytes)

        let head = try RawHTTPClient.request("HEAD", "/files/notes.pdf", port: site.port)
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(size))
        #expect(head.body.isEmpty)
    }

    @Test("several slow clients of a 200 MB file: the server's memory stays far below the file's size")
    func memoryDoesNotGrowWithTheFile() throws {
        let site = try ServedSite([:])
        let size = 200 * 1024 * 1024
        // Sparse: 200 MB to send and no disk to fill. The old server read the whole file for every request.
        try site.folder.write(Data(), to: "site/files/big.bin")
        #expect(truncate(site.path("files/big.bin"), off_t(size)) == 0)

        let before = try #require(ResidentMemory.bytes())
        let clients = 4
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let received = LockedBox([Int]())
        let port = site.port
        for _ in 0..<clients {
            Thread {
                let count = (try? SlowClient.fetch("/files/big.bin", port: port, slowBytes: 2 * 1024 * 1024, started: started)) ?? -1
                received.withLock { $0.append(count) }
                finished.signal()
            }.start()
        }
        for _ in 0..<clients { started.wait() }
        // Every client is connected and reading slowly: this is when a server holding the file would hold it four times.
        var peak = 0
        for _ in 0..<20 {
            peak = max(peak, (ResidentMemory.bytes() ?? 0) - before)
            Thread.sleep(forTimeInterval: 0.05)
        }
        for _ in 0..<clients { finished.wait() }
        #expect(received.withLock { $0 } == Array(repeating: size, count: clients))
        #expect(peak < 64 * 1024 * 1024, "resident memory grew by \(peak / 1_048_576) MB serving a \(size / 1_048_576) MB file to \(clients) clients")
    }
}

/// The resident memory of this process, from /proc.
enum ResidentMemory {
    static func bytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }
}

/// A client that reads the first part of a body slowly, then the rest as fast as it comes, counting what arrives.
enum SlowClient {
    /// The body's length as received, after checking it against Content-Length; `started` is signalled once the
    /// response has begun.
    static func fetch(_ path: String, port: UInt16, slowBytes: Int, started: DispatchSemaphore) throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawHTTPClient.Failure.connect(errno) }
        defer { close(socket) }
        // A small receive buffer, so the server cannot push the whole file into the kernel at once.
        var small: Int32 = 64 * 1024
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw RawHTTPClient.Failure.connect(errno) }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        _ = request.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var signalled = false
        defer { if !signalled { started.signal() } }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var head = Data()
        var total = 0
        while contentLength(head) == nil {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw RawHTTPClient.Failure.malformed(String(decoding: head, as: UTF8.self)) }
            head.append(contentsOf: buffer[0..<count])
        }
        let end = try #require(head.range(of: Data("\r\n\r\n".utf8)))
        total = head.count - end.upperBound
        let length = try #require(contentLength(head))
        signalled = true
        started.signal()
        while true {
            let slow = total < slowBytes
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, slow ? 16 * 1024 : $0.count, 0) }
            guard count > 0 else { break }
            total += count
            if slow { Thread.sleep(forTimeInterval: 0.02) }
        }
        guard length == total else { throw RawHTTPClient.Failure.malformed("\(total) bytes came of a Content-Length of \(length)") }
        return total
    }

    /// The Content-Length of a complete head; nil until the head has ended.
    static func contentLength(_ head: Data) -> Int? {
        guard head.range(of: Data("\r\n\r\n".utf8)) != nil else { return nil }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard let line = text.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }) else { return nil }
        return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    }
}
