import Foundation
import Testing
@testable import DeckBuilder

/// The retry decisions: which answers are retried, for how long, and which stop everything.
@Suite("Retry policy")
struct RetryPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    let policy = RetryPolicy(keyVariable: "OPENAI_API_KEY", random: { 0.5 }, now: { RetryPolicyTests.now })

    func answer(_ status: Int, _ headers: [String: String] = [:], body: String = "") -> HTTPOutcome {
        .response(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
    }

    @Test("retryable statuses and transport errors are retried", arguments: [408, 409, 429, 500, 502, 503, 504, 599])
    func retryableStatus(status: Int) {
        #expect(policy.decision(afterAttempt: 1, outcome: answer(status)) == .retry(after: .milliseconds(375)))
    }

    @Test("timeouts and connection errors are retried",
          arguments: [TransportError.timedOut, .connectionRefused, .connectionLost, .hostNotFound, .other("x")])
    func transport(error: TransportError) {
        guard case .retry = policy.decision(afterAttempt: 2, outcome: .transport(error)) else {
            Issue.record("expected a retry for \(error)")
            return
        }
    }

    @Test("backoff doubles from 0.5 s with jitter between half and all of it, capped")
    func backoff() {
        let low = RetryPolicy(random: { 0 }, now: { Self.now })
        let high = RetryPolicy(random: { 0.999_999 }, now: { Self.now })
        #expect(low.backoff(afterAttempt: 1) == .milliseconds(250))
        #expect(low.backoff(afterAttempt: 2) == .milliseconds(500))
        #expect(low.backoff(afterAttempt: 3) == .seconds(1))
        #expect(high.backoff(afterAttempt: 3) > .milliseconds(1999))
        #expect(high.backoff(afterAttempt: 3) <= .seconds(2))
        #expect(low.backoff(afterAttempt: 20) == .seconds(60))
        let capped = RetryPolicy(maxDelay: .seconds(3), random: { 0.5 }, now: { Self.now })
        #expect(capped.backoff(afterAttempt: 4) == .seconds(3))
    }

    @Test("the last attempt fails instead of retrying")
    func maxAttempts() {
        let decision = policy.decision(afterAttempt: 5, outcome: answer(503))
        guard case .fail(let failure) = decision else { Issue.record("expected failure, got \(decision)"); return }
        #expect(failure.kind == .retriesExhausted)
        #expect(failure.status == 503)
        #expect(failure.message.contains("(HTTP 503) after 5 attempts"))
        let refused = policy.decision(afterAttempt: 5, outcome: .transport(.connectionRefused))
        #expect(refused == .fail(LLMFailure(.transport, "the connection was refused after 5 attempts; expected the server to answer")))
    }

    @Test("retry-after-ms wins over backoff")
    func retryAfterMilliseconds() {
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, ["Retry-After-Ms": "200"])) == .retry(after: .milliseconds(200)))
        // retry-after-ms is the more precise of the two when both are sent.
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, ["retry-after-ms": "1500", "retry-after": "2"])) == .retry(after: .milliseconds(1500)))
    }

    @Test("Retry-After in seconds and as an HTTP date")
    func retryAfter() {
        #expect(policy.decision(afterAttempt: 1, outcome: answer(503, ["Retry-After": "7"])) == .retry(after: .seconds(7)))
        let date = Self.now.addingTimeInterval(30)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let header = formatter.string(from: date)
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, ["Retry-After": header])) == .retry(after: .seconds(30)))
        // A date already past means "now", not a negative wait.
        let past = formatter.string(from: Self.now.addingTimeInterval(-100))
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, ["Retry-After": past])) == .retry(after: .zero))
        // Nonsense falls back to backoff.
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, ["Retry-After": "soon"])) == .retry(after: .milliseconds(375)))
    }

    @Test("the server's delay is capped")
    func serverDelayCapped() {
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, ["Retry-After": "86400"])) == .retry(after: .seconds(60)))
    }

    @Test("Gemini RetryInfo.retryDelay", arguments: [("12s", Duration.seconds(12)), ("1.5s", .milliseconds(1500)), ("0s", .zero)])
    func geminiRetryInfo(delay: String, expected: Duration) {
        let body = """
        {"error": {"code": 429, "message": "Resource has been exhausted", "status": "RESOURCE_EXHAUSTED", "details": [
          {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [
            {"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
             "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier"}]},
          {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "\(delay)"}]}}
        """
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, body: body)) == .retry(after: expected))
    }

    @Test("OpenAI quota and billing errors stop everything", arguments: [
        #"{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota", "param": null, "code": "insufficient_quota"}}"#,
        #"{"error": {"message": "Billing hard limit has been reached", "type": "invalid_request_error", "code": "billing_hard_limit_reached"}}"#,
        #"{"error": {"message": "quota", "type": "insufficient_quota", "code": null}}"#,
    ])
    func openAIQuota(body: String) {
        let decision = policy.decision(afterAttempt: 1, outcome: answer(429, ["retry-after": "1"], body: body))
        guard case .stop(let failure) = decision else { Issue.record("expected stop, got \(decision)"); return }
        #expect(failure.kind == .quotaExhausted)
        #expect(failure.stopsEverything)
        #expect(failure.message.contains("quota"))
    }

    @Test("a Gemini per-day quota stops everything")
    func geminiDailyQuota() {
        let body = """
        {"error": {"code": 429, "message": "You exceeded your current quota.", "status": "RESOURCE_EXHAUSTED", "details": [
          {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [
            {"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
             "quotaId": "GenerateRequestsPerDayPerProjectPerModel-FreeTier"}]},
          {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "40s"}]}}
        """
        guard case .stop(let failure) = policy.decision(afterAttempt: 1, outcome: answer(429, body: body)) else {
            Issue.record("expected stop")
            return
        }
        #expect(failure.kind == .quotaExhausted)
        #expect(failure.status == 429)
    }

    @Test("Gemini's per-minute limit says \"plan and billing\" too: it is waited out, not taken for a spent quota")
    func geminiPerMinuteMentionsBilling() {
        let body = """
        {"error": {"code": 429, "message": "You exceeded your current quota, please check your plan and billing details.", "status": "RESOURCE_EXHAUSTED", "details": [
          {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [
            {"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
             "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier"}]},
          {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "27s"}]}}
        """
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, body: body)) == .retry(after: .seconds(27)))
        // A wait longer than a build waits is as final as a spent quota.
        let long = body.replacingOccurrences(of: "PerMinute", with: "PerHour").replacingOccurrences(of: "27s", with: "7200s")
        guard case .stop = policy.decision(afterAttempt: 1, outcome: answer(429, body: long)) else {
            Issue.record("expected stop")
            return
        }
    }

    @Test("a 429 without a quota body is retried, even with RESOURCE_EXHAUSTED")
    func plainRateLimit() {
        let body = #"{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "slow down"}}"#
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, body: body)) == .retry(after: .milliseconds(375)))
        #expect(policy.decision(afterAttempt: 1, outcome: answer(429, body: "<html>Too many</html>")) == .retry(after: .milliseconds(375)))
    }

    @Test("401 and 403 name the variable, not the key", arguments: [401, 403])
    func refusedKey(status: Int) {
        let body = #"{"error": {"message": "Incorrect API key provided: sk-SENTINEL. You can find your API key at …", "code": "invalid_api_key"}}"#
        let decision = policy.decision(afterAttempt: 1, outcome: answer(status, body: body))
        #expect(decision == .fail(LLMFailure(.authentication, "the API key was refused (HTTP \(status)); expected a valid key in OPENAI_API_KEY", status: status)))
    }

    @Test("400 and 404 are final and carry the server's message")
    func finalRejections() {
        let body = #"{"error": {"message": "model 'nope' not found", "type": "invalid_request_error"}}"#
        guard case .fail(let notFound) = policy.decision(afterAttempt: 1, outcome: answer(404, body: body)) else {
            Issue.record("expected failure")
            return
        }
        #expect(notFound.kind == .rejected)
        #expect(notFound.message == "the server has no such endpoint or model (HTTP 404): model 'nope' not found; expected a correct base URL and model name")
        guard case .fail(let bad) = policy.decision(afterAttempt: 1, outcome: answer(400, body: "not json")) else {
            Issue.record("expected failure")
            return
        }
        #expect(bad.message == "the server refused the request (HTTP 400); expected a request the server accepts")
    }
}
