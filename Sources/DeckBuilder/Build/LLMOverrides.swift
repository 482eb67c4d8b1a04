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
    /// `--context N`: the model's context in tokens, over deckgen.yml and what the server says.
    public var contextTokens: Int?
    /// `OPENAI_BASE_URL`, the variable OpenAI's own tools read: this machine's setting, for the `openai` provider.
    public var openAIBaseURL: URL?
    /// `--offline`: no request leaves the machine, whatever the settings say.
    public var offline = false
    /// `--retry-failed`: ask again about notes the model failed on within the last day.
    public var retryFailed = false
    /// `--max-tokens N`: no request is started once this many tokens, in and out, were spent in the build.
    public var tokenLimit: Int?
    /// `--dry-run`: say what asking the model would take, and ask nothing, write nothing.
    public var dryRun = false
    /// `--batch`: ask through OpenAI's Batch API (half price, answers within a day, collected by a later build).
    public var batch = false

    public init(provider: LLMSettings.Provider? = nil, model: String? = nil, baseURL: URL? = nil,
                concurrency: Int? = nil, offline: Bool = false) {
        self.provider = provider
        self.model = model
        self.baseURL = baseURL
        self.concurrency = concurrency
        self.offline = offline
    }

    /// The settings a build runs with: these over deckgen.yml's `settings`, adding to `warnings` what of the file's
    /// was not used. The content folder may be a stranger's, so its file never turns on the network (that takes
    /// `--llm`, `--llm-url` or their variables on this machine) and never chooses where the key goes: its URL is used
    /// only for a server on this machine, and then without the key. Naming another provider than the file's drops the
    /// file's model, URL and key variable, which belong to the file's provider.
    public func applied(to settings: LLMSettings, warnings: inout [Diagnostic]) -> LLMSettings {
        var merged = settings
        merged.sendsKey = true
        // A server named on this machine asks the model the file names.
        let chosen = provider ?? (baseURL != nil ? settings.provider : nil)
        guard !offline, let provider = chosen, provider != .offline else {
            if !offline && chosen == nil && settings.provider != .offline {
                warnings.append(.warning(
                    "`provider: \(settings.provider.rawValue)` is not used: the content folder's settings never turn on the network; questions come from the store and the offline generator. Expected `--llm \(settings.provider.rawValue)` (or DECKGEN_LLM=\(settings.provider.rawValue)) to ask the model",
                    path: "deckgen.yml", line: settings.providerLine))
            }
            merged.provider = .offline
            return merged
        }
        if provider != settings.provider {
            merged.provider = provider
            merged.model = nil
            merged.baseURL = nil
            merged.keyVariable = nil
            merged.apiVersion = nil
            merged.headers = [:]
        }
        if let model { merged.model = model }
        if let concurrency { merged.concurrency = concurrency }
        if let contextTokens {
            merged.contextTokens = contextTokens
            merged.contextIsSet = true
        }
        if let baseURL {
            merged.baseURL = baseURL
        } else if provider == .openai, let openAIBaseURL {
            merged.baseURL = openAIBaseURL
        } else if let fileURL = merged.baseURL {
            if Self.isLoopback(fileURL) {
                merged.sendsKey = false
            } else {
                merged.baseURL = nil
                warnings.append(.warning(
                    "`url: \(fileURL.absoluteString)` is not used: the content folder's settings choose no server but one on this machine, so questions go to \(provider.rawValue)'s own API. Expected `--llm-url \(fileURL.absoluteString)` (or DECKGEN_LLM_URL) to use that server",
                    path: "deckgen.yml", line: settings.urlLine))
            }
        }
        // A key never crosses a network in the clear: over plain http it goes only to a server on this machine.
        if merged.sendsKey, let url = merged.baseURL, url.scheme?.lowercased() == "http", !Self.isLoopback(url) {
            merged.sendsKey = false
            warnings.append(.warning(
                "the API key is not sent to \(url.absoluteString): plain http:// would carry it in the clear off this machine; the requests go without it. Expected an https:// address, or a server on 127.0.0.1"))
        }
        return merged
    }

    /// A server on this machine, by an address that cannot be pointed elsewhere (not a name other than localhost).
    static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
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
        let effort = reasoningEffort.map { " reasoning_effort=\($0)" } ?? ""
        let settings = "url=\(baseURL?.absoluteString ?? "default") context=\(contextTokens) max_tokens=\(maxTokens)\(effort)"
        return GeneratorIdentity(
            name: provider.rawValue, model: effectiveModel,
            promptVersion: "\(PromptBuilder.promptVersion) \(QuestionSchema.schemaVersion) settings-\(SHA256.hex(settings).prefix(12))")
    }
}
