import Foundation

/// Decides, after each failed attempt, whether to wait and ask again, give up on this request, or stop every request.
///
/// Pure: time and randomness are injected so the decisions can be tested exactly.
public struct RetryPolicy: Sendable {
    /// What to do after an attempt that did not succeed.
    public enum Decision: Sendable, Equatable {
        /// Ask again after this delay.
        case retry(after: Duration)
        /// Give up on this request; others may still succeed.
        case fail(LLMFailure)
        /// Give up on every request to this provider (quota or billing exhausted).
        case stop(LLMFailure)
    }

    /// Attempts per request, the first included.
    public var maxAttempts: Int
    /// The backoff before the second attempt; each later one multiplies it by `factor`.
    public var baseDelay: Duration
    public var factor: Double
    /// No wait is longer than this, even when the server asks for more.
    public var maxDelay: Duration
    /// The environment variable the key came from, named in messages about refused keys.
    public var keyVariable: String
    /// A number in 0..<1 for jitter, so that many clients do not retry in lockstep.
    public var random: @Sendable () -> Double
    /// The current time, to turn a `Retry-After` HTTP date into a delay.
    public var now: @Sendable () -> Date

    public init(maxAttempts: Int = 5, baseDelay: Duration = .milliseconds(500), factor: Double = 2,
                maxDelay: Duration = .seconds(60), keyVariable: String = "the API key variable",
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.factor = factor
        self.maxDelay = maxDelay
        self.keyVariable = keyVariable
        self.random = random
        self.now = now
    }

    /// The decision after attempt number `attempt` (1 for the first) ended with `outcome`, which was not a 2xx answer.
    public func decision(afterAttempt attempt: Int, outcome: HTTPOutcome) -> Decision {
        switch outcome {
        case .transport(let error):
            return retryOrFail(attempt: attempt, serverDelay: nil,
                               failure: LLMFailure(.transport, "\(error.phrase) after \(attempt) attempt\(attempt == 1 ? "" : "s"); expected the server to answer"))
        case .response(let response):
            return decision(attempt: attempt, response: response)
        }
    }

    /// The exponential backoff with jitter before attempt `attempt + 1`, capped.
    public func backoff(afterAttempt attempt: Int) -> Duration {
        let exponent = Double(max(0, attempt - 1))
        let full = seconds(baseDelay) * pow(factor, exponent)
        // "Equal jitter": at least half the backoff, so the wait still grows, plus a random share of the other half.
        let jittered = full / 2 + full / 2 * min(max(random(), 0), 1)
        return min(.seconds(jittered), maxDelay)
    }
}

// MARK: - HTTP answers

private extension RetryPolicy {
    func decision(attempt: Int, response: HTTPResponse) -> Decision {
        let status = response.status
        let body = ProviderErrorBody(response.body)
        if body?.isQuotaExhausted(longestWait: maxDelay) == true {
            return .stop(LLMFailure(.quotaExhausted, "the provider's quota or billing limit is exhausted (HTTP \(status))\(detail(body)); expected an account with quota left", status: status))
        }
        switch status {
        case 408, 409, 429, 500...599:
            let failure = LLMFailure(.retriesExhausted, "the server kept failing (HTTP \(status)) after \(attempt) attempt\(attempt == 1 ? "" : "s")\(detail(body)); expected a successful answer", status: status)
            return retryOrFail(attempt: attempt, serverDelay: serverDelay(response, body: body), failure: failure)
        case 300...399:
            // Redirects are not followed (the key would go with them): the configured URL must be the API's own.
            let target = response.header("location").map { " to \($0)" } ?? ""
            return .fail(LLMFailure(.rejected, "the server redirected the request\(target) (HTTP \(status)), which deckgen does not follow so the key goes nowhere else; expected the API's own base URL", status: status))
        case 401, 403:
            // The server's own message is left out: OpenAI echoes part of the key in it.
            return .fail(LLMFailure(.authentication, "the API key was refused (HTTP \(status)); expected a valid key in \(keyVariable)", status: status))
        case 404:
            return .fail(LLMFailure(.rejected, "the server has no such endpoint or model (HTTP 404)\(detail(body)); expected a correct base URL and model name", status: status))
        default:
            return .fail(LLMFailure(.rejected, "the server refused the request (HTTP \(status))\(detail(body)); expected a request the server accepts", status: status))
        }
    }

    func retryOrFail(attempt: Int, serverDelay: Duration?, failure: LLMFailure) -> Decision {
        guard attempt < maxAttempts else { return .fail(failure) }
        // The server knows best when it will have room again, but a huge value must not hang the build.
        return .retry(after: min(serverDelay ?? backoff(afterAttempt: attempt), maxDelay))
    }

    /// The delay the server asked for, if any: `retry-after-ms`, then `Retry-After`, then Gemini's `RetryInfo`.
    func serverDelay(_ response: HTTPResponse, body: ProviderErrorBody?) -> Duration? {
        if let text = response.header("retry-after-ms"), let ms = Double(text.trimmingCharacters(in: .whitespaces)), ms.isFinite, ms >= 0 {
            return .milliseconds(ms)
        }
        if let text = response.header("retry-after"), let delay = RetryAfter.delay(text, now: now()) {
            return delay
        }
        return body?.retryDelay
    }

    /// The server's own message, shortened, for a clue in the failure message.
    func detail(_ body: ProviderErrorBody?) -> String {
        guard let message = body?.message?.trimmingCharacters(in: .whitespacesAndNewlines), !message.isEmpty else { return "" }
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return ": " + (oneLine.count > 200 ? String(oneLine.prefix(200)) + "…" : oneLine)
    }

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
