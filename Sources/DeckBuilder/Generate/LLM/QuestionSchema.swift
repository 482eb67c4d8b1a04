import Foundation

/// The JSON Schema every LLM answer must follow: `{"questions": [{question, kind, choices, answer, explanation, quote}]}`; a
/// recall card (`kind: "recall"`) has its answer as its one choice.
///
/// Written to OpenAI's strict-mode rules (every property required, `additionalProperties: false` on every
/// object), which Gemini's `responseJsonSchema`, llama.cpp's grammar builder and Ollama all accept too.
public enum QuestionSchema {
    /// Changes whenever the schema changes, so cached answers made under the old one are asked again.
    public static let schemaVersion = "questions-4"

    /// The name sent as `json_schema.name`: letters, digits, `_` and `-` only, at most 64 characters.
    public static let name = "deckgen_questions"

    /// Fewest and most choices a question may have; the same range as `QuestionValidator.choiceCount`.
    public static let choiceCount = 2...6

    /// The schema as a JSON-compatible value, ready for `JSONSerialization`.
    public static var jsonObject: [String: Any] { jsonObject(maxQuestions: nil) }

    /// The schema allowing at most `maxQuestions` questions: servers that enforce schemas with a grammar
    /// (llama.cpp) then cannot let a small model repeat questions until the token limit cuts it off.
    public static func jsonObject(maxQuestions: Int?) -> [String: Any] {
        let question: [String: Any] = [
            "type": "object",
            "properties": [
                "question": ["type": "string", "description": "The question, answerable from the note alone."],
                "kind": ["type": "string", "enum": ["choice", "recall"],
                         "description": "choice: multiple choice; recall: a card whose one choice is the answer to recall."] as [String: Any],
                "choices": [
                    "type": "array",
                    "items": ["type": "string"],
                    "minItems": 1,
                    "maxItems": choiceCount.upperBound,
                    "description": "The choices: one correct answer and plausible wrong ones; for a recall card, the answer alone.",
                ] as [String: Any],
                "answer": ["type": "integer", "minimum": 0, "maximum": choiceCount.upperBound - 1,
                           "description": "The 0-based index of the correct choice."] as [String: Any],
                "explanation": ["type": "string", "description": "Why the answer is right, grounded in the note."],
                "quote": ["type": "string", "description": "The note's sentence that shows the answer is right, copied word for word."],
            ] as [String: Any],
            "required": ["question", "kind", "choices", "answer", "explanation", "quote"],
            "additionalProperties": false,
        ]
        var questions: [String: Any] = ["type": "array", "minItems": 1, "items": question]
        if let maxQuestions { questions["maxItems"] = max(1, maxQuestions) }
        return [
            "type": "object",
            "properties": ["questions": questions],
            "required": ["questions"],
            "additionalProperties": false,
        ]
    }

    /// The schema as compact JSON text with sorted keys, the same bytes every time (for cache keys and prompts).
    public static var jsonText: String {
        // The schema is a literal of strings, numbers and booleans, so serialising it cannot fail.
        guard let data = try? JSONSerialization.data(withJSONObject: jsonObject,
                                                     options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
