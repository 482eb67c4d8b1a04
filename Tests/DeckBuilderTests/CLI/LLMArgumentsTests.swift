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

    @Test("the summary line counts requests, tokens, retries, kept, dropped and fallbacks")
    func summaryLine() {
        var usage = LLMUsage(generator: GeneratorIdentity(name: "openai", model: "gpt-4o-mini", promptVersion: "x"))
        #expect(SummaryLine.llm(usage) == "LLM (openai, gpt-4o-mini): no requests; every note's questions were already stored")
        usage.notesAsked = 3
        usage.requests = 12
        usage.promptTokens = 9000
        usage.completionTokens = 876
        usage.retries = 1
        usage.questionsKept = 40
        usage.questionsDropped = 3
        usage.notesFellBack = 1
        #expect(SummaryLine.llm(usage) == "LLM (openai, gpt-4o-mini): 12 requests, 9,876 tokens, 1 retry; 40 questions kept, 3 dropped by the validator, 1 note fell back to the offline generator")
    }

    @Test("progress: a redrawn line with time left on a terminal, a plain line every tenth of the notes elsewhere")
    func progress() {
        let lines = LockedBox([String]())
        let generator = GeneratorIdentity(name: "openai", model: "m", promptVersion: "x")
        let plain = ProgressReporter(console: Console(standardOutput: { _ in }, standardError: { text in lines.withLock { $0.append(text) } }))
        for done in 0...20 {
            plain.show(LLMProgress(generator: generator, batch: LLMBatch.Progress(notesDone: done, notesTotal: 20, requestsInFlight: 2),
                                   retries: 0, seconds: Double(done)))
            plain.show(LLMProgress(generator: generator, batch: LLMBatch.Progress(notesDone: done, notesTotal: 20, requestsInFlight: 1),
                                   retries: 0, seconds: Double(done)))
        }
        #expect(lines.withLock { $0 }.count == 11)
        #expect(lines.withLock { $0 }.last == "Asking openai (m) for questions: 20/20 notes, 0 retries\n")

        let drawn = LockedBox([String]())
        let terminal = ProgressReporter(console: Console(standardOutput: { _ in }, standardError: { text in drawn.withLock { $0.append(text) } },
                                                         errorIsTerminal: true))
        terminal.show(LLMProgress(generator: generator, batch: LLMBatch.Progress(notesDone: 10, notesTotal: 100, requestsInFlight: 4),
                                  retries: 2, seconds: 20))
        #expect(drawn.withLock { $0 } == ["\r\u{1B}[2K[4/5] ██░░░░░░░░░░░░░░░░░░ Asking openai (m) for questions: 10/100 notes, 4 in flight, 2 retries, about 3m 0s left"])
    }
}
