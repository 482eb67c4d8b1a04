import Foundation
import Testing
@testable import DeckBuilder

@Suite("Gemini codec")
struct GeminiCodecTests {
    let codec = GeminiCodec(model: "gemini-2.5-flash", maxOutputTokens: 2000, temperature: 0.3)

    @Test("builds systemInstruction, contents and a JSON generationConfig")
    func request() throws {
        let messages = [LLMMessage(.system, "Rules."), LLMMessage(.user, "Note."), LLMMessage(.assistant, "{}"),
                        LLMMessage(.user, "Repair.")]
        let data = codec.requestBody(messages: messages)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(body["systemInstruction"] as? [String: [[String: String]]] == ["parts": [["text": "Rules."]]])
        let contents = try #require(body["contents"] as? [[String: Any]])
        #expect(contents.map { $0["role"] as? String } == ["user", "model", "user"])
        #expect((contents[0]["parts"] as? [[String: String]]) == [["text": "Note."]])
        let config = try #require(body["generationConfig"] as? [String: Any])
        #expect(config["responseMimeType"] as? String == "application/json")
        #expect((config["responseJsonSchema"] as? [String: Any])?["required"] as? [String] == ["questions"])
        // 2.5 thinks: a thinking budget of twice the answer's, beside it in maxOutputTokens, which counts both.
        #expect(config["maxOutputTokens"] as? Int == 6000)
        #expect((config["thinkingConfig"] as? [String: Int]) == ["thinkingBudget": 4000])
        #expect(config["temperature"] as? Double == 0.3)
        #expect(body["model"] == nil)
        #expect(codec.methodPath == "models/gemini-2.5-flash:generateContent")
        #expect(GeminiCodec(model: "../x?y").methodPath == "models/..%2Fx%3Fy:generateContent")
    }

    static func response(parts: [[String: Any]], finish: String? = "STOP", extra: [String: Any] = [:]) -> Data {
        var candidate: [String: Any] = ["content": ["role": "model", "parts": parts], "index": 0]
        candidate["finishReason"] = finish
        candidate.merge(extra) { $1 }
        let body: [String: Any] = [
            "candidates": [candidate],
            "usageMetadata": ["promptTokenCount": 900, "candidatesTokenCount": 300, "thoughtsTokenCount": 50,
                              "totalTokenCount": 1250],
            "modelVersion": "gemini-2.5-flash",
        ]
        return (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
    }

    @Test("a model that does not think gets no thinkingConfig", arguments: ["gemini-2.0-flash", "gemini-1.5-pro", "gemma-3-27b-it"])
    func noThinking(model: String) throws {
        let data = GeminiCodec(model: model, maxOutputTokens: 2000).requestBody(messages: [LLMMessage(.user, "Note.")])
        let config = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["generationConfig"] as? [String: Any])
        #expect(config["thinkingConfig"] == nil && config["maxOutputTokens"] as? Int == 2000)
        #expect(ModelFamily.isGeminiThinking("gemini-2.5-pro") && ModelFamily.isGeminiThinking("models/gemini-3-flash"))
    }

    @Test("decodes the text, skipping thoughts, and the usage")
    func text() throws {
        let reply = try codec.reply(from: Self.response(parts: [
            ["text": "thinking about it", "thought": true], ["text": #"{"questions":"#], ["text": "[]}"],
        ]))
        #expect(reply.outcome == .text(#"{"questions":[]}"#))
        #expect(reply.usage == TokenUsage(promptTokens: 900, completionTokens: 350))
    }

    @Test("MAX_TOKENS is truncated")
    func maxTokens() throws {
        let reply = try codec.reply(from: Self.response(parts: [["text": #"{"questions": [{"quest"#]], finish: "MAX_TOKENS"))
        #expect(reply.outcome == .truncated(#"{"questions": [{"quest"#))
    }

    @Test("SAFETY, RECITATION and the rest are refused with the reason")
    func stopped() throws {
        let ratings: [String: Any] = ["safetyRatings": [
            ["category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": true],
            ["category": "HARM_CATEGORY_HARASSMENT", "probability": "NEGLIGIBLE"],
        ]]
        let safety = try codec.reply(from: Self.response(parts: [], finish: "SAFETY", extra: ratings))
        #expect(safety.outcome == .refused("the answer was stopped (SAFETY: HARM_CATEGORY_DANGEROUS_CONTENT)"))
        let recitation = try codec.reply(from: Self.response(parts: [["text": "…"]], finish: "RECITATION"))
        #expect(recitation.outcome == .refused("the answer was stopped (RECITATION)"))
    }

    @Test("a blocked prompt is refused")
    func blockedPrompt() throws {
        let body = #"{"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": []}, "usageMetadata": {"promptTokenCount": 12}}"#
        let reply = try codec.reply(from: Data(body.utf8))
        #expect(reply.outcome == .refused("the prompt was blocked (SAFETY)"))
        #expect(reply.usage.promptTokens == 12)
    }

    @Test("malformed bodies give a clear error", arguments: [
        "", "not json", "[]", #"{"candidates": []}"#, #"{"candidates": [{"finishReason": "STOP"}]}"#,
        #"{"candidates": [{"content": {"parts": [{"inlineData": {}}]}, "finishReason": "STOP"}]}"#,
        #"{"error": {"code": 400, "message": "API key not valid.", "status": "INVALID_ARGUMENT"}}"#,
    ])
    func malformed(body: String) {
        #expect(throws: LLMDecodingError.self) { try codec.reply(from: Data(body.utf8)) }
    }

    @Test("a hostile answer reaches the payload parser whole: markup the note quotes stays plain text, made-up markup is refused")
    func hostileEndToEnd() throws {
        let answer = #"{"questions":[{"question":"What does <img src=x onerror=alert(1)> show?","choices":["An image","A table"],"answer":0,"explanation":"An <img> shows an image.","quote":"an `<img>` shows an image."}]}"#
        let reply = try codec.reply(from: Self.response(parts: [["text": answer]]))
        guard case .text(let text) = reply.outcome else { Issue.record("expected text"); return }
        let note = "Attackers write `<img src=x onerror=alert(1)>`; an `<img>` shows an image."
        let payload = QuestionPayloadParser(origin: .provider("gemini"), note: note).parse(text)
        #expect(payload.questions.first?.prompt == "What does <img src=x onerror=alert(1)> show?")
        #expect(payload.questions.first?.origin == .provider("gemini"))
        #expect(QuestionPayloadParser(origin: .provider("gemini"), note: "Images.").parse(text).questions.isEmpty)
    }
}
