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

    @Test("progress: a redrawn line with requests, tokens and time left on a terminal, a plain line every tenth of the requests elsewhere")
    func progress() {
        let lines = LockedBox([String]())
        let generator = GeneratorIdentity(name: "openai", model: "m", promptVersion: "x")
        let plain = ProgressReporter(console: Console(standardOutput: { _ in }, standardError: { text in lines.withLock { $0.append(text) } }))
        for done in 0...20 {
            for inFlight in [2, 1] {
                let batch = LLMBatch.Progress(notesDone: done / 2, notesTotal: 10, piecesDone: done, piecesTotal: 20, requestsInFlight: inFlight,
                                              usage: TokenUsage(promptTokens: 900 * done, completionTokens: 100 * done))
                plain.show(LLMProgress(generator: generator, batch: batch, retries: 0, seconds: Double(done)))
            }
        }
        #expect(lines.withLock { $0 }.count == 11)
        #expect(lines.withLock { $0 }.last == "Asking openai (m) for questions: 20/20 requests, 10/10 notes, 20,000 tokens, 0 retries\n")

        let drawn = LockedBox([String]())
        let terminal = ProgressReporter(console: Console(standardOutput: { _ in }, standardError: { text in drawn.withLock { $0.append(text) } },
                                                         errorIsTerminal: true))
        // One long note of 100 requests: the count moves although no note is done.
        let batch = LLMBatch.Progress(notesDone: 0, notesTotal: 1, piecesDone: 10, piecesTotal: 100, requestsInFlight: 4,
                                      usage: TokenUsage(promptTokens: 12_000, completionTokens: 1_500))
        terminal.show(LLMProgress(generator: generator, batch: batch, retries: 2, seconds: 20))
        #expect(drawn.withLock { $0 } == ["\r\u{1B}[2K[4/5] ██░░░░░░░░░░░░░░░░░░ Asking openai (m) for questions: 10/100 requests, 0/1 notes, 13,500 tokens, 4 in flight, 2 retries, about 3m 0s left"])
    }

    @Test("a dry run's line: notes, requests, questions and tokens, or why nothing would be asked")
    func estimateLine() {
        var estimate = LLMEstimate(generator: GeneratorIdentity(name: "openai", model: "gpt-4o-mini", promptVersion: "x"))
        #expect(SummaryLine.estimate(estimate).contains("would be asked nothing"))
        estimate.notes = 3
        estimate.requests = 4
        estimate.questions = 15
        estimate.promptTokens = 6_120
        estimate.likelyCompletionTokens = 2_400
        estimate.maxCompletionTokens = 8_192
        #expect(SummaryLine.estimate(estimate) == "Dry run: LLM (openai, gpt-4o-mini) would be asked about 3 notes in 4 requests for 15 questions: about 6,120 tokens in, about 2,400 out (at most 8,192); repairs and follow-ups add more. Nothing was sent or written")
        #expect(SummaryLine.estimate(nil).contains("no model would be asked"))
    }
}
