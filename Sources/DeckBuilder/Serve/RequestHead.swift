import Foundation

/// Reads a request head (up to the blank line) from a socket, within a size limit; the socket's timeout bounds the wait.
enum RequestHead {
    enum Outcome: Equatable, Sendable {
        /// The head, without its closing blank line.
        case head(String)
        /// The limit was reached before the blank line.
        case tooLarge
        /// The client closed the connection partway.
        case incomplete
        /// The client stopped sending partway, for longer than the timeout.
        case timedOut
        /// The client closed or timed out before sending anything: nothing to answer.
        case nothing
    }

    /// Reads from `socket` until a blank line ends the head, `limit` bytes have come, or the client stops or
    /// takes longer than `seconds` in all.
    static func read(from socket: Int32, limit: Int, seconds: Int) -> Outcome {
        // The socket's own timeout bounds each wait; this bounds them together, against a byte sent every few seconds.
        let deadline = ContinuousClock.now + .seconds(seconds)
        var received = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 2048)
        while received.count < limit {
            guard ContinuousClock.now < deadline else { return .timedOut }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, min($0.count, limit - received.count), 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if received.isEmpty { return .nothing }
                return count == 0 ? .incomplete : .timedOut
            }
            let searchFrom = max(0, received.count - 3)
            received += chunk[0..<count]
            if let end = endOfHead(in: received, from: searchFrom) {
                return .head(String(decoding: received[..<end], as: UTF8.self))
            }
        }
        return .tooLarge
    }

    /// Where the blank line (`\r\n\r\n`, or `\n\n` from a lax client) starts, searching from `start`.
    static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        let newline = UInt8(ascii: "\n")
        var index = start
        while index < bytes.count {
            if bytes[index] == newline {
                if index + 1 < bytes.count, bytes[index + 1] == newline { return index }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == newline { return index }
            }
            index += 1
        }
        return nil
    }
}
