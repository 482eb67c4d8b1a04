import Foundation
import Testing
@testable import DeckBuilder

/// Whole builds that ask a model, against the fake server on 127.0.0.1: the store as a cache, quota, bad
/// payloads, the key, `--offline`, exports and checks.
@Suite("Builds that ask a model")
struct LLMBuildTests {
    static let chatPath = "/v1/chat/completions"
    static let sentinel = "sk-SENTINEL-build-9876"

    static func note(_ title: String) -> String {
        """
        ---
        title: \(title)
        questions: 2
        ---
        # \(title)

        - **Nucleus**: holds the cell's DNA and controls its activities.
        - **Mitochondrion**: releases energy from glucose by respiration.
        - **Ribosome**: joins amino acids into proteins.
        """
    }

    static var questions: [[String: Any]] { [
        ["question": "Which part of the cell holds its DNA?", "choices": ["Nucleus", "Ribosome", "Mitochondrion", "Vacuole"],
         "answer": 0, "explanation": "The note says the nucleus holds the cell's DNA.",
         "quote": "**Nucleus**: holds the cell's DNA and controls its activities."],
        ["question": "Which part releases energy from glucose?", "choices": ["Ribosome", "Mitochondrion", "Nucleus", "Cell wall"],
         "answer": 1, "explanation": "The note says the mitochondrion releases energy by respiration.",
         "quote": "Mitochondrion: releases energy from glucose by respiration."],
    ] }

    /// A chat completion whose content is `payload` as JSON text, served again for every request.
    static func answer(_ payload: Any, delayMilliseconds: Int = 0) -> [String: Any] {
        let data = (try? JSONSerialization.data(withJSONObject: payload)) ?? Data()
        return ["status": 200, "repeat": true, "delay_ms": delayMilliseconds, "body": [
            "choices": [["index": 0, "message": ["role": "assistant", "content": String(decoding: data, as: UTF8.self)],
                         "finish_reason": "stop"]],
            "usage": ["prompt_tokens": 300, "completion_tokens": 80],
        ] as [String: Any]]
    }

    func folder(notes: Int = 3) throws -> TemporaryFolder {
        var files = [String: String]()
        for index in 1...notes { files["content/biology/cells\(index).md"] = Self.note("Cells \(index)") }
        return try TemporaryFolder(files)
    }

    func builder(_ folder: TemporaryFolder, _ server: FakeLLMServer?, overrides: LLMOverrides? = nil,
                 key: String? = sentinel) -> Builder {
        let llm = overrides ?? LLMOverrides(provider: .openai, model: "test-model", baseURL: server?.url("/v1"))
        return Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                             site: folder.url.appendingPathComponent("site"), llm: llm,
                                             environment: key.map { ["OPENAI_API_KEY": $0] } ?? [:]))
    }

    /// Every file the build wrote or kept, as one text, to search for what must never be there.
    func everything(_ folder: TemporaryFolder) throws -> String {
        try folder.listing("").map { try folder.read($0) }.joined(separator: "\n")
    }

    @Test("a build stores the model's questions; a rebuild of unchanged notes sends no request; a changed note only is asked again")
    func storeIsTheCache() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(["questions": Self.questions])])
        let folder = try folder()
        let first = builder(folder, server).build()
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(first.llm?.notesAsked == 3)
        #expect(first.llm?.questionsKept == 6)
        #expect(first.llm?.promptTokens == 900)
        // Note by note too, as --json prints them.
        #expect(first.llm?.notes.map(\.path).sorted() == ["biology/cells1.md", "biology/cells2.md", "biology/cells3.md"])
        #expect(first.llm?.notes.allSatisfy { $0.requests == 1 && $0.promptTokens == 300 && $0.completionTokens == 80 && $0.questions == 2 } == true)
        #expect(try await server.log().count == 3)
        let store = try folder.read("content/.deckgen/questions/biology/cells1.md")
        #expect(store.contains("generator: openai"))
        #expect(store.contains("model: test-model"))
        #expect(store.contains("prompt-version: llm-3 questions-4 settings-"))
        #expect(try folder.read("site/decks/biology-cells1.html").contains("Which part of the cell holds its DNA?"))

        let second = builder(folder, server).build()
        #expect(second.succeeded)
        #expect(second.upToDate, "nothing changed, so nothing is asked or written")
        #expect(try await server.log().count == 3)

        try folder.write(Self.note("Cells 2") + "\n- **Ribosome**: also found on the rough ER.\n", to: "content/biology/cells2.md")
        #expect(builder(folder, server).build().succeeded)
        let log = try await server.log()
        #expect(log.count == 4)
        #expect(log.last?.body.contains("rough ER") == true)
    }

    @Test("another model or prompt settings make the stored questions stale; --offline keeps them and sends nothing")
    func identityAndOffline() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(["questions": Self.questions])])
        let folder = try folder(notes: 1)
        #expect(builder(folder, server).build().succeeded)
        #expect(builder(folder, server, overrides: LLMOverrides(provider: .openai, model: "other-model", baseURL: server.url("/v1")))
            .build().succeeded)
        #expect(try await server.log().count == 2)

        let offline = builder(folder, server, overrides: LLMOverrides(offline: true)).build()
        #expect(offline.succeeded)
        #expect(offline.llm == nil)
        #expect(try await server.log().count == 2)
        // The model's questions are kept: an offline build cannot make them again, and they are current.
        #expect(try folder.read("content/.deckgen/questions/biology/cells1.md").contains("model: other-model"))
        #expect(try folder.read("site/decks/biology-cells1.html").contains("Which part of the cell holds its DNA?"))
    }

    @Test("quota exhausted: requests stop at once, the build finishes from the offline generator and says so")
    func quotaStopsEverything() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [["status": 429, "repeat": true, "body": ["error": [
            "message": "You exceeded your current quota", "type": "insufficient_quota", "code": "insufficient_quota"]]]])
        let folder = try folder(notes: 6)
        let summary = builder(folder, server, overrides: LLMOverrides(provider: .openai, baseURL: server.url("/v1"), concurrency: 1)).build()
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(try await server.log().count == 1)
        #expect(summary.llm?.notesFellBack == 6)
        #expect(summary.diagnostics.contains { $0.message.contains("quota") && $0.message.contains("6 notes got questions from the offline generator instead") }, "\(summary.diagnostics)")
        #expect(try folder.read("content/.deckgen/questions/biology/cells3.md").contains("generator: offline"))
        #expect(summary.questions == 12)
    }

    @Test("payloads with HTML, duplicate choices or a wrong answer index never reach a page or the store")
    func badPayloadsNeverShown() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let hostile: [[String: Any]] = [
            ["question": "<script>alert(1)</script>Which part holds DNA?", "choices": ["Nucleus", "<img src=x onerror=alert(2)>", "Ribosome", "Vacuole"],
             "answer": 0, "explanation": "<b onmouseover=alert(3)>x</b>"],
            ["question": "Which part makes proteins?", "choices": ["Ribosome", "Ribosome", "Nucleus", "Vacuole"], "answer": 0, "explanation": "Ribosomes."],
            ["question": "Which part releases energy?", "choices": ["Mitochondrion", "Nucleus", "Ribosome", "Vacuole"], "answer": 7, "explanation": "Respiration."],
        ]
        try await server.script(Self.chatPath, [Self.answer(["questions": hostile])])
        let folder = try folder(notes: 1)
        let summary = builder(folder, server).build()
        #expect(summary.succeeded)
        let written = try everything(folder)
        for payload in ["<script>alert(1)", "onerror=alert(2)", "onmouseover=alert(3)"] {
            #expect(!written.contains(payload), "\(payload) was written")
        }
        // Every round was refused, so the offline generator stepped in and the warnings say why.
        #expect(summary.llm?.questionsKept ?? -1 <= 1)
        #expect(summary.diagnostics.contains { $0.message.contains("dropped after 2 repairs") })
        #expect(try await server.log().count == 3)
    }

    @Test("the key reaches the server's header and nowhere else, even when the server echoes it")
    func keyNeverLeaks() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [
            ["status": 400, "body": ["error": ["message": "bad request from key \(Self.sentinel)", "code": "invalid_request"]]],
            Self.answer(["questions": Self.questions]),
        ])
        let folder = try folder(notes: 2)
        let summary = builder(folder, server).build()
        #expect(summary.succeeded)
        #expect(!summary.diagnostics.contains { $0.message.contains(Self.sentinel) })
        #expect(!(try everything(folder)).contains(Self.sentinel))
        #expect(try await server.log().first?.headers["authorization"] == "Bearer \(Self.sentinel)")
    }

    @Test("no key for a public API: a warning names the variable and the build stays offline")
    func missingKey() throws {
        let folder = try folder(notes: 1)
        let summary = builder(folder, nil, overrides: LLMOverrides(provider: .openai), key: nil).build()
        #expect(summary.succeeded)
        #expect(summary.llm == nil)
        #expect(summary.diagnostics.contains { $0.message.hasPrefix("`OPENAI_API_KEY` is not set") })
        #expect(try folder.read("content/.deckgen/questions/biology/cells1.md").contains("generator: offline"))
    }

    @Test("a local server needs no key: no Authorization header is sent")
    func localServerWithoutKey() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(["questions": Self.questions])])
        let folder = try folder(notes: 1)
        #expect(builder(folder, server, key: nil).build().succeeded)
        #expect(try await server.log().first?.headers["authorization"] == nil)
    }

    @Test("an export asks the model but leaves the content folder alone; a check judges the store by the model's standard")
    func exportAndCheck() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(["questions": Self.questions])])
        let folder = try folder(notes: 1)
        let file = folder.url.appendingPathComponent("out.json")
        let exported = builder(folder, server).exportJSON(to: file)
        #expect(exported.errorCount == 0, "\(exported.diagnostics)")
        #expect(try folder.read("out.json").contains("Which part of the cell holds its DNA?"))
        #expect(!folder.exists("content/.deckgen"))

        #expect(builder(folder, nil, overrides: LLMOverrides(offline: true)).build().succeeded)
        let check = builder(folder, server).check()
        #expect(check.errorCount == 1)
        #expect(check.diagnostics.contains { $0.message.contains("stale") })
        #expect(builder(folder, server, overrides: LLMOverrides(offline: true)).check().errorCount == 0)
        #expect(try await server.log().count == 1)
    }

    @Test("a server that never answers well still lets the build finish, from the offline generator")
    func brokenServer() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [["status": 404, "repeat": true, "body": "no such route"]])
        let folder = try folder(notes: 2)
        let summary = builder(folder, server).build()
        #expect(summary.succeeded)
        #expect(summary.llm?.notesFellBack == 2)
        #expect(summary.diagnostics.count { $0.message.contains("questions came from the offline generator") } == 2)
    }

    @Test("quota or a refused key with requests in flight finishes the build; it is not taken for Ctrl-C")
    func stopWithRequestsInFlight() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [["status": 401, "delay_ms": 150, "repeat": true,
                                                 "body": ["error": ["message": "Incorrect API key provided: \(Self.sentinel)"]]]])
        let folder = try folder(notes: 6)
        let summary = builder(folder, server, overrides: LLMOverrides(provider: .openai, baseURL: server.url("/v1"), concurrency: 3)).build()
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(!summary.interrupted)
        #expect(summary.llm?.notesFellBack == 6)
        #expect(summary.llm?.requests ?? 0 >= 1)
        #expect(summary.diagnostics.contains { $0.message.contains("the API key was refused (HTTP 401)") && $0.message.contains("6 notes got questions") })
    }
}

@Suite("Diagnostics on a terminal")
struct DiagnosticPrintingTests {
    @Test("control characters and line breaks in a message print as harmless marks on one line")
    func printable() {
        let diagnostic = Diagnostic.warning("question \"\u{1B}]0;pwned\u{07}\u{1B}[2J red\nnext\u{202E}\"", path: "a.md")
        #expect(diagnostic.description == "a.md: warning: question \"\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J red ⏎ next\u{FFFD}\"")
    }
}

extension LLMBuildTests {
    @Test("a note the model fails on is recorded in the store and not asked about again for a day; --retry-failed asks")
    func failedNoteWaits() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [["status": 400, "repeat": true, "body": ["error": ["message": "model not loaded"]]]])
        let folder = try folder(notes: 1)
        let first = builder(folder, server).build()
        #expect(first.succeeded && first.llm?.notesFellBack == 1)
        #expect(first.diagnostics.contains { $0.message.contains("not asked about this note again for a day") })
        let store = try folder.read("content/.deckgen/questions/biology/cells1.md")
        #expect(store.contains("generator: offline") && store.contains("model-failed: ") && store.contains(" openai test-model llm-3 "))
        #expect(try await server.log().count == 1)

        // The next build asks nothing and keeps the offline questions; the store is left as it was.
        let second = builder(folder, server).build()
        #expect(second.succeeded)
        #expect(try await server.log().count == 1)
        #expect(try folder.read("content/.deckgen/questions/biology/cells1.md") == store)

        var retry = LLMOverrides(provider: .openai, model: "test-model", baseURL: server.url("/v1"))
        retry.retryFailed = true
        #expect(builder(folder, server, overrides: retry).build().succeeded)
        #expect(try await server.log().count == 2)

        // A day later the next build asks by itself.
        let recorded = try folder.read("content/.deckgen/questions/biology/cells1.md")
        let line = try #require(recorded.split(separator: "\n").first { $0.hasPrefix("model-failed: ") })
        let dayBefore = Date(timeIntervalSinceNow: -DeckQuestions.failureWait - 60).formatted(.iso8601)
        let older = "model-failed: \(dayBefore) " + line.split(separator: " ").dropFirst(2).joined(separator: " ")
        try folder.write(recorded.replacingOccurrences(of: String(line), with: older), to: "content/.deckgen/questions/biology/cells1.md")
        #expect(builder(folder, server).build().succeeded)
        #expect(try await server.log().count == 3)
    }

    @Test("a model's questions replace the offline generator's only when at least as many pass")
    func fewerModelQuestionsKeepTheOfflineOnes() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        // One valid question, given again for the follow-up (a duplicate, dropped): one against the offline three.
        try await server.script(Self.chatPath, [Self.answer(["questions": [Self.questions[0]]])])
        let folder = try TemporaryFolder(["content/biology/cells.md": Self.note("Cells").replacingOccurrences(of: "questions: 2", with: "questions: 3")])
        let summary = builder(folder, server).build()
        #expect(summary.succeeded && summary.llm?.questionsKept == 0 && summary.llm?.notesFellBack == 1)
        #expect(summary.diagnostics.contains { $0.message.contains("the model's 1 valid questions are fewer than the offline generator's") })
        let store = try folder.read("content/.deckgen/questions/biology/cells.md")
        #expect(store.contains("generator: offline") && store.contains("model-failed: "))
        let asked = try await server.log().count
        // Held back like any failure: the next build asks nothing.
        #expect(builder(folder, server).build().succeeded)
        #expect(try await server.log().count == asked)
    }

    @Test("--dry-run says what the model would be asked and sends nothing, writes nothing")
    func dryRun() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(["questions": Self.questions])])
        let folder = try folder(notes: 3)
        // One note's questions are stored already: the dry run counts the other two.
        #expect(builder(folder, server).build().succeeded)
        try folder.write(Self.note("Cells 2 changed"), to: "content/biology/cells2.md")
        try folder.write(Self.note("Cells 3 changed"), to: "content/biology/cells3.md")
        let before = try folder.listing("").map { "\($0) \(try folder.read($0).count)" }
        let asked = try await server.log().count
        var overrides = LLMOverrides(provider: .openai, model: "test-model", baseURL: server.url("/v1"))
        overrides.dryRun = true
        let summary = builder(folder, server, overrides: overrides).build()
        #expect(summary.errorCount == 0 && !summary.siteWritten && summary.llm == nil, "\(summary.diagnostics)")
        let estimate = try #require(summary.llmEstimate)
        #expect(estimate.notes == 2 && estimate.requests == 2 && estimate.questions == 4)
        #expect(estimate.promptTokens > 2 * 300 && estimate.likelyCompletionTokens == 4 * LLMEstimate.tokensPerQuestion)
        #expect(estimate.maxCompletionTokens == 2 * 2048)
        #expect(try await server.log().count == asked)
        #expect(try folder.listing("").map { "\($0) \(try folder.read($0).count)" } == before)
    }

    @Test("--max-tokens stops asking at the limit: the notes answered are stored, the rest are offline and asked next build")
    func tokenLimitBuild() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script(Self.chatPath, [Self.answer(["questions": Self.questions])])
        let folder = try folder(notes: 4)
        var overrides = LLMOverrides(provider: .openai, model: "test-model", baseURL: server.url("/v1"), concurrency: 1)
        overrides.tokenLimit = 500
        let summary = builder(folder, server, overrides: overrides).build()
        // Each answer is 380 tokens: the limit is passed after the second.
        #expect(summary.succeeded && summary.llm?.requests == 2 && summary.llm?.notesFellBack == 2)
        #expect(summary.diagnostics.contains { $0.message.contains("stopped asking at the token limit: 760 tokens spent of --max-tokens 500. 2 notes") })
        let stored = try (1...4).map { try folder.read("content/.deckgen/questions/biology/cells\($0).md") }
        #expect(stored.count { $0.contains("generator: openai") } == 2 && stored.count { $0.contains("generator: offline") } == 2)
        // Without the limit the next build asks about the other two only.
        #expect(builder(folder, server).build().succeeded)
        #expect(try await server.log().count == 4)
    }

    @Test("--batch: a build submits the notes to the Batch API and records it; a later one waits while it runs, then collects and stores the answers")
    func batchAPI() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let completion = Self.answer(["questions": Self.questions])["body"] ?? [:]
        let output = try ["biology/cells1.md#1", "biology/cells2.md#1"].map { id throws -> String in
            let line: [String: Any] = ["id": "req-\(id)", "custom_id": id, "error": NSNull(),
                                       "response": ["status_code": 200, "request_id": "r", "body": completion]]
            return String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
        try await server.script("/v1/files", [["status": 200, "body": ["id": "file-in", "object": "file"]]])
        try await server.script("/v1/batches", [["status": 200, "body": ["id": "batch_1", "status": "validating"]]])
        try await server.script("/v1/batches/batch_1", [
            ["status": 200, "body": ["id": "batch_1", "status": "in_progress", "request_counts": ["total": 2, "completed": 1, "failed": 0]]],
            ["status": 200, "body": ["id": "batch_1", "status": "completed", "output_file_id": "file-out",
                                     "request_counts": ["total": 2, "completed": 2, "failed": 0]]],
        ])
        try await server.script("/v1/files/file-out/content", [["status": 200, "body": output, "headers": ["Content-Type": "application/jsonl"]]])
        let folder = try folder(notes: 2)
        var overrides = LLMOverrides(provider: .openai, model: "test-model", baseURL: server.url("/v1"))
        overrides.batch = true

        let submitted = builder(folder, server, overrides: overrides).build()
        #expect(submitted.succeeded && submitted.llm?.notesFellBack == 2)
        #expect(submitted.diagnostics.contains { $0.message.contains("submitted batch batch_1 to the Batch API: 2 requests for 2 notes") })
        #expect(try folder.read("content/.deckgen/llm-batch.json").contains("\"id\" : \"batch_1\""))
        var log = try await server.log()
        #expect(log.map(\.path) == ["/v1/files", "/v1/batches"])
        #expect(log.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.sentinel)" })
        #expect(log[0].body.contains("\"custom_id\":\"biology/cells1.md#1\"") && log[0].body.contains("json_schema")
                && log[0].body.contains("name=\"purpose\"\r\n\r\nbatch"))
        #expect(log[1].body.contains("\"input_file_id\":\"file-in\"") && log[1].body.contains("\"completion_window\":\"24h\""))
        #expect(try folder.read("content/.deckgen/questions/biology/cells1.md").contains("generator: offline"))

        let waiting = builder(folder, server, overrides: overrides).build()
        #expect(waiting.diagnostics.contains { $0.message.contains("batch batch_1 is in progress (1 of 2 requests answered)") })
        log = try await server.log()
        #expect(log.map(\.path).suffix(1) == ["/v1/batches/batch_1"])

        let collected = builder(folder, server, overrides: overrides).build()
        #expect(collected.succeeded && collected.llm?.questionsKept == 4 && collected.llm?.notesFellBack == 0, "\(collected.diagnostics)")
        #expect(try folder.read("content/.deckgen/questions/biology/cells2.md").contains("generator: openai"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("content/.deckgen/llm-batch.json").path))
        log = try await server.log()
        #expect(log.map(\.path).suffix(2) == ["/v1/batches/batch_1", "/v1/files/file-out/content"])
        #expect(!log.contains { $0.path == Self.chatPath })

        // Everything is stored: the next build asks nothing.
        #expect(builder(folder, server, overrides: overrides).build().succeeded)
        #expect(try await server.log().count == log.count)
    }
}

/// A local server's own word on its context and slots (llama.cpp's `/props`), against the fake server.
@Suite("Builds fitted to a local server")
struct LLMServerLimitsBuildTests {
    /// A note of six sections about the cell, about 2,700 characters: one request in 8,192 tokens, more in 2,048.
    static let longNote: String = {
        let section = "- **Nucleus**: holds the cell's DNA and controls its activities.\n- **Mitochondrion**: releases energy from glucose by respiration.\n"
        let body = (1...6).map { "## Part \($0)\n\n" + String(repeating: section, count: 3) }.joined(separator: "\n\n")
        return "---\ntitle: Cells\nquestions: 2\n---\n# Cells\n\n" + body + "\n"
    }()

    func build(_ server: FakeLLMServer, context: Int? = nil) throws -> BuildSummary {
        let folder = try TemporaryFolder(["content/cells.md": Self.longNote])
        var llm = LLMOverrides(provider: .openai, model: "test-model", baseURL: server.url("/v1"))
        llm.contextTokens = context
        return Builder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                             site: folder.url.appendingPathComponent("site"), llm: llm, environment: [:])).build()
    }

    @Test("llama.cpp's /props sets the context and the requests in flight; --context wins over it")
    func propsFitTheBuild() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        try await server.script("/props", [["status": 200, "repeat": true,
                                            "body": ["default_generation_settings": ["n_ctx": 2048], "total_slots": 1] as [String: Any]]])
        try await server.script(LLMBuildTests.chatPath, [LLMBuildTests.answer(["questions": LLMBuildTests.questions], delayMilliseconds: 50)])
        let summary = try build(server)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let asked = try await server.log().filter { $0.path == LLMBuildTests.chatPath }
        #expect(asked.count == 2, "the note cut to fit 2,048 tokens: two pieces, one question each")
        #expect(try await server.maxInFlight() == 1, "one slot: one request at a time")

        let another = try FakeLLMServer()
        defer { another.stop() }
        try await another.script("/props", [["status": 200, "repeat": true,
                                             "body": ["default_generation_settings": ["n_ctx": 2048], "total_slots": 1] as [String: Any]]])
        try await another.script(LLMBuildTests.chatPath, [LLMBuildTests.answer(["questions": LLMBuildTests.questions])])
        #expect(try build(another, context: 8192).succeeded)
        #expect(try await another.log().filter { $0.path == LLMBuildTests.chatPath }.count == 1)
    }

    @Test("a server that says a request is longer than its context (llama-cpp-python's 2,048) gets the note cut to fit, asked again")
    func contextLearnedFromRefusal() async throws {
        let server = try FakeLLMServer()
        defer { server.stop() }
        let refusal: [String: Any] = ["status": 400, "body": ["error": [
            "message": "This model's maximum context length is 2048 tokens. However, you requested 4167 tokens (2119 in the messages, 2048 in the completion). Please reduce the length of the messages or completion.",
            "type": "invalid_request_error"]]]
        try await server.script(LLMBuildTests.chatPath, [refusal, LLMBuildTests.answer(["questions": LLMBuildTests.questions])])
        let summary = try build(server)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(!summary.diagnostics.contains { $0.message.contains("maximum context length") }, "the refusal is not the note's failure")
        #expect(summary.diagnostics.contains { $0.message.contains("the server's context is 2048 tokens, less than the 8192 assumed: 1 note was cut again") })
        let bodies = try await server.log().filter { $0.path == LLMBuildTests.chatPath }.map(\.body)
        #expect(bodies.count == 3, "one refused, then the note in two pieces")
        #expect(bodies[0].contains("\"max_tokens\":2048") && bodies[1].contains("\"max_tokens\":512"))

        // Refused again at the context it named (its tokenizer counts more than deckgen does): pieces a quarter smaller.
        let again = try FakeLLMServer()
        defer { again.stop() }
        try await again.script(LLMBuildTests.chatPath, [refusal, refusal, refusal, LLMBuildTests.answer(["questions": LLMBuildTests.questions])])
        #expect(try build(again).succeeded)
        let shrunk = try await again.log().filter { $0.path == LLMBuildTests.chatPath }.map(\.body)
        #expect(shrunk.contains { $0.contains("\"max_tokens\":384") }, "a third round at 1,536 tokens")

        // A JSON mode the server refused in the first round is not tried again in the next.
        let modes = try FakeLLMServer()
        defer { modes.stop() }
        try await modes.script(LLMBuildTests.chatPath, [["status": 500, "body": ["error": ["message": "response_format json_schema is not supported"]]],
                                                        refusal, LLMBuildTests.answer(["questions": LLMBuildTests.questions])])
        #expect(try build(modes).succeeded)
        let rounds = try await modes.log().filter { $0.path == LLMBuildTests.chatPath }.map(\.body)
        #expect(rounds.count == 4 && rounds.dropFirst().allSatisfy { !$0.contains("\"json_schema\"") }, "\(rounds.count) requests")
    }
}
