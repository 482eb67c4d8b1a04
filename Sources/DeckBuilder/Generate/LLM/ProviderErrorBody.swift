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

    /// Whether the account is out of credit or out of today's quota, so no retry can succeed before `longestWait`
    /// (the longest a build waits to ask again).
    func isQuotaExhausted(longestWait: Duration) -> Bool {
        let billing: Set = ["insufficient_quota", "billing_hard_limit_reached", "billing_not_active"]
        if codes.contains(where: billing.contains) { return true }
        // Gemini says why in structured details, and its message always mentions plan and billing, even for a
        // per-minute limit of a free key: only a per-day quota, or a wait longer than a build waits, is final.
        let words = (message ?? "").lowercased()
        let saysPerDay = ["per day", "daily", "perday"].contains { words.contains($0) }
        if codes.contains("RESOURCE_EXHAUSTED") {
            if quotaViolations.contains(where: { $0.localizedCaseInsensitiveContains("PerDay") }) { return true }
            if let retryDelay { return retryDelay > longestWait }
            return quotaViolations.isEmpty && saysPerDay
        }
        // Servers without structured details (proxies, other vendors) still say when a daily quota is spent.
        return words.contains("quota") && (saysPerDay || ["billing", "credit"].contains { words.contains($0) })
    }

    /// A protobuf JSON `Duration`: decimal seconds followed by `s` (`"12s"`, `"1.5s"`).
    static func protobufDuration(_ text: String) -> Duration? {
        guard text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds.isFinite, seconds >= 0 else { return nil }
        return .seconds(seconds)
    }
}
