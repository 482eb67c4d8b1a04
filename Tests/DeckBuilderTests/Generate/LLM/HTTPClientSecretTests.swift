import Foundation
import Testing
@testable import DeckBuilder

/// No error path shows the key, even when the server echoes it back.
@Suite("HTTP client secrets")
struct HTTPClientSecretTests {
    static let sentinel = "sk-SENTINEL-7f3a9c"
    static let geminiSentinel = "AIzaSENTINEL-g00gle"
    static let headers = ["Authorization": "Bearer \(sentinel)", "x-goog-api-key": geminiSentinel]
    static let path = "/v1/chat/completions"

    /// Answers that each end in a different failure; several quote the key back, as real servers sometimes do.
    static var faults: [(String, [[String: Any]])] { [
        ("401", [["status": 401, "body": ["error": ["message": "Incorrect API key provided: \(sentinel)", "code": "invalid_api_key"]]]]),
        ("403", [["status": 403, "body": ["error": ["message": "API key \(geminiSentinel) not valid", "status": "PERMISSION_DENIED"]]]]),
        ("400", [["status": 400, "body": ["error": ["message": "bad header Bearer \(sentinel) and \(geminiSentinel)"]]]]),
        ("404", [["status": 404, "body": ["error": ["message": "no model for key \(sentinel)"]]]]),
        ("422", [["status": 422, "body": "key=\(sentinel)"]]),
        ("500s", [["status": 500, "repeat": true, "body": ["error": ["message": "internal: \(sentinel)"]]]]),
        ("429s", [["status": 429, "repeat": true, "headers": ["retry-after-ms": "1"], "body": ["error": ["message": "rate \(geminiSentinel)"]]]]),
        ("quota", [["status": 429, "body": ["error": ["message": "quota for \(sentinel)", "code": "insufficient_quota"]]]]),
        ("timeout", [["status": 200, "delay_ms": 1000, "repeat": true]]),
        ("closed", [["action": "close", "repeat": true]]),
    ] }

    @Test("every failure message leaves out the key")
    func noSecretInFailures() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        var messages: [String] = []
        let reasons = HTTPClientTests.Retries()
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), keyVariable: "OPENAI_API_KEY")
        let client = HTTPClient(timeout: .milliseconds(200), policy: policy, onRetry: reasons.record)
        for (name, responses) in Self.faults {
            let path = "/\(name)"
            try await server.script(path, responses)
            do {
                _ = try await client.post(server.url(path), json: Data("{}".utf8), headers: Self.headers)
                Issue.record("\(name): expected a failure")
            } catch {
                messages += [error.message, error.description, "\(error)", String(reflecting: error)]
            }
        }
        // Connection refused and cancellation never reach a server.
        let closed = try FakeLLMServer()
        let refusedURL = closed.url(Self.path)
        closed.stop()
        do {
            _ = try await client.post(refusedURL, json: Data("{}".utf8), headers: Self.headers)
        } catch {
            messages += [error.message, "\(error)", String(reflecting: error)]
        }
        let task = Task { try await client.post(server.url("/timeout"), json: Data("{}".utf8), headers: Self.headers) }
        task.cancel()
        if case .failure(let error) = await task.result { messages += ["\(error)", String(reflecting: error)] }

        #expect(messages.count >= 40)
        messages += reasons.all.map { "\($0)" }
        for message in messages {
            #expect(!message.contains(Self.sentinel), "\(message)")
            #expect(!message.contains(Self.geminiSentinel), "\(message)")
            #expect(!message.contains("SENTINEL"), "\(message)")
        }
        #expect(messages.contains { $0.contains("expected a valid key in OPENAI_API_KEY") })
    }
}
