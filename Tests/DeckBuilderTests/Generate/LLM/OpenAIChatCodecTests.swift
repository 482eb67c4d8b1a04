import Foundation
import Testing
@testable import DeckBuilder

@Suite("OpenAI chat codec")
struct OpenAIChatCodecTests {
    let codec = OpenAIChatCodec(model: "gpt-4o-mini", maxTokens: 1500, temperature: 0.2)
    let messages = [LLMMessage(.system, "Rules."), LLMMessage(.user, "The note.")]

    func body(_ mode: JSONMode) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: codec.requestBody(messages: messages, mode: mode)) as? [String: Any])
    }

    @Test("json_schema mode sends a strict schema, max_tokens and temperature")
    func jsonSchemaRequest() throws {
        let body = try body(.jsonSchema)
        #expect(body["model"] as? String == "gpt-4o-mini")
        #expect(body["max_tokens"] as? Int == 1500)
        #expect(body["temperature"] as? Double == 0.2)
        let sent = try #require(body["messages"] as? [[String: String]])
        #expect(sent == [["role": "system", "content": "Rules."], ["role": "user", "content": "The note."]])
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let schema = try #require(format["json_schema"] as? [String: Any])
        #expect(schema["name"] as? String == QuestionSchema.name)
        #expect(schema["strict"] as? Bool == true)
        #expect((schema["schema"] as? [String: Any])?["additionalProperties"] as? Bool == false)
    }

    @Test("a reasoning model gets max_completion_tokens with room to think, no temperature, and the effort asked",
          arguments: ["o4-mini", "o1", "o3-mini-2025-01-31", "gpt-5", "gpt-5-mini", "gpt-5-nano", "openai/o3"])
    func reasoningRequest(model: String) throws {
        let codec = OpenAIChatCodec(model: model, maxTokens: 1500, reasoningEffort: "low")
        let body = try #require(try JSONSerialization.jsonObject(with: codec.requestBody(messages: messages, mode: .jsonSchema)) as? [String: Any])
        #expect(body["max_completion_tokens"] as? Int == 4500)
        #expect(body["max_tokens"] == nil && body["temperature"] == nil)
        #expect(body["reasoning_effort"] as? String == "low")
        #expect((body["response_format"] as? [String: Any])?["type"] as? String == "json_schema")
    }

    @Test("chat models keep max_tokens and temperature", arguments: ["gpt-4o-mini", "gpt-4.1", "gpt-5-chat-latest", "llama3.1:8b", "olmo-2", "qwen2.5:7b"])
    func chatModels(model: String) throws {
        let codec = OpenAIChatCodec(model: model, maxTokens: 1500, reasoningEffort: "low")
        let body = try #require(try JSONSerialization.jsonObject(with: codec.requestBody(messages: messages, mode: .jsonSchema)) as? [String: Any])
        #expect(body["max_tokens"] as? Int == 1500 && body["temperature"] != nil)
        #expect(body["max_completion_tokens"] == nil && body["reasoning_effort"] == nil)
    }

    @Test("the other modes: json_object with schema, bare json_object, plain prompt")
    func fallbackRequests() throws {
        let withSchema = try #require(try body(.jsonObjectWithSchema)["response_format"] as? [String: Any])
        #expect(withSchema["type"] as? String == "json_object")
        #expect(withSchema["schema"] is [String: Any])
        #expect(try body(.jsonObject)["response_format"] as? [String: String] == ["type": "json_object"])
        let plain = try body(.plainPrompt)
        #expect(plain["response_format"] == nil)
        #expect(plain["max_tokens"] as? Int == 1500)
        let system = try #require((plain["messages"] as? [[String: String]])?.first?["content"])
        #expect(system.hasPrefix("Rules.\n"))
        #expect(system.contains(QuestionSchema.jsonText))
        // The schema is described once, even when the caller's prompt already holds it.
        let described = [LLMMessage(.system, PromptBuilder().systemPrompt(lang: "en", includeSchema: true))]
        let again = String(decoding: codec.requestBody(messages: described, mode: .jsonObject), as: UTF8.self)
        #expect(again.components(separatedBy: "additionalProperties").count == 3)
        #expect(JSONMode.jsonSchema.fallback == .jsonObjectWithSchema)
        #expect(JSONMode.plainPrompt.fallback == nil)
    }

    @Test("the same request gives the same bytes")
    func deterministic() {
        #expect(codec.requestBody(messages: messages, mode: .jsonSchema) == codec.requestBody(messages: messages, mode: .jsonSchema))
    }

    static func response(content: String?, finish: String = "stop", refusal: String? = nil) -> Data {
        let message: [String: Any] = ["role": "assistant", "content": content.map { $0 as Any } ?? NSNull(),
                                      "refusal": refusal.map { $0 as Any } ?? NSNull()]
        let body: [String: Any] = [
            "id": "chatcmpl-1", "object": "chat.completion", "created": 1_760_000_000, "model": "gpt-4o-mini",
            "choices": [["index": 0, "message": message, "finish_reason": finish, "logprobs": NSNull()]],
            "usage": ["prompt_tokens": 812, "completion_tokens": 240, "total_tokens": 1052],
        ]
        return (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
    }

    @Test("decodes content and usage")
    func decodesContent() throws {
        let reply = try codec.reply(from: Self.response(content: #"{"questions": []}"#))
        #expect(reply.outcome == .text(#"{"questions": []}"#))
        #expect(reply.usage == TokenUsage(promptTokens: 812, completionTokens: 240))
        #expect(reply.usage.totalTokens == 1052)
    }

    @Test("finish_reason length is truncated; refusal and content_filter are refused")
    func endings() throws {
        #expect(try codec.reply(from: Self.response(content: #"{"questions": [{"que"#, finish: "length")).outcome
                == .truncated(#"{"questions": [{"que"#))
        #expect(try codec.reply(from: Self.response(content: nil, refusal: "I can't help with that.")).outcome
                == .refused("I can't help with that."))
        if case .refused = try codec.reply(from: Self.response(content: nil, finish: "content_filter")).outcome {} else {
            Issue.record("content_filter should be a refusal")
        }
    }

    @Test("content given as parts is joined; a missing usage is zero")
    func contentParts() throws {
        let body = #"{"choices":[{"message":{"role":"assistant","content":[{"type":"text","text":"{\"questions\""},{"type":"text","text":":[]}"}]},"finish_reason":"stop"}]}"#
        let reply = try codec.reply(from: Data(body.utf8))
        #expect(reply.outcome == .text(#"{"questions":[]}"#))
        #expect(reply.usage == TokenUsage())
    }

    @Test("malformed bodies give a clear error", arguments: [
        "", "<html>502 Bad Gateway</html>", "[]", #"{"choices": []}"#, #"{"choices": [{"finish_reason": "stop"}]}"#,
        #"{"choices": [{"message": {"role": "assistant", "content": null}, "finish_reason": "stop"}]}"#,
        #"{"choices": [{"message": {"content": 42}}]}"#,
        #"{"error": {"message": "The model `gpt-9` does not exist", "type": "invalid_request_error"}}"#,
    ])
    func malformed(body: String) {
        #expect(throws: LLMDecodingError.self) { try codec.reply(from: Data(body.utf8)) }
    }

    @Test("recognises a server rejecting the JSON mode", arguments: [
        (400, #"{"error":{"message":"Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model."}}"#, nil, true),
        (422, #"{"detail":[{"loc":["body","response_format","type"],"msg":"unexpected value"}]}"#, nil, true),
        (500, #"{"error":"Failed to parse grammar"}"#, nil, true),
        (500, "Internal Server Error", "uvicorn", true),
        (500, #"{"error":{"message":"llama_cpp.llama_grammar failed"}}"#, nil, true),
        (500, "Internal Server Error", "nginx", false),
        (429, #"{"error":{"message":"response_format rate limit"}}"#, nil, false),
        (400, #"{"error":{"message":"This model's maximum context length is 8192 tokens"}}"#, nil, false),
        (401, #"{"error":{"message":"Incorrect API key"}}"#, nil, false),
    ] as [(Int, String, String?, Bool)])
    func rejectsMode(status: Int, body: String, server: String?, expected: Bool) {
        #expect(OpenAIChatCodec.rejectsJSONMode(status: status, body: Data(body.utf8), server: server) == expected)
    }
}
