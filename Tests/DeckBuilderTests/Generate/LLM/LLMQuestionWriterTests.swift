import Foundation
import Testing
@testable import DeckBuilder

/// The question writer against the real fake server on 127.0.0.1: fallbacks, repairs, refusals, stops, secrets.
@Suite("LLM question writer")
struct LLMQuestionWriterTests {
    static let chatPath = "/v1/chat/completions"
    static let geminiPath = "/v1beta/models/gemini-2.0-flash:generateContent"
    static let sentinel = "sk-SENTINEL-do-not-leak-4242"

    static var good: [String: Any] { [
        "question": "Which planet does the note call the Red Planet?",
        "choices": ["Mars", "Venus", "Jupiter", "Saturn"],
        "answer": 0,
        "explanation": "The note says Mars is called the Red Planet because of its iron oxide.",
        "quote": "Mars is called the Red Planet",
    ] }
    static var second: [String: Any] { [
        "question": "What gives the Red Planet its colour?",
        "choices": ["Iron oxide", "Liquid water", "Sulphuric acid", "Methane ice"],
        "answer": 0,
        "explanation": "The note says iron oxide on the surface makes it red.",
        "quote": "iron oxide makes it red.",
    ] }

    func writer(_ server: FakeLLMServer, provider: LLMQuestionWriter.Provider = .openai,
                memory: JSONModeMemory = JSONModeMemory()) -> LLMQuestionWriter {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), keyVariable: "OPENAI_API_KEY", random: { 0.5 })
        let client = HTTPClient(timeout: .seconds(10), policy: policy, sleep: { _ in })
        let base = provider == .openai ? server.url("/v1") : server.url("")
        return LLMQuestionWriter(provider: provider, model: provider == .openai ? "test-model" : "gemini-2.0-flash",
                                 key: Self.sentinel, baseURL: base, maxTokens: 512, client: client, memory: memory)
    }

    func ask(_ writer: LLMQuestionWriter, count: Int = 2) async throws -> (questions: [Question], report: LLMWriteReport) {
        try await writer.questions(title: "Mars", lang: "en", markdown: "Mars is called the Red Planet: iron oxide makes it red.",
                                   count: count)
    }

    /// A chat completion whose content is `content` (JSON-encoded unless it is already a string).
    static func chat(_ content: Any, finish: String = "stop", refusal: String? = nil) -> [String: Any] {
        let text: String
        if let string = content as? String {
            text = string
        } else {
            let data = (try? JSONSerialization.data(withJSONObject: content)) ?? Data()
            text = String(decoding: data, as: UTF8.self)
        }
        var message: [String: Any] = ["role": "assistant", "content": text]
        if let refusal { message["refusal"] = refusal }
        return ["status": 200, "body": [
            "choices": [["index": 0, "message": message, "finish_reason": finish]],
            "usage": ["prompt_tokens": 100, "completion_tokens": 50],
        ] as [String: Any]]
    }

    static func bodies(_ server: FakeLLMServer) async throws -> [[String: Any]] {
        try await server.log().map { (try JSONSerialization.jsonObject(with: Data($0.body.utf8)) as? [String: Any]) ?? [:] }
    }

    static func responseFormat(_ body: [String: Any]) -> [String: Any]? {
        body["response_format"] as? [String: Any]
    }

    @Test("a good JSON answer gives valid questions, with the key sent as a Bearer token")
    func goodAnswer() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat(["questions": [Self.good, Self.second]])])
        let (questions, report) = try await ask(writer(server))
        #expect(questions.count == 2)
        #expect(questions.allSatisfy { QuestionValidator().isValid($0) && $0.origin == .provider("openai") })
        #expect(report.requests == 1 && report.retries == 0 && report.repairs == 0)
        #expect(report.usage == TokenUsage(promptTokens: 100, completionTokens: 50))
        #expect(report.jsonMode == .jsonSchema)
        let log = try await server.log()
        #expect(log.first?.headers["authorization"] == "Bearer \(Self.sentinel)")
        let body = try #require(try await Self.bodies(server).first)
        #expect(Self.responseFormat(body)?["type"] as? String == "json_schema")
        #expect(body["max_tokens"] as? Int == 512)
    }

    @Test("a 500 naming response_format falls back to json_object with schema, and the next note starts there")
    func jsonModeFallback() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let memory = JSONModeMemory()
        try await server.script(Self.chatPath, [
            ["status": 500, "body": ["error": ["message": "response_format json_schema is not supported"]]],
            Self.chat(["questions": [Self.good]]),
            Self.chat(["questions": [Self.second]]),
        ])
        let (questions, report) = try await ask(writer(server, memory: memory), count: 1)
        #expect(questions.count == 1)
        #expect(report.modeFallbacks == 1 && report.requests == 2 && report.retries == 0)
        #expect(report.jsonMode == .jsonObjectWithSchema)
        #expect(await memory.mode(for: server.url("/v1")) == .jsonObjectWithSchema)
        let (again, secondReport) = try await ask(writer(server, memory: memory), count: 1)
        #expect(again.count == 1 && secondReport.requests == 1 && secondReport.modeFallbacks == 0)
        let formats = try await Self.bodies(server).map { Self.responseFormat($0) }
        #expect(formats.map { $0?["type"] as? String } == ["json_schema", "json_object", "json_object"])
        #expect(formats.dropFirst().allSatisfy { $0?["schema"] != nil })
    }

    @Test("malformed JSON is repaired once with the validator's message")
    func malformedThenRepaired() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat("{\"questions\": [{\"question\": "), Self.chat(["questions": [Self.good]])])
        let (questions, report) = try await ask(writer(server), count: 1)
        #expect(questions.count == 1)
        #expect(report.repairs == 1 && report.requests == 2 && report.dropped.isEmpty)
        let messages = try #require(try await Self.bodies(server).last?["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "user"])
        #expect((messages.last?["content"] as? String)?.contains("not valid JSON") == true)
    }

    @Test("duplicate choices, an answer out of range and made-up markup are dropped after two repairs")
    func invalidQuestionsDropped() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        var duplicate = Self.second
        duplicate["choices"] = ["Iron oxide", "iron  oxide", "Methane ice"]
        var outOfRange = Self.second
        outOfRange["question"] = "Which gas is the note silent about?"
        outOfRange["answer"] = 7
        var script = Self.good
        script["question"] = "Which planet does the note call <script>alert(1)</script> the Red Planet?"
        try await server.script(Self.chatPath, [Self.chat(["questions": [duplicate, outOfRange, script]]).merging(["repeat": true]) { $1 }])
        let (questions, report) = try await ask(writer(server), count: 3)
        #expect(questions.isEmpty)
        #expect(report.repairs == 2 && report.requests == 3)
        #expect(report.dropped.count == 3)
        #expect(report.dropped.contains { $0.reasons.contains { $0.contains("contains markup the note does not") } })
        #expect(report.dropped.contains { $0.reasons.contains { $0.contains("repeats choice 1") } })
        #expect(report.dropped.contains { $0.reasons.contains { $0.contains("\"answer\" is 7") } })
    }

    @Test("an answer cut off at the token limit is asked again once for half as many questions")
    func truncatedAsksForFewer() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat("{\"questions\": [{\"quest", finish: "length"),
                                                Self.chat(["questions": [Self.good]])])
        let (questions, report) = try await ask(writer(server), count: 4)
        #expect(questions.count == 1)
        #expect(report.truncations == 1 && report.requests == 2 && report.repairs == 0)
        let messages = try #require(try await Self.bodies(server).last?["messages"] as? [[String: Any]])
        #expect(messages.count == 2)
        #expect((messages.last?["content"] as? String)?.hasPrefix("Write up to 2 questions") == true)
    }

    @Test("a refusal is reported and gives no questions")
    func refusal() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat("", refusal: "I can't help with that.")])
        let (questions, report) = try await ask(writer(server))
        #expect(questions.isEmpty)
        #expect(report.refusals == ["I can't help with that."] && report.requests == 1)
    }

    @Test("a reasoning model is asked as it needs: the request the server records has no max_tokens or temperature")
    func reasoningModelRequest() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat(["questions": [Self.good]])])
        var writer = writer(server)
        writer.model = "gpt-5-mini"
        writer.reasoningEffort = "minimal"
        let (questions, _) = try await ask(writer, count: 1)
        #expect(questions.count == 1)
        let body = try #require(try await Self.bodies(server).first)
        #expect(body["model"] as? String == "gpt-5-mini")
        #expect(body["max_completion_tokens"] as? Int == 512 * 3 && body["reasoning_effort"] as? String == "minimal")
        #expect(body["max_tokens"] == nil && body["temperature"] == nil)
    }

    @Test("Azure OpenAI, both URL styles: a deployment gets api-version (default or set), v1 none; the key goes as api-key",
          arguments: [
              ("/openai/deployments/study-4o", nil, "/openai/deployments/study-4o/chat/completions?api-version=2024-10-21"),
              ("/openai/deployments/study-4o?api-version=2025-04-01-preview", nil,
               "/openai/deployments/study-4o/chat/completions?api-version=2025-04-01-preview"),
              ("/openai/v1", nil, "/openai/v1/chat/completions"),
              ("/openai/v1/", "preview", "/openai/v1/chat/completions?api-version=preview"),
          ] as [(String, String?, String)])
    func azureRequest(base: String, apiVersion: String?, expected: String) async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(expected, [Self.chat(["questions": [Self.good]])])
        var writer = writer(server)
        writer.baseURL = try #require(URL(string: "http://127.0.0.1:\(server.port)\(base)"))
        writer.apiVersion = apiVersion
        let (questions, _) = try await ask(writer, count: 1)
        #expect(questions.count == 1)
        let logged = try #require(try await server.log().first)
        #expect(logged.path == expected)
        #expect(logged.headers["api-key"] == Self.sentinel && logged.headers["authorization"] == nil)
    }

    @Test("extra headers from the settings (OpenRouter's) go with each request, beside the key's")
    func extraHeaders() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat(["questions": [Self.good]])])
        var writer = writer(server)
        writer.extraHeaders = ["HTTP-Referer": "https://school.example/biology", "X-Title": "Biology decks"]
        _ = try await ask(writer, count: 1)
        let logged = try #require(try await server.log().first)
        #expect(logged.headers["http-referer"] == "https://school.example/biology" && logged.headers["x-title"] == "Biology decks")
        #expect(logged.headers["authorization"] == "Bearer \(Self.sentinel)")
    }

    @Test("an answer right but short is followed up once, for the rest only")
    func partAnsweredAskedForTheRest() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let third: [String: Any] = [
            "question": "Which compound does the note name as making Mars red?",
            "choices": ["Iron oxide", "Silicon dioxide", "Calcium carbonate", "Sodium chloride"], "answer": 0,
            "explanation": "The note says iron oxide makes Mars red.",
            "quote": "Mars is called the Red Planet: iron oxide makes it red.",
        ]
        try await server.script(Self.chatPath, [Self.chat(["questions": [Self.good]]), Self.chat(["questions": [Self.second, third]])])
        let (questions, report) = try await ask(writer(server), count: 3)
        #expect(questions.map(\.prompt) == [Self.good["question"], Self.second["question"], third["question"]].compactMap { $0 as? String })
        #expect(report.followUps == 1 && report.repairs == 0 && report.requests == 2)
        let bodies = try await Self.bodies(server)
        let follow = try #require((bodies.last?["messages"] as? [[String: String]])?.last?["content"])
        #expect(follow.contains("Write 2 more questions") && follow.contains("Red Planet"))
        let schema = (Self.responseFormat(bodies[1])?["json_schema"] as? [String: Any])?["schema"] as? [String: Any]
        #expect(((schema?["properties"] as? [String: Any])?["questions"] as? [String: Any])?["maxItems"] as? Int == 2)
    }

    @Test("a short answer is followed up once only: a model with no more to say is not asked again and again")
    func shortAnswerFollowedUpOnce() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat(["questions": [Self.good]]).merging(["repeat": true]) { $1 }])
        let (questions, report) = try await ask(writer(server), count: 4)
        #expect(questions.count == 1 && report.followUps == 1 && report.requests == 2)
    }

    @Test("a follow-up that fails keeps the questions already written")
    func failedFollowUpKeepsQuestions() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.chat(["questions": [Self.good]]),
                                                ["status": 400, "body": ["error": ["message": "context length exceeded"]]]])
        let (questions, report) = try await ask(writer(server), count: 3)
        #expect(questions.count == 1 && report.followUps == 1 && report.requests == 2)
    }

    @Test("a wrong key whose quote does not support it, and a quote not in the note, are refused after the repairs")
    func quotesRefused() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        var wrongKey = Self.good
        wrongKey["answer"] = 1  // Venus marked as the Red Planet, quoting the sentence about Mars
        var madeUp = Self.second
        madeUp["quote"] = "Rust-coloured dust covers the Red Planet."
        try await server.script(Self.chatPath, [Self.chat(["questions": [wrongKey, madeUp]]).merging(["repeat": true]) { $1 }])
        let (questions, report) = try await ask(writer(server), count: 2)
        #expect(questions.isEmpty && report.repairs == 2 && report.requests == 3)
        let reasons = report.dropped.flatMap(\.reasons)
        #expect(reasons.contains { $0.hasPrefix("the quote does not support the answer \"Venus\"") })
        #expect(reasons.contains { $0.hasPrefix("\"quote\" is not in the note") })
        // The repair prompt sent the reasons back to the model.
        let repair = try #require((try await Self.bodies(server)[1]["messages"] as? [[String: String]])?.last?["content"])
        #expect(repair.contains("the quote does not support the answer") && repair.contains("is not in the note"))
    }

    @Test("insufficient_quota throws a stopping failure after one request")
    func quotaStops() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [["status": 429, "repeat": true, "body": ["error": [
            "message": "You exceeded your current quota", "type": "insufficient_quota", "code": "insufficient_quota"]]]])
        let error = await #expect(throws: LLMFailure.self) { try await ask(writer(server)) }
        #expect(error?.kind == .quotaExhausted && error?.stopsEverything == true)
        #expect(try await server.log().count == 1)
    }

    @Test("Gemini: the key goes in x-goog-api-key and the answer gives questions")
    func geminiHappyPath() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: ["questions": [Self.good]]), as: UTF8.self)
        try await server.script(Self.geminiPath, [["status": 200, "body": [
            "candidates": [["content": ["role": "model", "parts": [["text": text]]], "finishReason": "STOP"]],
            "usageMetadata": ["promptTokenCount": 80, "candidatesTokenCount": 40],
        ] as [String: Any]]])
        let (questions, report) = try await ask(writer(server, provider: .gemini), count: 1)
        #expect(questions.count == 1 && questions.first?.origin == .provider("gemini"))
        #expect(report.usage == TokenUsage(promptTokens: 80, completionTokens: 40) && report.jsonMode == nil)
        let log = try await server.log()
        #expect(log.map(\.path) == [Self.geminiPath])
        #expect(log.first?.headers["x-goog-api-key"] == Self.sentinel && log.first?.headers["authorization"] == nil)
    }

    @Test("Gemini: a SAFETY block is reported as a refusal")
    func geminiSafetyBlock() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.geminiPath, [["status": 200, "body": ["candidates": [[
            "finishReason": "SAFETY",
            "safetyRatings": [["category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": true]],
        ]]] as [String: Any]]])
        let (questions, report) = try await ask(writer(server, provider: .gemini))
        #expect(questions.isEmpty)
        #expect(report.refusals.count == 1)
        #expect(report.refusals.first?.contains("SAFETY") == true)
    }

    @Test("the key never appears in a report, an error or a description, even when the server echoes it")
    func keyNeverLeaks() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let echo = "Incorrect API key provided: \(Self.sentinel)"
        var echoed = Self.good
        echoed["question"] = "Is \(Self.sentinel) a key?"
        echoed["answer"] = 9
        try await server.script(Self.chatPath, [
            ["status": 400, "body": ["error": ["message": echo, "type": "invalid_request_error"]]],
            ["status": 401, "body": ["error": ["message": echo, "code": "invalid_api_key"]]],
            Self.chat(["questions": [echoed]]).merging(["repeat": true]) { $1 },
        ])
        let writer = writer(server)
        var texts = [String(describing: writer), String(reflecting: writer)]
        var dumped = ""
        dump(writer, to: &dumped)
        texts.append(dumped)
        for _ in 0..<2 {
            do {
                _ = try await ask(writer)
            } catch {
                texts += [(error as? LLMFailure)?.message ?? "", String(describing: error), String(reflecting: error)]
            }
        }
        let (_, report) = try await ask(writer)
        texts += [String(describing: report), String(reflecting: report)]
        #expect(texts.count == 11)
        #expect(report.dropped.first?.prompt == "Is [redacted] a key?")
        for text in texts {
            #expect(!text.contains(Self.sentinel), "leaked in: \(text.prefix(300))")
        }
    }
}
