import Foundation

/// Encodes Gemini `generateContent` requests and decodes their responses. No networking: bytes in, bytes out.
public struct GeminiCodec: Sendable {
    public var model: String
    /// Sent as `maxOutputTokens` on every request, so a runaway answer ends as `MAX_TOKENS` rather than costing more.
    public var maxOutputTokens: Int
    public var temperature: Double
    /// The most questions the schema sent allows; nil for no limit.
    public var maxQuestions: Int?

    public init(model: String, maxOutputTokens: Int = 4096, temperature: Double = 0.2, maxQuestions: Int? = nil) {
        self.model = model
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
        self.maxQuestions = maxQuestions
    }

    /// The path after the API's base URL: `models/{model}:generateContent`, the model name percent-encoded.
    public var methodPath: String {
        // A model name is configuration, not trusted text: keep `/`, `?` and `#` in it from reshaping the URL.
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._"))
        let name = model.addingPercentEncoding(withAllowedCharacters: allowed) ?? model
        return "models/\(name):generateContent"
    }

    /// The JSON body of a `generateContent` request answering `messages` as JSON following `QuestionSchema`.
    public func requestBody(messages: [LLMMessage]) -> Data {
        let system = messages.filter { $0.role == .system }.map(\.content).joined(separator: "\n\n")
        var body: [String: Any] = [
            "contents": messages.filter { $0.role != .system }.map { message -> [String: Any] in
                // Gemini calls the assistant "model".
                ["role": message.role == .assistant ? "model" : "user", "parts": [["text": message.content]]]
            },
            "generationConfig": generationConfig,
        ]
        if !system.isEmpty {
            body["systemInstruction"] = ["parts": [["text": system]]]
        }
        // Built from strings, numbers and the schema literal only, so serialising cannot fail.
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The schema, the answer's budget and, for a model that thinks (2.5 and later), a thinking budget beside it:
    /// `maxOutputTokens` counts thinking too, and unbounded thinking took the whole answer budget.
    var generationConfig: [String: Any] {
        var config: [String: Any] = [
            "responseMimeType": "application/json",
            "responseJsonSchema": QuestionSchema.jsonObject(maxQuestions: maxQuestions),
            "maxOutputTokens": maxOutputTokens,
            "temperature": temperature,
        ]
        if ModelFamily.isGeminiThinking(model) {
            let thinking = ModelFamily.thinkingTokens(answerTokens: maxOutputTokens)
            config["thinkingConfig"] = ["thinkingBudget": thinking]
            config["maxOutputTokens"] = maxOutputTokens + thinking
        }
        return config
    }

    /// The answer in a `generateContent` response body: its text, or why there is none, and the tokens used.
    public func reply(from body: Data) throws(LLMDecodingError) -> LLMReply {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw LLMDecodingError("the response is not a JSON object; expected a generateContent response")
        }
        if let error = object["error"] as? [String: Any] {
            let message = (error["message"] as? String).map { $0.count <= 200 ? $0 : String($0.prefix(197)) + "..." }
            throw LLMDecodingError("the server answered with an error: \(message ?? "no message"); expected a generateContent response")
        }
        let usage = Self.usage(object["usageMetadata"])
        guard let candidates = object["candidates"] as? [Any], let candidate = candidates.first as? [String: Any] else {
            // No candidate at all usually means the prompt itself was blocked.
            if let reason = (object["promptFeedback"] as? [String: Any])?["blockReason"] as? String {
                return LLMReply(outcome: .refused("the prompt was blocked (\(reason))"), usage: usage)
            }
            throw LLMDecodingError("the response has no candidates; expected candidates[0]")
        }
        let text = Self.text(of: candidate)
        let reason = candidate["finishReason"] as? String
        switch reason {
        case nil, "STOP", "FINISH_REASON_UNSPECIFIED":
            guard let text else {
                throw LLMDecodingError("the first candidate has no text; expected candidates[0].content.parts[].text")
            }
            return LLMReply(outcome: .text(text), usage: usage)
        case "MAX_TOKENS":
            return LLMReply(outcome: .truncated(text ?? ""), usage: usage)
        case let reason?:
            // SAFETY, RECITATION, LANGUAGE, BLOCKLIST, PROHIBITED_CONTENT, SPII, OTHER and any added later.
            let categories = Self.blockedCategories(candidate["safetyRatings"])
            let detail = categories.isEmpty ? reason : "\(reason): \(categories.joined(separator: ", "))"
            return LLMReply(outcome: .refused("the answer was stopped (\(detail))"), usage: usage)
        }
    }
}

private extension GeminiCodec {
    /// The candidate's text parts joined; thought summaries (`thought: true`) are not the answer. Nil when none.
    static func text(of candidate: [String: Any]) -> String? {
        guard let parts = (candidate["content"] as? [String: Any])?["parts"] as? [Any] else { return nil }
        let texts = parts.compactMap { part -> String? in
            guard let part = part as? [String: Any], (part["thought"] as? Bool) != true else { return nil }
            return part["text"] as? String
        }
        return texts.isEmpty ? nil : texts.joined()
    }

    static func blockedCategories(_ value: Any?) -> [String] {
        guard let ratings = value as? [Any] else { return [] }
        return ratings.compactMap { rating in
            guard let rating = rating as? [String: Any], (rating["blocked"] as? Bool) == true else { return nil }
            return rating["category"] as? String
        }
    }

    static func usage(_ value: Any?) -> TokenUsage {
        guard let usage = value as? [String: Any] else { return TokenUsage() }
        func count(_ key: String) -> Int { (usage[key] as? NSNumber)?.intValue ?? 0 }
        // Thinking tokens are billed as output, so they count with the answer's.
        return TokenUsage(promptTokens: count("promptTokenCount"),
                          completionTokens: count("candidatesTokenCount") + count("thoughtsTokenCount"))
    }
}
