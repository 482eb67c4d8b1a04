import Foundation
import Testing
@testable import DeckBuilder

@Suite("LLM settings")
struct LLMSettingsTests {
    func settings(_ yaml: String) throws(Diagnostic) -> LLMSettings {
        var warnings = [Diagnostic]()
        return try SiteSettings(yaml: YAMLReader.parse(yaml), warnings: &warnings).llm
    }

    @Test("key_env may name a model key of any service deckgen speaks to", arguments: [
        "OPENAI_API_KEY", "SCHOOL_OPENAI_KEY", "MY_GEMINI_KEY", "GOOGLE_API_KEY", "OLLAMA_KEY", "DECKGEN_LLM_KEY", "GROQ_API_KEY",
    ])
    func modelKeyNames(name: String) throws {
        #expect(try settings("llm:\n  key_env: \(name)\n").keyVariable == name)
    }

    @Test("reads every setting of the llm block; offline is the default")
    func readsSettings() throws {
        #expect(try settings("title: x\n").provider == .offline)
        let llm = try settings("""
            llm:
              provider: openai
              model: qwen2.5:7b
              url: http://127.0.0.1:11434/v1
              key_env: OLLAMA_KEY
              concurrency: 8
              context: 32768
              max_tokens: 1500
              reasoning_effort: Low
              api_version: 2025-04-01-preview
              headers:
                HTTP-Referer: https://school.example/biology
                X-Title: Biology decks
            """)
        #expect(llm.provider == .openai)
        #expect(llm.model == "qwen2.5:7b")
        #expect(llm.baseURL?.absoluteString == "http://127.0.0.1:11434/v1")
        #expect(llm.effectiveKeyVariable == "OLLAMA_KEY")
        #expect(llm.concurrency == 8 && llm.contextTokens == 32768 && llm.maxTokens == 1500)
        #expect(llm.reasoningEffort == "low")
        #expect(llm.apiVersion == "2025-04-01-preview")
        #expect(llm.headers == ["HTTP-Referer": "https://school.example/biology", "X-Title": "Biology decks"])
        var azure = LLMSettings()
        azure.provider = .openai
        azure.baseURL = URL(string: "https://school.openai.azure.com/openai/v1")
        #expect(azure.effectiveKeyVariable == "AZURE_OPENAI_API_KEY")
        #expect(try settings("llm:\n  provider: gemini\n").effectiveKeyVariable == "GEMINI_API_KEY")
    }

    @Test("a key written into deckgen.yml, and other mistakes, are errors at their line", arguments: [
        ("llm:\n  provider: openai\n  api_key: sk-secret\n", 3, "refused"),
        ("llm:\n  key: AIza-secret\n", 2, "refused"),
        ("llm:\n  provider: claude\n", 2, "unknown"),
        ("llm:\n  url: ftp://example.org\n", 2, "not a web address"),
        ("llm:\n  concurrency: 0\n", 2, "out of range"),
        ("llm:\n  reasoning_effort: extreme\n", 2, "expected one of minimal, low, medium, high"),
        ("llm:\n  key_env: MY KEY\n", 2, "not an environment variable name"),
        ("llm:\n  provider: openai\n  key_env: AWS_SECRET_ACCESS_KEY\n", 3, "does not name a model's API key"),
        ("llm:\n  key_env: GITHUB_TOKEN\n", 2, "does not name a model's API key"),
        ("llm:\n  key_env: STRIPE_API_KEY\n", 2, "does not name a model's API key"),
        ("llm:\n  key_env: openai_api_key\n", 2, "does not name a model's API key"),
        ("llm:\n  temperature: 2\n", 2, "unknown `llm` setting"),
        ("llm: openai\n", 1, "expected settings"),
        ("llm:\n  headers:\n    Authorization: Bearer sk-x\n", 3, "refused"),
        ("llm:\n  headers:\n    api-key: abc\n", 3, "refused"),
        ("llm:\n  headers:\n    Host: evil.example\n", 3, "refused"),
        ("llm:\n  headers:\n    X Title: a\n", 3, "not a header name"),
        ("llm:\n  headers: X-Title\n", 2, "expected lines such as"),
        ("llm:\n  api_version: 2024/10\n", 2, "not an API version"),
    ])
    func errors(yaml: String, line: Int, message: String) {
        do {
            _ = try settings(yaml)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(!error.message.contains("secret"))
        }
    }

    @Test("a provider without its key in the environment gives a warning naming the variable, not a silent switch")
    func providerWithoutKey() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "llm:\n  provider: gemini\n  key_env: MY_GEMINI_KEY\n", "content/a.md": "# A\n"])
        let summary = Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    site: folder.url.appendingPathComponent("site"),
                                                    llm: LLMOverrides(provider: .gemini), environment: [:])).build()
        #expect(summary.succeeded)
        #expect(summary.diagnostics.contains { $0.path == "deckgen.yml" && $0.message.hasPrefix("`MY_GEMINI_KEY` is not set") })
    }
}
