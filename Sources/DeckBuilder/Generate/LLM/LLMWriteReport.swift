/// What writing questions for one note cost and what went wrong, for the build summary.
///
/// Holds no key: every message in it has been through `APIKey.redacting(_:)`.
public struct LLMWriteReport: Sendable, Equatable {
    /// HTTP requests sent, retries included.
    public var requests = 0
    /// Requests sent again after a retryable failure (429, 5xx, timeouts).
    public var retries = 0
    /// Tokens used, as the provider reported them.
    public var usage = TokenUsage()
    /// Follow-up rounds that sent the validator's messages back to the model.
    public var repairs = 0
    /// Answers cut off at the token limit.
    public var truncations = 0
    /// Follow-ups asking for the rest of an answer that was right but short.
    public var followUps = 0
    /// Times a server refused a JSON mode and the next one was tried.
    public var modeFallbacks = 0
    /// The JSON mode the last successful request used; nil for Gemini, which has one.
    public var jsonMode: JSONMode?
    /// Questions given up on after the repairs, with why.
    public var dropped: [DroppedQuestion] = []
    /// Refusals and safety blocks, with the provider's reason.
    public var refusals: [String] = []

    public init() {}

    /// Both reports' counts together, as for the pieces of one long note; the later JSON mode wins.
    public static func + (lhs: LLMWriteReport, rhs: LLMWriteReport) -> LLMWriteReport {
        var sum = lhs
        sum.requests += rhs.requests
        sum.retries += rhs.retries
        sum.usage = sum.usage + rhs.usage
        sum.repairs += rhs.repairs
        sum.truncations += rhs.truncations
        sum.followUps += rhs.followUps
        sum.modeFallbacks += rhs.modeFallbacks
        sum.jsonMode = rhs.jsonMode ?? lhs.jsonMode
        sum.dropped += rhs.dropped
        sum.refusals += rhs.refusals
        return sum
    }
}

/// A question (or a whole answer) that stayed invalid after every repair, and the validator's reasons.
public struct DroppedQuestion: Sendable, Equatable, CustomStringConvertible {
    /// The question's text where it could be read; nil when the whole answer was unusable.
    public var prompt: String?
    public var reasons: [String]

    public init(prompt: String?, reasons: [String]) {
        self.prompt = prompt
        self.reasons = reasons
    }

    /// `"prompt": reason; reason`, or the reasons alone.
    public var description: String {
        let reasons = reasons.joined(separator: "; ")
        return prompt.map { "\"\($0)\": \(reasons)" } ?? reasons
    }
}
