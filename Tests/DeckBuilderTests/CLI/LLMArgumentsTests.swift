import Foundation
import Testing
@testable import DeckBuilder

@Suite("Command-line choice of question generator")
struct LLMArgumentsTests {
    func overrides(_ arguments: [String]) throws(UsageError) -> LLMOverrides {
        let scanned = try ArgumentScanner(arguments, command: "build", valueOptions: LLMArguments.valueOptions,
                                          flagOptions: LLMArguments.flagOptions)
        return try LLMArguments.overrides(from: scanned, command: "build")
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
        let openai = LLMOverrides(provider: .openai, concurrency: 6).applied(to: file)
        #expect(openai.provider == .openai && openai.model == nil && openai.keyVariable == nil && openai.concurrency == 6)
        #expect(openai.effectiveModel == "gpt-4o-mini" && openai.effectiveKeyVariable == "OPENAI_API_KEY")
        let sameProvider = LLMOverrides(provider: .gemini).applied(to: file)
        #expect(sameProvider.model == "gemini-2.5-pro" && sameProvider.keyVariable == "MY_GEMINI")
        #expect(LLMOverrides(offline: true).applied(to: file).provider == .offline)
    }

    @Test("the stored identity changes with the model, the server or the size settings, not with concurrency")
    func identity() {
        var settings = LLMOverrides(provider: .openai, model: "m").applied(to: LLMSettings())
        let base = settings.identity
        #expect(base.name == "openai" && base.model == "m" && base.promptVersion.hasPrefix("llm-1 questions-2 settings-"))
        settings.concurrency = 16
        #expect(settings.identity == base)
        settings.maxTokens = 1000
        #expect(settings.identity != base)
        settings.maxTokens = LLMSettings().maxTokens
        settings.baseURL = URL(string: "http://127.0.0.1:8080/v1")
        #expect(settings.identity != base)
    }
}
