import Foundation

/// Which question generator a build uses and how to reach it: the `llm:` block of `deckgen.yml`.
/// Keys are never read from files: only the name of the environment variable that holds one.
public struct LLMSettings: Sendable, Equatable {
    /// The providers deckgen speaks to.
    public enum Provider: String, Sendable, Equatable, CaseIterable {
        /// The built-in generator: no key, no network.
        case offline
        /// Any OpenAI-compatible chat-completions server: OpenAI, Ollama, llama.cpp, vLLM.
        case openai
        case gemini
    }

    public var provider: Provider = .offline
    public var model: String?
    /// The API base URL; each provider has a default.
    public var baseURL: URL?
    /// The environment variable holding the key; each provider has a default.
    public var keyVariable: String?
    /// Requests in flight at once.
    public var concurrency = 4
    /// The model's context size in tokens, which bounds how much of a note goes into one request.
    public var contextTokens = 8192
    /// Whether `contextTokens` was set (`context:` or `--context`); if not, a local server's own word is taken.
    public var contextIsSet = false
    /// Sent with every request, so a runaway answer stops.
    public var maxTokens = 2048
    /// `reasoning_effort` for OpenAI's reasoning models (`minimal`, `low`, `medium`, `high`); nil leaves the server's.
    public var reasoningEffort: String?
    /// `api-version` for Azure OpenAI (`api_version:`); nil takes the URL's, or the default for a deployment URL.
    public var apiVersion: String?
    /// Headers sent with every request (`headers:`), such as OpenRouter's `HTTP-Referer` and `X-Title`; never a key's.
    public var headers: [String: String] = [:]
    /// Whether the key goes with each request: false when `baseURL` came from the content folder's deckgen.yml,
    /// since a folder (perhaps a stranger's) never chooses where a secret is sent.
    public var sendsKey = true
    /// The lines of deckgen.yml that named the provider and the URL, for the warnings about them.
    public var providerLine: Int?
    public var urlLine: Int?

    public init() {}

    /// The key variable in force: the configured one, else the provider's usual name.
    public var effectiveKeyVariable: String? {
        if let keyVariable { return keyVariable }
        switch provider {
        case .offline: return nil
        case .openai: return baseURL.map(AzureOpenAI.serves) == true ? AzureOpenAI.keyVariable : "OPENAI_API_KEY"
        case .gemini: return "GEMINI_API_KEY"
        }
    }

    /// The efforts OpenAI's reasoning models take.
    static let reasoningEfforts = ["minimal", "low", "medium", "high"]

    /// Setting names that would put a secret into a file that gets committed and published.
    static let secretKeys: Set<String> = ["key", "api_key", "apikey", "api-key", "token", "secret", "password"]

    /// Reads the `llm:` block; problems are errors at their line, and a key written into the file is refused.
    init(yaml: YAMLNode) throws(Diagnostic) {
        guard case .mapping(let pairs) = yaml.value else {
            throw .error("`llm` is \(yaml.kindName); expected settings such as `provider: openai`", line: yaml.line)
        }
        for pair in pairs {
            let key = pair.key.text ?? ""
            let value = pair.value
            if Self.secretKeys.contains(key.lowercased()) {
                throw .error("an API key in deckgen.yml would be committed and published; refused. Expected `key_env: NAME` and the key in that environment variable",
                             line: pair.key.line)
            }
            switch key {
            case "provider":
                guard let name = value.text, let provider = Provider(rawValue: name.lowercased()) else {
                    throw .error("`provider: \(value.text ?? value.kindName)` is unknown; expected one of \(Provider.allCases.map(\.rawValue).joined(separator: ", "))",
                                 line: value.line)
                }
                self.provider = provider
                providerLine = value.line
            case "model":
                model = try Self.text(value, key: key)
            case "url", "base_url":
                let text = try Self.text(value, key: key)
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                      url.host != nil else {
                    throw .error("`\(key): \(text)` is not a web address; expected one such as http://127.0.0.1:8080/v1", line: value.line)
                }
                baseURL = url
                urlLine = value.line
            case "key_env":
                let name = try Self.text(value, key: key)
                guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                    throw .error("`key_env: \(name)` is not an environment variable name; expected one such as MY_OPENAI_KEY", line: value.line)
                }
                guard Self.looksLikeModelKey(name) else {
                    throw .error("`key_env: \(name)` does not name a model's API key, and a folder's settings may not choose which of your keys is sent; refused. Expected a name ending in KEY that names the service, such as SCHOOL_OPENAI_API_KEY or MY_GEMINI_KEY",
                                 line: value.line)
                }
                keyVariable = name
            case "concurrency":
                concurrency = try Self.number(value, key: key, in: 1...64)
            case "context":
                contextTokens = try Self.number(value, key: key, in: 512...2_000_000)
                contextIsSet = true
            case "max_tokens":
                maxTokens = try Self.number(value, key: key, in: 64...200_000)
            case "reasoning_effort":
                let effort = try Self.text(value, key: key).lowercased()
                guard Self.reasoningEfforts.contains(effort) else {
                    throw .error("`reasoning_effort: \(effort)` is unknown; expected one of \(Self.reasoningEfforts.joined(separator: ", "))", line: value.line)
                }
                reasoningEffort = effort
            case "api_version":
                let version = try Self.text(value, key: key)
                guard version.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                    throw .error("`api_version: \(version)` is not an API version; expected one such as 2024-10-21", line: value.line)
                }
                apiVersion = version
            case "headers":
                headers = try Self.headers(value)
            default:
                throw .error("unknown `llm` setting `\(key)`; expected provider, model, url, key_env, concurrency, context, max_tokens, reasoning_effort, api_version or headers",
                             line: pair.key.line)
            }
        }
    }

    /// Words one of which a key variable named in deckgen.yml must hold: a folder may say which of the reader's model
    /// keys to use, not hand any other secret (`AWS_SECRET_ACCESS_KEY`, `GITHUB_TOKEN`) to a model's server.
    static let modelKeyWords = ["OPENAI", "GEMINI", "GOOGLE_AI", "GOOGLE_API_KEY", "LLM", "OLLAMA", "LLAMA", "VLLM", "GROQ", "MISTRAL",
                                "OPENROUTER", "TOGETHER", "DEEPSEEK", "DECKGEN"]

    /// An upper-case name ending in `KEY` that names a model service.
    static func looksLikeModelKey(_ name: String) -> Bool {
        name.hasSuffix("KEY") && name == name.uppercased() && modelKeyWords.contains { name.contains($0) }
    }

    /// Headers a folder may add: names of letters, digits and dashes, values of printable ASCII; never one that
    /// carries a secret or that the request itself sets.
    private static func headers(_ node: YAMLNode) throws(Diagnostic) -> [String: String] {
        guard case .mapping(let pairs) = node.value else {
            throw .error("`headers` is \(node.kindName); expected lines such as `X-Title: My course`", line: node.line)
        }
        var headers = [String: String]()
        for pair in pairs {
            let name = pair.key.text ?? ""
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw .error("`\(name)` is not a header name; expected letters, digits and dashes, such as X-Title", line: pair.key.line)
            }
            guard !reservedHeaders.contains(name.lowercased()), !HTTPClient.secretHeaders.contains(name.lowercased()) else {
                throw .error("the header `\(name)` is set by deckgen (a key's comes from the environment only); refused. Expected others, such as HTTP-Referer or X-Title",
                             line: pair.key.line)
            }
            let text = try Self.text(pair.value, key: name)
            guard text.count <= 512, text.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
                throw .error("the value of `\(name)` must be printable ASCII on one line, at most 512 characters", line: pair.value.line)
            }
            headers[name] = text
        }
        return headers
    }

    /// Headers the request sets itself, or that would change how it travels.
    static let reservedHeaders: Set<String> = ["content-type", "content-length", "accept", "host", "connection", "cookie",
                                               "transfer-encoding", "proxy-authorization", "expect", "te", "upgrade"]

    private static func text(_ node: YAMLNode, key: String) throws(Diagnostic) -> String {
        guard let text = node.text?.trimmingWhitespace, !text.isEmpty else {
            throw .error("`\(key)` is \(node.kindName); expected text", line: node.line)
        }
        return text
    }

    private static func number(_ node: YAMLNode, key: String, in range: ClosedRange<Int>) throws(Diagnostic) -> Int {
        guard let number = node.int, range.contains(number) else {
            throw .error("`\(key): \(node.text ?? node.kindName)` is out of range; expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                         line: node.line)
        }
        return number
    }
}
