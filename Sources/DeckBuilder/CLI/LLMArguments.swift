import Foundation

/// The options that choose where questions come from, shared by `build`, `check` and `export`.
enum LLMArguments {
    static let valueOptions = ["--llm": "llm", "--llm-url": "llm-url", "--concurrency": "concurrency", "--context": "context",
                               "--max-tokens": "max-tokens"]
    static let flagOptions = ["--offline": "offline", "--retry-failed": "retry-failed", "--dry-run": "dry-run", "--batch": "batch"]

    /// The help lines for these options.
    static let help: [(String, String)] = [
        ("--llm <provider[:model]>", "Ask a model for questions: openai (any OpenAI-compatible server) or gemini, with an optional model (openai:gpt-4o-mini, openai:llama3.1:8b). The key comes from OPENAI_API_KEY or GEMINI_API_KEY. deckgen.yml alone never asks a model. (env: DECKGEN_LLM)"),
        ("--llm-url <url>", "The API base URL, such as http://127.0.0.1:8080/v1 for a llama.cpp or Ollama server; the key is sent there over https, or over http to this machine only. (env: DECKGEN_LLM_URL; for openai, OPENAI_BASE_URL too)"),
        ("--concurrency <n>", "Requests in flight at once, 1 to 64. (default: 4, or fewer when a llama.cpp server has fewer slots)"),
        ("--context <tokens>", "The model's context size, 512 to 2000000. (default: what a llama.cpp or Ollama server says, else 8192)"),
        ("--offline", "Use only the built-in generator and stored questions; nothing is sent over the network."),
        ("--max-tokens <n>", "Start no request once this many tokens (in and out, all requests of the build) are spent; the notes answered are kept, the rest get offline questions and are asked next build. Requests in flight finish, so the total can pass it by their share."),
        ("--dry-run", "Say how many notes and requests asking the model would take and about how many tokens, then stop: nothing is sent to the model and nothing is written."),
        ("--batch", "Ask through OpenAI's Batch API, at half the price: the build submits the notes without questions and gives them offline questions; a later build (within a day) collects the answers. The batch is recorded in .deckgen/llm-batch.json."),
        ("--retry-failed", "Ask again about notes the model failed on in the last day (they are otherwise left to the offline generator until a day has passed)."),
    ]

    /// Environment variables that stand for `--llm` and `--llm-url` when those are not given: settings of this
    /// machine (a CI job's), which, unlike deckgen.yml, may turn on the network and choose the server.
    static let environmentOptions = ["DECKGEN_LLM": "llm", "DECKGEN_LLM_URL": "llm-url"]

    /// The overrides `scanned` holds, over those of `environment`; a malformed value is a usage error.
    static func overrides(from scanned: ArgumentScanner, command: String,
                          environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) -> LLMOverrides {
        var values = scanned.values
        let offline = scanned.flags.contains("offline")
        for (variable, option) in environmentOptions.sorted(by: { $0.key < $1.key }) where values[option] == nil && !offline {
            if let value = environment[variable], !value.isEmpty { values[option] = value }
        }
        var overrides = LLMOverrides(offline: offline)
        overrides.retryFailed = scanned.flags.contains("retry-failed")
        overrides.dryRun = scanned.flags.contains("dry-run")
        overrides.batch = scanned.flags.contains("batch")
        if let choice = values["llm"] {
            let parts = choice.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.first, let provider = LLMSettings.Provider(rawValue: name.lowercased()) else {
                throw UsageError("Unknown provider '\(choice)' for '--llm'; expected offline, openai or gemini, optionally with :MODEL",
                                 command: command)
            }
            if parts.count == 2 {
                guard !parts[1].isEmpty else { throw UsageError("Missing model after '\(name):' in '--llm'", command: command) }
                overrides.model = parts[1]
            }
            overrides.provider = provider
        }
        if overrides.offline, let provider = overrides.provider, provider != .offline {
            throw UsageError("'--offline' and '--llm \(provider.rawValue)' contradict each other; expected one of them", command: command)
        }
        if let text = values["llm-url"] {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  url.host != nil else {
                throw UsageError("'--llm-url \(text)' is not a web address; expected one such as http://127.0.0.1:8080/v1", command: command)
            }
            overrides.baseURL = url
        }
        // OpenAI's own tools read OPENAI_BASE_URL; it names this machine's server for the openai provider.
        if !offline, let text = environment["OPENAI_BASE_URL"], !text.isEmpty {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  url.host != nil else {
                throw UsageError("OPENAI_BASE_URL=\(text) is not a web address; expected one such as https://api.openai.com/v1", command: command)
            }
            overrides.openAIBaseURL = url
        }
        if let text = scanned.values["context"] {
            guard let number = Int(text), (512...2_000_000).contains(number) else {
                throw UsageError("'--context \(text)' is out of range; expected a whole number of tokens from 512 to 2000000", command: command)
            }
            overrides.contextTokens = number
        }
        if let text = scanned.values["max-tokens"] {
            guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number >= 1 else {
                throw UsageError("'--max-tokens \(text)' is not a number of tokens; expected a whole number such as 200000", command: command)
            }
            overrides.tokenLimit = number
        }
        if let text = scanned.values["concurrency"] {
            guard let number = Int(text), (1...64).contains(number) else {
                throw UsageError("'--concurrency \(text)' is out of range; expected a whole number from 1 to 64", command: command)
            }
            overrides.concurrency = number
        }
        return overrides
    }
}
