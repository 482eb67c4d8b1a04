/// Who made a set of questions and how: what the question store records, and compares to decide whether to make them again.
public struct GeneratorIdentity: Sendable, Equatable, CustomStringConvertible {
    /// `offline`, `openai`, `gemini`.
    public var name: String
    /// The model; `-` where there is none.
    public var model: String
    /// The prompt, schema and settings version: a change makes stored questions stale.
    public var promptVersion: String

    /// Generator, model and prompt version on one line, as the store records a model's failed attempt.
    public var line: String { "\(name) \(model) \(promptVersion)" }

    public init(name: String, model: String, promptVersion: String) {
        self.name = name
        self.model = model
        self.promptVersion = promptVersion
    }

    /// True for the built-in generator, whose questions cost nothing to make again.
    public var isOffline: Bool { name == OfflineGenerator().name }

    /// `openai (gpt-4o-mini)`, or `offline`.
    public var description: String { model == "-" ? name : "\(name) (\(model))" }
}

extension QuestionGenerator {
    /// The name, model and prompt version recorded with what this generator writes.
    public var identity: GeneratorIdentity { GeneratorIdentity(name: name, model: model, promptVersion: promptVersion) }
}
