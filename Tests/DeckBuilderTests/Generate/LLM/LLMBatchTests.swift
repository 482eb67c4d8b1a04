import Foundation
import Testing
@testable import DeckBuilder

/// The fan-out over many notes against the fake server on 127.0.0.1.
@Suite("Asking about many notes at once")
struct LLMBatchTests {
    static let chatPath = "/v1/chat/completions"

    static func answer(delayMilliseconds: Int) -> [String: Any] {
        LLMQuestionWriterTests.chat(["questions": [LLMQuestionWriterTests.good]])
            .merging(["repeat": true, "delay_ms": delayMilliseconds]) { $1 }
    }

    static func jobs(_ count: Int, markdown: String = "Mars is called the Red Planet: iron oxide makes it red.") -> [LLMJob] {
        (1...count).map { LLMJob(path: "mars\($0).md", title: "Mars", lang: "en", markdown: markdown, count: 1) }
    }

    func batch(_ server: FakeLLMServer, concurrency: Int, context: Int = 8192) -> LLMBatch {
        LLMBatch(writer: LLMQuestionWriterTests().writer(server), concurrency: concurrency, contextTokens: context)
    }

    @Test("never more requests in flight than the concurrency, and every note delivered once")
    func bounded() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(delayMilliseconds: 150)])
        var delivered = [String]()
        var mostInFlight = 0
        let ending = await batch(server, concurrency: 3).run(Self.jobs(10), progress: { mostInFlight = max(mostInFlight, $0.requestsInFlight) }) {
            delivered.append($0.path)
            #expect($0.questions.count == 1 && $0.failure == nil)
        }
        #expect(Set(delivered) == Set(Self.jobs(10).map(\.path)) && delivered.count == 10)
        #expect(ending.stoppedBy == nil && !ending.cancelled && ending.unfinished.isEmpty)
        #expect(mostInFlight == 3)
        #expect(try await server.maxInFlight() == 3)
    }

    @Test("a long note's pieces are separate requests, each told which part it is")
    func pieces() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(delayMilliseconds: 0)])
        // About Mars throughout, so the fake server's question about Mars is grounded in every piece.
        let markdown = LLMJobTests.longNote(sections: 4, paragraph: 80).replacingOccurrences(of: "Words about", with: "Mars is called the Red Planet and")
        var job = Self.jobs(1, markdown: markdown)[0]
        job.count = 4
        var results = [LLMBatch.Result]()
        _ = await batch(server, concurrency: 2, context: 2048).run([job]) { results.append($0) }
        let bodies = try await server.log().map(\.body)
        #expect(bodies.count > 1)
        #expect(bodies.allSatisfy { $0.contains("This is part ") })
        // Every piece answered the same question: the note keeps it once.
        #expect(results.count == 1 && results[0].questions.count == 1)
        #expect(results[0].report.requests == bodies.count)
    }

    @Test("--max-tokens: once the tokens spent reach the limit no request is started; answers in flight are kept")
    func tokenLimit() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        // Each answer reports 150 tokens (100 in, 50 out): the limit of 400 is reached after the third.
        try await server.script(Self.chatPath, [Self.answer(delayMilliseconds: 0)])
        var limited = batch(server, concurrency: 1)
        limited.tokenLimit = 400
        var delivered = [String]()
        var last = LLMBatch.Progress()
        let ending = await limited.run(Self.jobs(8), progress: { last = $0 }) { delivered.append($0.path) }
        #expect(ending.reachedTokenLimit && ending.stoppedBy == nil && !ending.cancelled)
        #expect(delivered == ["mars1.md", "mars2.md", "mars3.md"])
        #expect(ending.unfinished == (4...8).map { "mars\($0).md" })
        #expect(try await server.log().count == 3)
        #expect(last.piecesDone == 3 && last.piecesTotal == 8 && last.usage.totalTokens == 450)
    }

    @Test("quota exhausted stops the batch: nothing more is sent and the rest are left unfinished")
    func quota() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [["status": 429, "repeat": true, "body": ["error": [
            "message": "Quota exceeded for quota metric 'Generate requests' per day", "status": "RESOURCE_EXHAUSTED"]]]])
        var delivered = 0
        let ending = await batch(server, concurrency: 2).run(Self.jobs(8)) { _ in delivered += 1 }
        #expect(ending.stoppedBy?.kind == .quotaExhausted)
        #expect(try await server.log().count <= 2)
        #expect(delivered + ending.unfinished.count == 8)
        #expect(ending.unfinished.count >= 6)
    }

    /// Gemini's 429, whose message always mentions "plan and billing", for a quota of the minute or of the day.
    static func geminiLimit(_ quotaId: String, retryDelay: String) -> [String: Any] {
        ["status": 429, "body": ["error": [
            "code": 429, "status": "RESOURCE_EXHAUSTED",
            "message": "You exceeded your current quota, please check your plan and billing details.",
            "details": [
                ["@type": "type.googleapis.com/google.rpc.QuotaFailure",
                 "violations": [["quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests", "quotaId": quotaId]]],
                ["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retryDelay],
            ] as [Any],
        ] as [String: Any]]]
    }

    @Test("a per-minute limit is waited out and the batch goes on: every note answered, nothing stopped")
    func perMinuteLimitWaits() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let answer = LLMQuestionWriterTests.chat(["questions": [LLMQuestionWriterTests.good]])
        try await server.script(Self.chatPath, [answer, Self.geminiLimit("GenerateRequestsPerMinutePerProjectPerModel-FreeTier", retryDelay: "1s"),
                                                answer.merging(["repeat": true]) { $1 }])
        var results = [LLMBatch.Result]()
        let ending = await batch(server, concurrency: 1).run(Self.jobs(4)) { results.append($0) }
        #expect(ending.stoppedBy == nil && ending.unfinished.isEmpty)
        #expect(results.count == 4 && results.allSatisfy { $0.questions.count == 1 && $0.failure == nil })
        #expect(results.map(\.report.retries).reduce(0, +) == 1)
        #expect(try await server.log().count == 5)
    }

    @Test("a per-day quota stops the batch and keeps every answer that came before it")
    func perDayQuotaKeepsAnswers() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let answer = LLMQuestionWriterTests.chat(["questions": [LLMQuestionWriterTests.good]])
        try await server.script(Self.chatPath, [answer, answer, answer,
                                                Self.geminiLimit("GenerateRequestsPerDayPerProjectPerModel-FreeTier", retryDelay: "30s")
                                                    .merging(["repeat": true]) { $1 }])
        var results = [LLMBatch.Result]()
        let ending = await batch(server, concurrency: 1).run(Self.jobs(6)) { results.append($0) }
        #expect(ending.stoppedBy?.kind == .quotaExhausted)
        #expect(results.filter { !$0.questions.isEmpty }.map(\.path) == ["mars1.md", "mars2.md", "mars3.md"])
        #expect(try await server.log().count == 4, "nothing is asked after the quota is spent")
    }

    @Test("cancelling (Ctrl-C) ends the requests in flight at once and reports what was finished")
    func cancelled() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(delayMilliseconds: 0), Self.answer(delayMilliseconds: 20_000)])
        let batch = batch(server, concurrency: 1)
        let delivered = LockedBox([String]())
        let task = Task { await batch.run(Self.jobs(3)) { result in delivered.withLock { $0.append(result.path) } } }
        while try await server.log().count < 2 { try await Task.sleep(for: .milliseconds(20)) }
        let start = ContinuousClock.now
        task.cancel()
        let ending = await task.value
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(ending.cancelled)
        #expect(delivered.withLock { $0 }.first == "mars1.md")
        #expect(ending.unfinished.contains("mars3.md"))
    }
}
