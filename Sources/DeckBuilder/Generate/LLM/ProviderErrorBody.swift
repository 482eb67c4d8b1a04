import Foundation

/// The parts of an OpenAI or Gemini JSON error body that decide whether to retry.
///
/// OpenAI: `{"error": {"message", "type", "code"}}`.
/// Gemini: `{"error": {"code", "message", "status", "details": [{"@type": "…google.rpc.RetryInfo", "retryDelay": "12s"},
/// {"@type": "…google.rpc.QuotaFailure", "violations": [{"quotaId", "quotaMetric"}]}]}}`.
struct ProviderErrorBody: Sendable, Equatable {
    var message: String?
    /// OpenAI's `type` and `code`, and Gemini's `status`, whichever are strings.
    var codes: [String] = []
    /// Gemini's `RetryInfo.retryDelay`, parsed.
    var retryDelay: Duration?
    /// Gemini's `QuotaFailure` violations, each as `quotaId quotaMetric`.
    var quotaViolations: [String] = []

    /// Nil when the body is not JSON with an `error` object (an HTML error page, say).
    init?(_ body: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let error = root["error"] as? [String: Any] else { return nil }
        message = error["message"] as? String
        codes = ["type", "code", "status"].compactMap { error[$0] as? String }
        for detail in error["details"] as? [[String: Any]] ?? [] {
            let type = detail["@type"] as? String ?? ""
            if type.hasSuffix("google.rpc.RetryInfo"), let delay = detail["retryDelay"] as? String {
                retryDelay = Self.protobufDuration(delay)
            } else if type.hasSuffix("google.rpc.QuotaFailure") {
                for violation in detail["violations"] as? [[String: Any]] ?? [] {
                    let id = violation["quotaId"] as? String ?? ""
                    let metric = violation["quotaMetric"] as? String ?? ""
                    quotaViolations.append("\(id) \(metric)")
                }
            }
        }
    }

    /// Whether the account is out of credit or out of today's quota, so no retry can succeed.
    var isQuotaExhausted: Bool {
        let billing: Set = ["insufficient_quota", "billing_hard_limit_reached", "billing_not_active"]
        if codes.contains(where: billing.contains) { return true }
        // A per-minute Gemini quota refills soon and is retried; a per-day one does not.
        if codes.contains("RESOURCE_EXHAUSTED") && quotaViolations.contains(where: { $0.contains("PerDay") }) { return true }
        // Servers without structured details (proxies, other vendors) still say when a daily quota is spent.
        let words = (message ?? "").lowercased()
        return words.contains("quota") && ["per day", "daily", "perday", "billing", "credit"].contains { words.contains($0) }
    }

    /// A protobuf JSON `Duration`: decimal seconds followed by `s` (`"12s"`, `"1.5s"`).
    static func protobufDuration(_ text: String) -> Duration? {
        guard text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds.isFinite, seconds >= 0 else { return nil }
        return .seconds(seconds)
    }
}
