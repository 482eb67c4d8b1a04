import Foundation

/// A response as it came over the socket.
struct RawHTTPResponse {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends requests byte for byte over a socket to 127.0.0.1: URLSession and curl tidy `..` out of a path, and the
/// point of these tests is what the server does with the paths a browser would never send.
enum RawHTTPClient {
    enum Failure: Error { case connect(Int32), malformed(String) }

    /// `GET path` (or another method) with a Host header, over a new connection.
    static func request(_ method: String = "GET", _ path: String, port: UInt16) throws -> RawHTTPResponse {
        try send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: deckgen-tests\r\n\r\n", port: port)
    }

    /// Sends `raw` as it is and reads the response until the server closes the connection.
    static func send(_ raw: String, port: UInt16) throws -> RawHTTPResponse {
        let received = try exchange(Data(raw.utf8), port: port)
        guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { throw Failure.malformed(String(decoding: received, as: UTF8.self)) }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw Failure.malformed(head[0]) }
        var headers = [String: String]()
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawHTTPResponse(status: status, headers: headers, body: Data(received[split.upperBound...]))
    }

    /// Every byte the server sends back for `bytes`, up to its closing the connection.
    static func exchange(_ bytes: Data, port: UInt16) throws -> Data {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure.connect(errno) }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure.connect(errno) }
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }
}
