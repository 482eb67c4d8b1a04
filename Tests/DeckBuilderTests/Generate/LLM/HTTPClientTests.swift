import Foundation
import Synchronization
import Testing
@testable import DeckBuilder

/// The HTTP client against a real server on 127.0.0.1: retry timing follows the server's headers.
@Suite("HTTP client")
struct HTTPClientTests {
    static let path = "/v1/chat/completions"

    /// Records retry events from the client's callback.
    final class Retries: Sendable {
        private let events = Mutex<[RetryEvent]>([])
        func record(_ event: RetryEvent) { events.withLock { $0.append(event) } }
        var all: [RetryEvent] { events.withLock { $0 } }
    }

    func client(timeout: Duration = .seconds(10), attempts: Int = 5, base: Duration = .milliseconds(20),
                retries: Retries, sleep: (@Sendable (Duration) async throws -> Void)? = nil) -> HTTPClient {
        let policy = RetryPolicy(maxAttempts: attempts, baseDelay: base, keyVariable: "OPENAI_API_KEY", random: { 0.5 })
        if let sleep {
            return HTTPClient(timeout: timeout, policy: policy, sleep: sleep, onRetry: retries.record)
        }
        return HTTPClient(timeout: timeout, policy: policy, onRetry: retries.record)
    }

    static var ok: [String: Any] { ["status": 200, "body": ["choices": []]] }

    @Test("429 with retry-after-ms: 200 waits about 0.2 s, then succeeds")
    func retryAfterMilliseconds() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.path, [["status": 429, "headers": ["retry-after-ms": "200"]], Self.ok])
        let retries = Retries()
        let response = try await client(retries: retries).post(server.url(Self.path), json: Data("{}".utf8))
        #expect(response.status == 200)
        #expect(retries.all == [RetryEvent(attempt: 1, delay: .milliseconds(200), reason: "HTTP 429")])
        let gaps = try await server.gaps()
        #expect(gaps.count == 1)
        // The lower bound is the header's; the upper one only catches a unit mix-up, with room for a test run that
        // keeps every thread busy (other suites block threads on builds and on tesseract).
        #expect(gaps.allSatisfy { $0 >= 0.18 && $0 < 30 })
    }

    @Test("Retry-After: 1 is honoured")
    func retryAfterSeconds() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.path, [["status": 503, "headers": ["Retry-After": "1"]], Self.ok])
        let retries = Retries()
        _ = try await client(retries: retries).post(server.url(Self.path), json: Data("{}".utf8))
        #expect(retries.all.map(\.delay) == [.seconds(1)])
        let gaps = try await server.gaps()
        #expect(gaps.count == 1)
        #expect(gaps.allSatisfy { $0 >= 0.95 && $0 < 30 })
    }

    @Test("503 twice, then 200: backoff doubles")
    func serverErrors() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.path, [["status": 503], ["status": 503], Self.ok])
        let retries = Retries()
        // The injected sleep records without waiting: the decisions, not the clock, are under test here.
        let response = try await client(base: .seconds(1), retries: retries, sleep: { _ in })
            .post(server.url(Self.path), json: Data("{}".utf8))
        #expect(response.status == 200)
        #expect(retries.all.map(\.delay) == [.milliseconds(750), .milliseconds(1500)])
        #expect(retries.all.map(\.reason) == ["HTTP 503", "HTTP 503"])
        #expect(try await server.log().count == 3)
    }

    @Test("connection refused is retried, then fails with a clear message")
    func connectionRefused() async throws {
        let closed = try FakeLLMServer()
        let url = closed.url(Self.path)
        closed.stop()
        let retries = Retries()
        let error = await #expect(throws: LLMFailure.self) {
            try await client(attempts: 3, retries: retries).post(url, json: Data("{}".utf8))
        }
        #expect(error?.kind == .transport)
        #expect(error?.message == "http://127.0.0.1:\(url.port ?? 0): the connection was refused after 3 attempts; expected the server to answer")
        #expect(retries.all.count == 2)
    }

    @Test("quota exhaustion stops after one request")
    func quotaExhausted() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let quota: [String: Any] = ["status": 429, "headers": ["retry-after": "1"], "repeat": true,
                                    "body": ["error": ["message": "You exceeded your current quota", "type": "insufficient_quota", "code": "insufficient_quota"]]]
        try await server.script(Self.path, [quota])
        let retries = Retries()
        let error = await #expect(throws: LLMFailure.self) {
            try await client(retries: retries).post(server.url(Self.path), json: Data("{}".utf8))
        }
        #expect(error?.kind == .quotaExhausted)
        #expect(error?.stopsEverything == true)
        #expect(retries.all.isEmpty)
        #expect(try await server.log().count == 1)
    }

    @Test("an answer slower than the timeout is abandoned and asked again")
    func slowAnswer() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        // The first answer would take 60 s: finishing well before shows the 0.3 s timeout cut it short.
        try await server.script(Self.path, [["status": 200, "delay_ms": 60000], Self.ok])
        let retries = Retries()
        let start = ContinuousClock.now
        let response = try await client(timeout: .milliseconds(300), retries: retries).post(server.url(Self.path), json: Data("{}".utf8))
        #expect(response.status == 200)
        #expect(retries.all.map(\.reason) == ["the request timed out"])
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(try await server.log().count == 2)
    }

    @Test("a dropped connection is retried")
    func droppedConnection() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.path, [["action": "close"], Self.ok])
        let retries = Retries()
        let response = try await client(retries: retries).post(server.url(Self.path), json: Data("{}".utf8))
        #expect(response.status == 200)
        #expect(retries.all.count == 1)
    }

    @Test("cancellation stops an in-flight request and a wait between attempts")
    func cancellation() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        // Both would take 20 s or more; ending within a few seconds shows cancellation cut them short.
        try await server.script(Self.path, [["status": 200, "delay_ms": 20000],
                                            ["status": 429, "headers": ["retry-after": "30"]]])
        let http = client(timeout: .seconds(30), retries: Retries())
        let url = server.url(Self.path)
        for _ in 0..<2 {
            let start = ContinuousClock.now
            let task = Task { try await http.post(url, json: Data("{}".utf8)) }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            let result = await task.result
            // Well short of the 20 s answer and the 30 s wait, with room for a test run that keeps both cores busy.
            #expect(ContinuousClock.now - start < .seconds(15))
            guard case .failure(let error) = result, let failure = error as? LLMFailure else {
                Issue.record("expected a cancelled failure, got \(result)")
                continue
            }
            #expect(failure.kind == .cancelled)
        }
    }

    @Test("the body and the key header are sent")
    func keyHeaderSent() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.path, [Self.ok])
        _ = try await client(retries: Retries()).post(server.url(Self.path), json: Data(#"{"model":"m"}"#.utf8),
                                                      headers: ["Authorization": "Bearer sk-test-123", "x-goog-api-key": "g-key-456"])
        let logged = try #require(try await server.log().first)
        #expect(logged.headers["authorization"] == "Bearer sk-test-123")
        #expect(logged.headers["x-goog-api-key"] == "g-key-456")
        #expect(logged.headers["content-type"] == "application/json")
        #expect(logged.body == #"{"model":"m"}"#)
    }

    @Test("a redirect is not followed, so the key goes nowhere else")
    func redirectRefused() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.path, [["status": 307, "headers": ["Location": server.url("/elsewhere").absoluteString], "body": "moved"]])
        let error = await #expect(throws: LLMFailure.self) {
            try await client(retries: Retries()).post(server.url(Self.path), json: Data("{}".utf8), headers: ["Authorization": "Bearer sk-secret-redirect"])
        }
        #expect(error?.kind == .rejected)
        #expect(error?.message.contains("redirected the request to http://127.0.0.1") == true)
        let log = try await server.log()
        #expect(log.map(\.path) == [Self.path])
    }

    @Test("requests in turn share one kept-alive connection; one the server dropped is sent again whole on a new one")
    func keepAlive() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let ok: [String: Any] = ["status": 200, "body": ["ok": true]]
        try await server.script(Self.path, [ok, ok, ["action": "close"], ok])
        let body = Data(#"{"model":"m","messages":[]}"#.utf8)
        for _ in 1...3 {
            _ = try await client(retries: Retries()).post(server.url(Self.path), json: body)
        }
        let log = try await server.log()
        #expect(log.count == 4)
        // The first two on one connection; every request the server saw carried its whole body.
        #expect(log[0].client == log[1].client)
        #expect(log.allSatisfy { $0.body == String(decoding: body, as: UTF8.self) })
    }
}
