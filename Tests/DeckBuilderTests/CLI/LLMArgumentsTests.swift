import Foundation
import Testing
@testable import DeckBuilder

@Suite("Command-line choice of question generator")
struct LLMArgumentsTests {
    func overrides(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> LLMOverrides {
        let scanned = try ArgumentScanner(arguments, command: "build", valueOptions: LLMArguments.valueOptions,
                                          flagOptions: LLMArguments.flagOptions)
        return try LLMArguments.overrides(from: scanned, command: "build", environment: environment)
    }

    /// `overrides` applied to `file`, with the warnings about what of the file was not used.
    func applied(_ overrides: LLMOverrides, to file: LLMSettings) -> (LLMSettings, [Diagnostic]) {
        var warnings = [Diagnostic]()
        let settings = overrides.applied(to: file, warnings: &warnings)
        return (settings, warnings)
    }

    @Test("--llm takes a provider and a model that may itself hold colons; --llm-url and --concurrency are checked")
    func parsed() throws {
        let parsed = try overrides(["--llm", "openai:llama3.1:8b", "--llm-url", "http://127.0.0.1:11434/v1", "--concurrency=8"])
        #expect(parsed == LLMOverrides(provider: .openai, model: "llama3.1:8b", baseURL: URL(string: "http://127.0.0.1:11434/v1"),
                                       concurrency: 8))
        #expect(try overrides(["--llm", "Gemini"]).provider == .gemini)
        #expect(try overrides(["--offline"]).offline)
    }

    @Test("bad values are usage errors that say what was expected", arguments: [
        (["--llm", "claude"], "Unknown provider 'claude'"),
        (["--llm", "openai:"], "Missing model"),
        (["--llm-url", "file:///etc/passwd"], "is not a web address"),
        (["--concurrency", "0"], "expected a whole number from 1 to 64"),
        (["--offline", "--llm", "openai"], "contradict each other"),
    ])
    func rejected(arguments: [String], message: String) {
        #expect { try overrides(arguments) } throws: { ($0 as? UsageError)?.message.contains(message) == true }
    }

    @Test("the command line wins over deckgen.yml; another provider drops the file's model, URL and key variable")
    func applied() {
        var file = LLMSettings()
        file.provider = .gemini
        file.model = "gemini-2.5-pro"
        file.keyVariable = "MY_GEMINI"
        file.concurrency = 2
        let openai = applied(LLMOverrides(provider: .openai, concurrency: 6), to: file).0
        #expect(openai.provider == .openai && openai.model == nil && openai.keyVariable == nil && openai.concurrency == 6)
        #expect(openai.effectiveModel == "gpt-4o-mini" && openai.effectiveKeyVariable == "OPENAI_API_KEY")
        let sameProvider = applied(LLMOverrides(provider: .gemini), to: file).0
        #expect(sameProvider.model == "gemini-2.5-pro" && sameProvider.keyVariable == "MY_GEMINI")
        #expect(applied(LLMOverrides(offline: true), to: file).0.provider == .offline)
        #expect(applied(LLMOverrides(offline: true), to: file).1.isEmpty)
    }

    @Test("deckgen.yml alone never asks a model: its provider needs --llm, --llm-url or DECKGEN_LLM, and a warning says so")
    func fileAloneStaysOffline() throws {
        var file = LLMSettings()
        file.provider = .openai
        file.providerLine = 2
        let (settings, warnings) = applied(LLMOverrides(), to: file)
        #expect(settings.provider == .offline)
        #expect(warnings.count == 1 && warnings[0].path == "deckgen.yml" && warnings[0].line == 2)
        #expect(warnings[0].message.contains("never turn on the network") && warnings[0].message.contains("--llm openai"))
        #expect(applied(LLMOverrides(), to: LLMSettings()).1.isEmpty)
        // A server chosen on this machine asks the file's provider.
        let url = URL(string: "http://127.0.0.1:8080/v1")
        #expect(applied(LLMOverrides(baseURL: url), to: file).0.provider == .openai)
    }

    @Test("a URL from deckgen.yml is used only for a server on this machine, and never gets the key")
    func fileURLNeverGetsTheKey() throws {
        for (address, loopback) in [("http://127.0.0.1:11434/v1", true), ("http://localhost:8080/v1", true), ("http://[::1]:8080/v1", true),
                                    ("http://attacker.example/v1", false), ("https://10.0.0.5/v1", false),
                                    ("http://127.0.0.1.attacker.example/v1", false), ("http://0x7f.1/v1", false)] {
            var file = LLMSettings()
            file.provider = .openai
            file.baseURL = URL(string: address)
            file.urlLine = 4
            let (settings, warnings) = applied(LLMOverrides(provider: .openai), to: file)
            #expect(!settings.sendsKey || settings.baseURL == nil, "\(address)")
            if loopback {
                #expect(settings.baseURL?.absoluteString == address && !settings.sendsKey && warnings.isEmpty, "\(address)")
            } else {
                #expect(settings.baseURL == nil && settings.sendsKey, "\(address): the provider's own API, with the key")
                #expect(warnings.count == 1 && warnings[0].line == 4 && warnings[0].message.contains("--llm-url \(address)"), "\(address)")
            }
            // The same server named on the command line is the person's choice: the key goes with it, over https or
            // to this machine; over plain http to another machine it would travel in the clear, so it is withheld.
            let (chosen, said) = applied(LLMOverrides(provider: .openai, baseURL: URL(string: address)), to: file)
            let clear = address.hasPrefix("http://") && !loopback
            #expect(chosen.baseURL?.absoluteString == address && chosen.sendsKey == !clear && chosen.effectiveKeyVariable == "OPENAI_API_KEY")
            #expect(said.contains { $0.message.contains("the API key is not sent") } == clear, "\(address)")
        }
    }

    @Test("OPENAI_BASE_URL names the openai provider's server, below --llm-url; a bad one is a usage error")
    func openAIBaseURL() throws {
        let environment = ["OPENAI_BASE_URL": "https://proxy.school.example/v1"]
        let fromEnvironment = try overrides(["--llm", "openai"], environment: environment)
        let (settings, warnings) = applied(fromEnvironment, to: LLMSettings())
        #expect(settings.baseURL?.absoluteString == "https://proxy.school.example/v1" && settings.sendsKey && warnings.isEmpty)
        let given = try overrides(["--llm", "openai", "--llm-url", "http://127.0.0.1:8/v1"], environment: environment)
        #expect(applied(given, to: LLMSettings()).0.baseURL?.absoluteString == "http://127.0.0.1:8/v1")
        // It is OpenAI's variable: Gemini keeps its own API.
        #expect(applied(try overrides(["--llm", "gemini"], environment: environment), to: LLMSettings()).0.baseURL == nil)
        #expect(throws: UsageError.self) { try overrides(["--llm", "openai"], environment: ["OPENAI_BASE_URL": "proxy:8080"]) }
        #expect(try overrides(["--offline"], environment: ["OPENAI_BASE_URL": "proxy:8080"]).offline)
    }

    @Test("DECKGEN_LLM and DECKGEN_LLM_URL stand for the options; the command line and --offline win over them")
    func environment() throws {
        let environment = ["DECKGEN_LLM": "gemini:gemini-2.5-pro", "DECKGEN_LLM_URL": "http://127.0.0.1:9/v1"]
        let fromEnvironment = try overrides([], environment: environment)
        #expect(fromEnvironment.provider == .gemini && fromEnvironment.model == "gemini-2.5-pro")
        #expect(fromEnvironment.baseURL?.absoluteString == "http://127.0.0.1:9/v1")
        let given = try overrides(["--llm", "openai", "--llm-url", "http://127.0.0.1:8/v1"], environment: environment)
        #expect(given.provider == .openai && given.model == nil && given.baseURL?.absoluteString == "http://127.0.0.1:8/v1")
        let offline = try overrides(["--offline"], environment: environment)
        #expect(offline.offline && offline.provider == nil && offline.baseURL == nil)
    }

    @Test("the stored identity changes with the model, the server or the size settings, not with concurrency")
    func identity() {
        var settings = applied(LLMOverrides(provider: .openai, model: "m"), to: LLMSettings()).0
        let base = settings.identity
        #expect(base.name == "openai" && base.model == "m" && base.promptVersion.hasPrefix("llm-3 questions-4 settings-"))
        settings.concurrency = 16
        #expect(settings.identity == base)
        settings.maxTokens = 1000
        #expect(settings.identity != base)
        settings.maxTokens = LLMSettings().maxTokens
        settings.baseURL = URL(string: "http://127.0.0.1:8080/v1")
        #expect(settings.identity != base)
    }
}
