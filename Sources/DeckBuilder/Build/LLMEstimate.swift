/// What asking the model would take, worked out without asking (`--dry-run`): the notes and requests, the tokens
/// the prompts hold, and those the answers are likely and allowed to take. Repairs and follow-ups come on top.
public struct LLMEstimate: Sendable, Equatable {
    public var generator: GeneratorIdentity
    public var notes = 0
    /// One per piece of a note: repairs and follow-ups are not foreseen.
    public var requests = 0
    public var questions = 0
    /// Tokens of the prompts sent (system, schema, note text).
    public var promptTokens = 0
    /// Tokens the answers likely take: `tokensPerQuestion` a question.
    public var likelyCompletionTokens = 0
    /// The most the answers may take: each request's answer budget, with a reasoning model's room to think.
    public var maxCompletionTokens = 0

    /// A question with four choices, its explanation and its quote, as models write them: about 100 words.
    static let tokensPerQuestion = 160
    /// The JSON schema sent beside the prompt in `json_schema` mode.
    static let schemaTokens = 350

    init(generator: GeneratorIdentity) {
        self.generator = generator
    }

    init(_ jobs: [LLMJob], settings: LLMSettings) {
        generator = settings.identity
        notes = jobs.count
        let answer = LLMJob.answerTokens(contextTokens: settings.contextTokens, maxTokens: settings.maxTokens)
        let model = settings.effectiveModel
        let thinks = settings.provider == .gemini ? ModelFamily.isGeminiThinking(model) : ModelFamily.isOpenAIReasoning(model)
        let prompts = PromptBuilder()
        for job in jobs {
            let system = Self.tokens(in: prompts.systemPrompt(lang: job.lang)) + Self.schemaTokens
            for piece in job.pieces(contextTokens: settings.contextTokens, maxTokens: answer) {
                requests += 1
                questions += piece.count
                promptTokens += system + Self.tokens(in: prompts.userPrompt(title: job.title, markdown: piece.markdown, count: piece.count,
                                                                           part: piece.part, parts: piece.parts))
                likelyCompletionTokens += min(answer, piece.count * Self.tokensPerQuestion)
                maxCompletionTokens += answer + (thinks ? ModelFamily.thinkingTokens(answerTokens: answer) : 0)
            }
        }
    }

    /// About as many tokens as common tokenizers make of `text`: one per Chinese, Japanese or Korean character,
    /// one per four other characters.
    static func tokens(in text: String) -> Int {
        var wide = 0, other = 0
        for scalar in text.unicodeScalars {
            if QuestionValidator.isIdeographicOrKana(scalar) || (0xAC00...0xD7AF).contains(scalar.value) { wide += 1 } else { other += 1 }
        }
        return wide + (other + 3) / 4
    }
}
