import Foundation

/// What the command line says about question generation, over the `llm:` block of `deckgen.yml`.
public struct LLMOverrides: Sendable, Equatable {
    /// `--llm PROVIDER[:MODEL]`.
    public var provider: LLMSettings.Provider?
    public var model: String?
    /// `--llm-url URL`.
    public var baseURL: URL?
    /// `--concurrency N`.
    public var concurrency: Int?
    /// `--offline`: no request leaves the machine, whatever the settings say.
    public var offline = false

    public init(provider: LLMSettings.Provider? = nil, model: String? = nil, baseURL: URL? = nil,
                concurrency: Int? = nil, offline: Bool = false) {
        self.provider = provider
        self.model = model
        self.baseURL = baseURL
        self.concurrency = concurrency
        self.offline = offline
    }

    /// `settings` with these overrides applied. Naming another provider than the file's drops the file's
    /// model, URL and key variable, which belong to the file's provider.
    public func applied(to settings: LLMSettings) -> LLMSettings {
        var merged = settings
        if offline {
            merged.provider = .offline
            return merged
        }
        if let provider, provider != settings.provider {
            merged.provider = provider
            merged.model = nil
            merged.baseURL = nil
            merged.keyVariable = nil
        }
        if let model { merged.model = model }
        if let baseURL { merged.baseURL = baseURL }
        if let concurrency { merged.concurrency = concurrency }
        return merged
    }
}

extension LLMSettings {
    /// The model used when none is named.
    public var effectiveModel: String {
        if let model { return model }
        switch provider {
        case .offline: return "-"
        case .openai: return "gpt-4o-mini"
        case .gemini: return "gemini-2.5-flash"
        }
    }

    /// What stored questions record, so a change of prompt, schema, server or size settings remakes them;
    /// concurrency is left out, since it changes no answer.
    var identity: GeneratorIdentity {
        let settings = "url=\(baseURL?.absoluteString ?? "default") context=\(contextTokens) max_tokens=\(maxTokens)"
        return GeneratorIdentity(
            name: provider.rawValue, model: effectiveModel,
            promptVersion: "\(PromptBuilder.promptVersion) \(QuestionSchema.schemaVersion) settings-\(SHA256.hex(settings).prefix(12))")
    }
}
