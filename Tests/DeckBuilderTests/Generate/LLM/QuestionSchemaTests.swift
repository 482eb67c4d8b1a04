import Foundation
import Testing
@testable import DeckBuilder

@Suite("Question schema")
struct QuestionSchemaTests {
    @Test("follows OpenAI strict mode: every object closed, every property required")
    func strictMode() throws {
        let root = QuestionSchema.jsonObject
        #expect(root["additionalProperties"] as? Bool == false)
        #expect(root["required"] as? [String] == ["questions"])
        let questions = try #require((root["properties"] as? [String: Any])?["questions"] as? [String: Any])
        let item = try #require(questions["items"] as? [String: Any])
        #expect(item["additionalProperties"] as? Bool == false)
        let properties = try #require(item["properties"] as? [String: Any])
        #expect(Set(item["required"] as? [String] ?? []) == Set(properties.keys))
        let choices = try #require(properties["choices"] as? [String: Any])
        #expect(choices["minItems"] as? Int == 1, "a recall card has its answer as its one choice")
        #expect(choices["maxItems"] as? Int == 6)
        #expect((properties["answer"] as? [String: Any])?["type"] as? String == "integer")
    }

    @Test("serialises to the same bytes every time, keys sorted")
    func deterministic() throws {
        let text = QuestionSchema.jsonText
        #expect(text == QuestionSchema.jsonText)
        #expect(text.hasPrefix(#"{"additionalProperties":false,"properties":{"questions":"#))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
        #expect(!QuestionSchema.schemaVersion.isEmpty)
    }

    @Test("a request's schema caps the questions, and answers are bounded to the choice range")
    func limits() throws {
        let capped = try #require((QuestionSchema.jsonObject(maxQuestions: 3)["properties"] as? [String: Any])?["questions"] as? [String: Any])
        #expect(capped["maxItems"] as? Int == 3 && capped["minItems"] as? Int == 1)
        let open = try #require((QuestionSchema.jsonObject["properties"] as? [String: Any])?["questions"] as? [String: Any])
        #expect(open["maxItems"] == nil)
        let body = String(decoding: OpenAIChatCodec(model: "m", maxQuestions: 2).requestBody(messages: [], mode: .jsonSchema), as: UTF8.self)
        #expect(body.contains(#""maxItems":2"#))
        #expect(QuestionSchema.jsonText.contains(#""maximum":5"#) && QuestionSchema.jsonText.contains(#""minimum":0"#))
    }
}
