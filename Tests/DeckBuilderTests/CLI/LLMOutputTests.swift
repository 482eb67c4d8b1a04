import Testing
@testable import DeckBuilder

@Suite("What a build that asks a model prints")
struct LLMOutputTests {
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
        #expect(SummaryLine.llm(usage) == "LLM (openai, gpt-4o-mini): 12 requests, 9,876 tokens (9,000 in, 876 out), 1 retry; 40 questions kept, 3 dropped by the validator, 1 note fell back to the offline generator")
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
