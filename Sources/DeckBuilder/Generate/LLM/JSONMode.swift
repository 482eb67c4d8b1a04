/// How an OpenAI-compatible server is asked for JSON, from strictest to loosest; servers differ in what they take.
public enum JSONMode: String, Sendable, CaseIterable {
    /// `response_format: {type: "json_schema", json_schema: {name, strict, schema}}`: OpenAI, vLLM, Ollama, llama.cpp.
    case jsonSchema
    /// `response_format: {type: "json_object", schema}`: the Python llama.cpp server, which turns it into a grammar.
    case jsonObjectWithSchema
    /// `response_format: {type: "json_object"}`, the schema in the prompt.
    case jsonObject
    /// No `response_format` at all, the schema in the prompt.
    case plainPrompt

    /// The mode to try when the server rejects this one; nil after the last.
    public var fallback: JSONMode? {
        switch self {
        case .jsonSchema: .jsonObjectWithSchema
        case .jsonObjectWithSchema: .jsonObject
        case .jsonObject: .plainPrompt
        case .plainPrompt: nil
        }
    }

    /// Whether the request itself carries no schema the server enforces, so the prompt must describe it.
    public var needsSchemaInPrompt: Bool {
        self == .jsonObject || self == .plainPrompt
    }
}
