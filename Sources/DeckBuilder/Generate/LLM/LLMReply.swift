/// One message of a conversation with a model, in provider-neutral form.
public struct LLMMessage: Sendable, Equatable {
    /// Who speaks: the rules, the person asking, or the model's earlier answer (sent back with a repair).
    public enum Role: String, Sendable {
        case system, user, assistant
    }

    public var role: Role
    public var content: String

    public init(_ role: Role, _ content: String) {
        self.role = role
        self.content = content
    }
}

/// What a provider answered, decoded from its response body but not yet read as questions.
public struct LLMReply: Sendable, Equatable {
    /// How the answer ended.
    public enum Outcome: Sendable, Equatable {
        /// A finished answer, to give to `QuestionPayloadParser`.
        case text(String)
        /// The answer hit the token limit and is cut off (whatever text arrived); ask again for fewer questions.
        case truncated(String)
        /// The provider would not answer: a refusal, a safety block or a blocked prompt, with its reason.
        case refused(String)

        /// A finished answer, neither cut off nor refused.
        public var isComplete: Bool {
            if case .text = self { return true }
            return false
        }
    }

    public var outcome: Outcome
    public var usage: TokenUsage

    public init(outcome: Outcome, usage: TokenUsage = TokenUsage()) {
        self.outcome = outcome
        self.usage = usage
    }
}

/// Tokens one request used, as the provider reported them (zero where it did not).
public struct TokenUsage: Sendable, Equatable {
    public var promptTokens: Int
    public var completionTokens: Int

    public init(promptTokens: Int = 0, completionTokens: Int = 0) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
    }

    public var totalTokens: Int { promptTokens + completionTokens }

    public static func + (lhs: TokenUsage, rhs: TokenUsage) -> TokenUsage {
        TokenUsage(promptTokens: lhs.promptTokens + rhs.promptTokens,
                   completionTokens: lhs.completionTokens + rhs.completionTokens)
    }
}

/// A response body that is not what the provider's API promises.
public struct LLMDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong and, after a `;`, what was expected; never quotes more than a little of the body.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
