import Foundation

/// Sends JSON POST requests to a model server, retrying as `RetryPolicy` says, and never shows a key in a message.
public struct HTTPClient: Sendable {
    /// How long one attempt may take, from sending to the last byte of the answer.
    public var timeout: Duration
    public var policy: RetryPolicy
    /// Waits between attempts; injected so tests need not wait for real.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Called before each retry, for the progress display.
    public var onRetry: @Sendable (RetryEvent) -> Void

    /// Headers whose values are secrets, compared lowercased.
    public static let secretHeaders: Set<String> = ["authorization", "x-goog-api-key", "api-key", "x-api-key"]

    public init(timeout: Duration = .seconds(120), policy: RetryPolicy = RetryPolicy(),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                onRetry: @escaping @Sendable (RetryEvent) -> Void = { _ in }) {
        self.timeout = timeout
        self.policy = policy
        self.sleep = sleep
        self.onRetry = onRetry
    }

    /// POSTs `body` as JSON to `url` and returns the first 2xx answer, retrying failures.
    public func post(_ url: URL, json body: Data, headers: [String: String] = [:]) async throws(LLMFailure) -> HTTPResponse {
        var counts = RequestCounts()
        return try await post(url, json: body, headers: headers, counts: &counts)
    }

    /// POSTs as above, counting requests and retries in `counts` (even when it throws); an unsuccessful answer
    /// for which `returnEarly` is true comes back at once instead of being retried, for the caller to act on
    /// (a server refusing a JSON mode answers 500, which would otherwise be retried).
    public func post(_ url: URL, json body: Data, headers: [String: String] = [:], counts: inout RequestCounts,
                     returnEarly: (HTTPResponse) -> Bool = { _ in false }) async throws(LLMFailure) -> HTTPResponse {
        try await send("POST", url, body: body, contentType: "application/json", headers: headers, counts: &counts,
                       returnEarly: returnEarly)
    }

    /// Sends one request as `post` does, with any method and body type (a GET has no body), retrying failures.
    public func send(_ method: String, _ url: URL, body: Data? = nil, contentType: String? = nil, headers: [String: String] = [:],
                     counts: inout RequestCounts,
                     returnEarly: (HTTPResponse) -> Bool = { _ in false }) async throws(LLMFailure) -> HTTPResponse {
        var all = ["Accept": "application/json"]
        if let contentType { all["Content-Type"] = contentType }
        all.merge(headers) { $1 }
        let request = HTTPRequest(method: method, url: url, headers: all, body: body)
        let secrets = Self.secrets(in: headers)
        var attempt = 1
        while true {
            if Task.isCancelled { throw Self.cancelled }
            counts.requests += 1
            let outcome = await send(request)
            if Task.isCancelled { throw Self.cancelled }
            if case .response(let response) = outcome, response.isSuccess || returnEarly(response) { return response }
            switch policy.decision(afterAttempt: attempt, outcome: outcome) {
            case .retry(let delay):
                counts.retries += 1
                onRetry(RetryEvent(attempt: attempt, delay: delay, reason: Self.reason(outcome)))
                do { try await sleep(delay) } catch { throw Self.cancelled }
                attempt += 1
            case .fail(let failure), .stop(let failure):
                throw Self.redacted(failure, secrets: secrets, host: url)
            }
        }
    }
}

extension HTTPClient {
    /// One GET of `url` (a POST when `json` is given), without headers or retries: for what a server says of itself.
    public func fetchOnce(_ url: URL, json body: Data? = nil) async -> HTTPOutcome {
        await send(HTTPRequest(method: body == nil ? "GET" : "POST", url: url,
                               headers: body == nil ? [:] : ["Content-Type": "application/json"], body: body))
    }

    /// One attempt. libcurl follows no redirect, so the key's headers never go to an address an answer names.
    private func send(_ request: HTTPRequest) async -> HTTPOutcome {
        await HTTPTransfer(request: request, timeout: timeout).run()
    }
}

/// How many requests one call made, and how many of them were retries.
public struct RequestCounts: Sendable, Equatable {
    public var requests = 0
    public var retries = 0

    public init(requests: Int = 0, retries: Int = 0) {
        self.requests = requests
        self.retries = retries
    }
}

// MARK: - Messages

private extension HTTPClient {
    static let cancelled = LLMFailure(.cancelled, "the request was cancelled; expected the build to run to the end")

    static func reason(_ outcome: HTTPOutcome) -> String {
        switch outcome {
        case .response(let response): "HTTP \(response.status)"
        case .transport(let error): error.phrase
        }
    }

    /// Every secret value, and the token inside `Bearer …`, so none can slip into a message.
    static func secrets(in headers: [String: String]) -> [String] {
        headers.filter { secretHeaders.contains($0.key.lowercased()) }.flatMap { _, value -> [String] in
            let token = value.split(separator: " ").last.map(String.init) ?? value
            return [value, token].filter { $0.count >= 4 }
        }
    }

    /// Names the server and removes any secret the server echoed back into its message.
    static func redacted(_ failure: LLMFailure, secrets: [String], host url: URL) -> LLMFailure {
        var message = failure.message
        for secret in secrets { message = message.replacingOccurrences(of: secret, with: "[redacted]") }
        // Scheme, host and port only: a query string could carry a key (`?key=` in some Gemini examples).
        let server = [url.scheme.map { $0 + "://" }, url.host, url.port.map { ":\($0)" }].compactMap { $0 }.joined()
        var result = failure
        result.message = server.isEmpty ? message : "\(server): \(message)"
        return result
    }
}
