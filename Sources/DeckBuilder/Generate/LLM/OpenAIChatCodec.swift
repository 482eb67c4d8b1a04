import Foundation

/// Encodes chat-completions requests and decodes their responses, for OpenAI and the servers that copy its API
/// (Ollama, llama.cpp server, llama-cpp-python, vLLM). No networking: bytes in, bytes out.
public struct OpenAIChatCodec: Sendable {
    public var model: String
    /// Sent as `max_tokens` on every request: without it some local servers generate until the context is full.
    public var maxTokens: Int
    public var temperature: Double
    /// The most questions the schema sent allows; nil for no limit.
    public var maxQuestions: Int?
    /// `reasoning_effort` for a reasoning model (`minimal`, `low`, `medium`, `high`); nil leaves the server's.
    public var reasoningEffort: String?

    public init(model: String, maxTokens: Int = 4096, temperature: Double = 0.2, maxQuestions: Int? = nil,
                reasoningEffort: String? = nil) {
        self.model = model
        self.maxTokens = maxTokens
        self.temperature = temperature
        self.maxQuestions = maxQuestions
        self.reasoningEffort = reasoningEffort
    }

    /// The JSON body of `POST /chat/completions` asking for `messages` to be answered in `mode`.
    ///
    /// In modes whose request carries no enforced schema, the schema is added to the system message (once).
    public func requestBody(messages: [LLMMessage], mode: JSONMode) -> Data {
        var body: [String: Any] = [
            "model": model,
            "messages": promptMessages(messages, mode: mode).map { ["role": $0.role.rawValue, "content": $0.content] },
        ]
        if ModelFamily.isOpenAIReasoning(model) {
            // A reasoning model refuses `max_tokens` and any temperature but its own; its limit counts its thinking.
            body["max_completion_tokens"] = maxTokens + ModelFamily.thinkingTokens(answerTokens: maxTokens)
            if let reasoningEffort { body["reasoning_effort"] = reasoningEffort }
        } else {
            body["max_tokens"] = maxTokens
            body["temperature"] = temperature
        }
        switch mode {
        case .jsonSchema:
            body["response_format"] = [
                "type": "json_schema",
                "json_schema": ["name": QuestionSchema.name, "strict": true,
                                "schema": QuestionSchema.jsonObject(maxQuestions: maxQuestions)] as [String: Any],
            ] as [String: Any]
        case .jsonObjectWithSchema:
            body["response_format"] = ["type": "json_object", "schema": QuestionSchema.jsonObject(maxQuestions: maxQuestions)] as [String: Any]
        case .jsonObject:
            body["response_format"] = ["type": "json_object"]
        case .plainPrompt:
            break
        }
        return Self.serialised(body)
    }

    /// The answer in a chat-completions response body: its text, or why there is none, and the tokens used.
    public func reply(from body: Data) throws(LLMDecodingError) -> LLMReply {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw LLMDecodingError("the response is not a JSON object; expected a chat completion")
        }
        if let error = object["error"] {
            throw LLMDecodingError("the server answered with an error: \(Self.errorMessage(error)); expected a chat completion")
        }
        guard let choices = object["choices"] as? [Any], let choice = choices.first as? [String: Any] else {
            throw LLMDecodingError("the response has no choices; expected a chat completion with one choice")
        }
        guard let message = choice["message"] as? [String: Any] else {
            throw LLMDecodingError("the first choice has no message; expected choices[0].message")
        }
        let usage = Self.usage(object["usage"])
        if let refusal = message["refusal"] as? String, !refusal.isEmpty {
            return LLMReply(outcome: .refused(refusal), usage: usage)
        }
        let content = try Self.content(message["content"])
        switch choice["finish_reason"] as? String {
        case "length":
            return LLMReply(outcome: .truncated(content ?? ""), usage: usage)
        case "content_filter":
            return LLMReply(outcome: .refused("the provider's content filter stopped the answer"), usage: usage)
        default:
            guard let content else {
                throw LLMDecodingError("the message has no content; expected choices[0].message.content")
            }
            return LLMReply(outcome: .text(content), usage: usage)
        }
    }

    /// Whether an error response says the server cannot do the JSON mode asked for, so the next mode should be tried.
    ///
    /// `server` is the `Server` response header, where llama-cpp-python's uvicorn names itself: that server
    /// answers `json_schema` with a bare HTTP 500.
    public static func rejectsJSONMode(status: Int, body: Data, server: String? = nil) -> Bool {
        guard [400, 422, 500, 501].contains(status) else { return false }
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self).lowercased()
        let mentionsMode = ["response_format", "json_schema", "json_object", "grammar", "guided_json", "structured output"]
            .contains { text.contains($0) }
        if mentionsMode { return true }
        guard status == 500 else { return false }
        let isPythonLlamaServer = server?.lowercased().contains("uvicorn") == true
            || text.contains("llama_cpp") || text.contains("llama-cpp-python")
        return isPythonLlamaServer
    }
}

private extension OpenAIChatCodec {
    func promptMessages(_ messages: [LLMMessage], mode: JSONMode) -> [LLMMessage] {
        guard mode.needsSchemaInPrompt else { return messages }
        let schema = QuestionSchema.jsonText
        guard !messages.contains(where: { $0.content.contains(schema) }) else { return messages }
        let note = "The JSON must follow this JSON Schema exactly: \(schema)"
        var messages = messages
        if let system = messages.firstIndex(where: { $0.role == .system }) {
            messages[system].content += "\n" + note
        } else {
            messages.insert(LLMMessage(.system, note), at: 0)
        }
        return messages
    }

    static func serialised(_ body: [String: Any]) -> Data {
        // Built from strings, numbers, booleans and the schema literal only, so serialising cannot fail.
        (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// `content` as a string, or the text parts of a content array; nil when absent or null.
    static func content(_ value: Any?) throws(LLMDecodingError) -> String? {
        switch value {
        case nil, is NSNull:
            return nil
        case let text as String:
            return text
        case let parts as [Any]:
            return parts.compactMap { ($0 as? [String: Any])?["text"] as? String }.joined()
        default:
            throw LLMDecodingError("choices[0].message.content is neither text nor a list of parts; expected a string")
        }
    }

    static func usage(_ value: Any?) -> TokenUsage {
        guard let usage = value as? [String: Any] else { return TokenUsage() }
        return TokenUsage(promptTokens: (usage["prompt_tokens"] as? NSNumber)?.intValue ?? 0,
                          completionTokens: (usage["completion_tokens"] as? NSNumber)?.intValue ?? 0)
    }

    static func errorMessage(_ error: Any) -> String {
        let message = ((error as? [String: Any])?["message"] as? String) ?? (error as? String) ?? "no message"
        // Error messages echo requests on some servers; keep them short in build output.
        return message.count <= 200 ? message : String(message.prefix(197)) + "..."
    }
}
