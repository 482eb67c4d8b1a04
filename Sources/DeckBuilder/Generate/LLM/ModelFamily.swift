/// What a model's name says about the request it needs. Reasoning models (OpenAI's o-series and gpt-5; Gemini 2.5
/// and later) think before they answer, and their thinking is billed and counted as output: they are given room
/// for it beside the answer's budget, so that thinking never eats the answer.
enum ModelFamily {
    /// How many times the answer's budget a reasoning model may spend thinking.
    static let thinkingShare = 2

    /// OpenAI's reasoning models, which refuse `max_tokens` and `temperature`: `o1`, `o3-mini`, `o4-mini`, `gpt-5`,
    /// `gpt-5-mini`, dated or behind a router's prefix (`openai/o3`). `gpt-5-chat` is a chat model.
    static func isOpenAIReasoning(_ model: String) -> Bool {
        let name = (model.split(separator: "/").last.map(String.init) ?? model).lowercased()
        if name.hasPrefix("gpt-5") { return !name.hasPrefix("gpt-5-chat") }
        guard name.first == "o", let second = name.dropFirst().first else { return false }
        return second.isNumber
    }

    /// Gemini models that think by default and take a `thinkingConfig`: 2.5 and later.
    static func isGeminiThinking(_ model: String) -> Bool {
        let name = (model.split(separator: "/").last.map(String.init) ?? model).lowercased()
        guard name.hasPrefix("gemini-"), let version = Double(name.dropFirst(7).prefix { $0.isNumber || $0 == "." }) else {
            return false
        }
        return version >= 2.5
    }

    /// The thinking budget beside an answer of `answerTokens`.
    static func thinkingTokens(answerTokens: Int) -> Int {
        answerTokens * thinkingShare
    }
}
