import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs `Tests/Support/fake_llm_server.py` on 127.0.0.1 for one test; `stop()` it when done.
final class FakeLLMServer: @unchecked Sendable {
    /// One request the server received.
    struct LoggedRequest {
        var path: String
        /// Seconds on the server's monotonic clock.
        var time: Double
        var headers: [String: String]
        var body: String
        /// The client's port: requests with the same one came over one connection.
        var client: Int
    }

    let port: Int
    private let process = Process()
    // Kept open while the server should run: the server exits when it reads end-of-file.
    private let input = Pipe()

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", try Self.scriptPath(), "--port", "0"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit { stop() }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops the server and waits for it to exit, so no process outlives the test.
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// Queues answers for `path`: each has `status`, `headers`, `body`, `delay_ms`, `action`, `repeat`.
    func script(_ path: String, _ responses: [[String: Any]]) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["path": path, "responses": responses])
        _ = try await Self.send(method: "POST", to: url("/_script"), body: body)
    }

    /// Every request received so far, control requests excepted.
    func log() async throws -> [LoggedRequest] {
        let data = try await Self.send(method: "GET", to: url("/_log"), body: nil)
        let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return entries.map {
            LoggedRequest(path: $0["path"] as? String ?? "", time: $0["time"] as? Double ?? 0,
                          headers: $0["headers"] as? [String: String] ?? [:], body: $0["body"] as? String ?? "",
                          client: $0["client"] as? Int ?? 0)
        }
    }

    /// The most scripted requests the server was answering at once.
    func maxInFlight() async throws -> Int {
        let data = try await Self.send(method: "GET", to: url("/_stats"), body: nil)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["max_in_flight"] as? Int ?? -1
    }

    /// Seconds between consecutive requests in the log.
    func gaps() async throws -> [Double] {
        let times = try await log().map(\.time)
        return zip(times.dropFirst(), times).map { $0 - $1 }
    }

    private static func send(method: String, to url: URL, body: Data?) async throws -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data ?? Data()) }
            }.resume()
        }
    }

    /// The fake server's script in the package.
    private static func scriptPath() throws -> String {
        try PackageFolders.root().appendingPathComponent("Tests/Support/fake_llm_server.py").path
    }
}
