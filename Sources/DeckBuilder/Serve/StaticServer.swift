import Dispatch
import Foundation
import Synchronization

/// Why the preview server could not start listening.
struct ServerError: Error, CustomStringConvertible {
    let description: String
}

/// A small HTTP/1.1 server on 127.0.0.1 over plain POSIX sockets: one request per connection, each read with a
/// size limit and a timeout on a thread of its own and answered by `respond`.
final class StaticServer: Sendable {
    /// The most a request head may take; a site's paths are short, so more is a mistake or an attack.
    static let headLimit = 8 * 1024
    /// How long a client may take to send its request, or to take the response.
    static let timeoutSeconds = 5
    /// Connections answered at once; more wait in the listen backlog, so a flood cannot spawn threads without end.
    static let concurrentConnections = 64

    /// The port it listens on: the one asked for, or the one the system picked for port 0.
    let port: UInt16
    private let listener: Int32
    private let respond: @Sendable (String) -> (response: ServeResponse, headOnly: Bool)
    private let started = Atomic(false)
    private let stopping = Atomic(false)

    /// Listens on 127.0.0.1:`port`; call `start()` to begin answering.
    init(port: UInt16, respond: @escaping @Sendable (String) -> (response: ServeResponse, headOnly: Bool)) throws(ServerError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError(description: "cannot open a socket (\(Self.lastError()))") }
        // A port just left by a stopped preview lingers in TIME_WAIT; without this a restart would fail for a minute.
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        // The loopback address, never INADDR_ANY: the preview is for this machine, not the network it is on.
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw ServerError(description: "cannot listen on 127.0.0.1:\(port) (\(reason))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.listener = descriptor
        self.respond = respond
    }

    /// Starts answering connections on a thread of its own.
    func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "deckgen serve"
        thread.start()
    }

    /// Stops accepting connections; those being answered finish.
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // shutdown wakes the thread blocked in accept, which then closes the socket; closing it here instead could
        // hand its number to another file while accept still used it.
        shutdown(listener, Int32(SHUT_RDWR))
        if !started.load(ordering: .acquiring) { close(listener) }
    }
}

// MARK: - Connections

private extension StaticServer {
    func acceptLoop() {
        let slots = DispatchSemaphore(value: Self.concurrentConnections)
        while !stopping.load(ordering: .acquiring) {
            slots.wait()
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                slots.signal()
                // Out of descriptors or memory: wait a moment rather than spin; the stop check ends the loop.
                if errno != EINTR && errno != ECONNABORTED { usleep(50_000) }
                continue
            }
            // Glibc's module lacks accept4; close-on-exec keeps tesseract, run by a rebuild, from inheriting clients.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            // A thread each, not a work item on a global queue: on Linux that queue runs about one item per core, so
            // a few clients that connect and send nothing would hold up every other request until they time out.
            Thread { [self] in
                answer(client)
                slots.signal()
            }.start()
        }
        close(listener)
    }

    func answer(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: Self.timeoutSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let reply: (response: ServeResponse, headOnly: Bool)
        switch RequestHead.read(from: client, limit: Self.headLimit, seconds: Self.timeoutSeconds) {
        case .head(let text): reply = respond(text)
        case .tooLarge: reply = (.text(431, "431 Request Header Fields Too Large: more than \(Self.headLimit) bytes"), false)
        case .incomplete: reply = (.text(400, "400 Bad Request: the request ended before its blank line"), false)
        case .timedOut: reply = (.text(408, "408 Request Timeout"), false)
        case .nothing: return
        }
        reply.response.send(to: client, headOnly: reply.headOnly)
        Self.drain(client)
    }

    /// Closing with unread input would reset the connection and could lose the response (a POST's body, say):
    /// say we are done, then read what is left until the client closes, for a second at most.
    static func drain(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        var brief = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &brief, socklen_t(MemoryLayout<timeval>.size))
        let deadline = ContinuousClock.now + .seconds(1)
        var scratch = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = scratch.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
