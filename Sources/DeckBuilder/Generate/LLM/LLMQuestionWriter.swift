import Foundation

/// Asks an OpenAI-compatible server or Gemini for questions about one note, and returns only valid ones.
///
/// Strict: every answer goes through `QuestionPayloadParser`; invalid questions are sent back with the validator's
/// messages (at most `maxRepairs` times), then dropped with their reasons. A cut-off answer is asked again once
/// for fewer questions; a refusal or safety block is reported and yields none. Failures that stop every request
/// (quota, a refused key) are thrown as `LLMFailure`, as are other request failures, so the caller can use the
/// offline generator instead. The key never appears in a report, an error or a description.
public struct LLMQuestionWriter: Sendable, CustomStringConvertible {
    /// The APIs the writer speaks.
    public enum Provider: String, Sendable {
        /// Chat completions at `<baseURL>/chat/completions`, key as `Authorization: Bearer` (Azure: `api-key`).
        case openai
        /// `generateContent` at `<baseURL>/v1beta/models/{model}:generateContent`, key as `x-goog-api-key`.
        case gemini

        /// The provider's public endpoint, used when no base URL is configured.
        public var defaultBaseURL: URL {
            switch self {
            case .openai: URL(string: "https://api.openai.com/v1") ?? URL(fileURLWithPath: "/")
            case .gemini: URL(string: "https://generativelanguage.googleapis.com") ?? URL(fileURLWithPath: "/")
            }
        }
    }

    public var provider: Provider
    public var model: String
    public var baseURL: URL
    /// Sent as `max_tokens` / `maxOutputTokens` on every request.
    public var maxTokens: Int
    /// `reasoning_effort` for an OpenAI reasoning model; nil leaves the server's default.
    public var reasoningEffort: String?
    /// `api-version` for an Azure OpenAI server; nil leaves the URL's (or, for a deployment, the default).
    public var apiVersion: String?
    /// Sent with every request besides the key, such as OpenRouter's `HTTP-Referer` and `X-Title`.
    public var extraHeaders: [String: String] = [:]
    /// Follow-up rounds for invalid questions before they are dropped.
    public var maxRepairs = 2
    /// Timeout, retry policy, sleep and `onRetry` for every request.
    public var client: HTTPClient
    /// Which JSON mode each server took, shared by every note of a build.
    public var memory: JSONModeMemory
    let key: APIKey

    /// A writer for `provider`; `key` comes from the environment, never from a file.
    public init(provider: Provider, model: String, key: String, baseURL: URL? = nil, maxTokens: Int = 2048,
                client: HTTPClient = HTTPClient(), memory: JSONModeMemory = JSONModeMemory()) {
        self.provider = provider
        self.model = model
        self.key = APIKey(key)
        self.baseURL = baseURL ?? provider.defaultBaseURL
        self.maxTokens = maxTokens
        self.client = client
        self.memory = memory
    }

    /// Names provider, model and server; never the key.
    public var description: String {
        "LLMQuestionWriter(\(provider.rawValue), model: \(model), url: \(baseURL.absoluteString))"
    }

    /// Up to `count` valid questions about the note (or about part `part` of `parts` of a long one),
    /// and what it took to get them.
    public func questions(title: String, lang: String, markdown: String, count: Int,
                          part: Int = 1, parts: Int = 1) async throws(LLMFailure) -> (questions: [Question], report: LLMWriteReport) {
        try await questions(title: title, lang: lang, markdown: markdown, count: count, part: part, parts: parts, firstAnswer: nil)
    }

    /// The first request's body for a note (or a piece of it), as a batch carries it: OpenAI chat completions
    /// in `json_schema` mode.
    public func firstRequestBody(title: String, lang: String, markdown: String, count: Int, part: Int = 1, parts: Int = 1) -> Data {
        let conversation = Conversation(writer: self, title: title, lang: lang, markdown: markdown, count: max(1, count),
                                        part: part, parts: parts)
        return openAICodec(maxQuestions: max(1, count)).requestBody(messages: conversation.messages, mode: .jsonSchema)
    }

    /// Questions from the answer a batch gave to `firstRequestBody`'s request, checked as strictly as any answer;
    /// repairs and a follow-up, if needed, are asked directly.
    public func questions(title: String, lang: String, markdown: String, count: Int, part: Int = 1, parts: Int = 1,
                          answeredBy body: Data) async throws(LLMFailure) -> (questions: [Question], report: LLMWriteReport) {
        let reply = try decoded(url: baseURL) { () throws(LLMDecodingError) in try openAICodec(maxQuestions: max(1, count)).reply(from: body) }
        return try await questions(title: title, lang: lang, markdown: markdown, count: count, part: part, parts: parts, firstAnswer: reply)
    }

    private func questions(title: String, lang: String, markdown: String, count: Int, part: Int, parts: Int,
                           firstAnswer: LLMReply?) async throws(LLMFailure) -> (questions: [Question], report: LLMWriteReport) {
        var conversation = Conversation(writer: self, title: title, lang: lang, markdown: markdown, count: max(1, count),
                                        part: part, parts: parts)
        conversation.firstAnswer = firstAnswer
        do {
            return try await conversation.run()
        } catch {
            // What was sent before the failure still counts in the build's summary.
            var failure = error
            failure.counts = RequestCounts(requests: conversation.report.requests, retries: conversation.report.retries)
            throw failure
        }
    }

    /// Up to `request.count` valid questions about the note in `request`.
    public func questions(for request: GenerationRequest) async throws(LLMFailure) -> (questions: [Question], report: LLMWriteReport) {
        try await questions(title: request.title, lang: request.lang, markdown: request.markdown, count: request.count)
    }
}

// MARK: - One note's conversation

private extension LLMQuestionWriter {
    /// The messages exchanged about one note, and what has been kept so far.
    struct Conversation {
        let writer: LLMQuestionWriter
        let title: String
        let lang: String
        let markdown: String
        var count: Int
        let part: Int
        let parts: Int
        var report = LLMWriteReport()
        var accepted: [Question] = []
        var messages: [LLMMessage] = []
        /// The answer to the first messages when it came already (from a batch): it stands for the first request.
        var firstAnswer: LLMReply?

        init(writer: LLMQuestionWriter, title: String, lang: String, markdown: String, count: Int, part: Int, parts: Int) {
            self.writer = writer
            self.title = title
            self.lang = lang
            self.markdown = markdown
            self.count = count
            self.part = part
            self.parts = parts
            messages = firstMessages()
        }

        func firstMessages() -> [LLMMessage] {
            let prompts = PromptBuilder()
            return [LLMMessage(.system, prompts.systemPrompt(lang: lang)),
                    LLMMessage(.user, prompts.userPrompt(title: title, markdown: markdown, count: count, part: part, parts: parts))]
        }

        mutating func run() async throws(LLMFailure) -> (questions: [Question], report: LLMWriteReport) {
            let parser = QuestionPayloadParser(origin: .provider(writer.provider.rawValue), note: markdown, forbidden: [writer.key.value])
            var askedForFewer = false
            var askedForMore = false
            var repairs = 0
            while true {
                let reply: LLMReply
                do {
                    if let answer = firstAnswer {
                        reply = answer
                        firstAnswer = nil
                    } else {
                        reply = try await writer.reply(to: messages, maxQuestions: count - accepted.count, report: &report)
                    }
                } catch {
                    // A follow-up that fails loses nothing: the questions already kept stand.
                    if askedForMore, !error.stopsEverything { return finish() }
                    throw error
                }
                report.usage = report.usage + reply.usage
                let text: String
                switch reply.outcome {
                case .refused(let reason):
                    report.refusals.append(writer.key.redacting(reason))
                    return finish()
                case .truncated(let partial):
                    report.truncations += 1
                    // Once, and only before any repair: the cut-off answer is replaced by a shorter one.
                    if !askedForFewer, repairs == 0, accepted.isEmpty {
                        askedForFewer = true
                        count = max(1, count / 2)
                        messages = firstMessages()
                        continue
                    }
                    text = partial
                case .text(let answer):
                    text = answer
                }
                let payload = parser.parse(text)
                keep(payload.questions)
                let errors = payload.errors
                if accepted.count >= count { return finish() }
                if errors.isEmpty {
                    // Right but short: asked once more, for the rest only, rather than keeping a fifth of a note's
                    // questions until the note changes.
                    guard !askedForMore, !askedForFewer, !accepted.isEmpty, reply.outcome.isComplete else { return finish() }
                    askedForMore = true
                    report.followUps += 1
                    messages += [LLMMessage(.assistant, text),
                                 LLMMessage(.user, PromptBuilder().morePrompt(asked: accepted.map(\.prompt), count: count - accepted.count))]
                    continue
                }
                guard repairs < writer.maxRepairs else {
                    drop(errors)
                    return finish()
                }
                repairs += 1
                report.repairs += 1
                let repair = PromptBuilder().repairPrompt(problems: payload.problems, count: count - accepted.count)
                messages += [LLMMessage(.assistant, text), LLMMessage(.user, repair)]
            }
        }

        /// Adds new questions, skipping one asked already in an earlier round.
        mutating func keep(_ questions: [Question]) {
            for question in questions {
                let key = TextNormaliser.comparable(question.prompt)
                if !accepted.contains(where: { QuestionPayloadParser.nearlySame(TextNormaliser.comparable($0.prompt), key) }) {
                    accepted.append(question)
                }
            }
        }

        /// The last round's errors, one entry per question (and one for the whole answer).
        mutating func drop(_ errors: [PayloadProblem]) {
            let redact = writer.key.redacting
            let whole = errors.filter { $0.index == nil }.map { redact($0.message) }
            if !whole.isEmpty { report.dropped.append(DroppedQuestion(prompt: nil, reasons: whole)) }
            for index in Array(Set(errors.compactMap(\.index))).sorted() {
                let own = errors.filter { $0.index == index }
                report.dropped.append(DroppedQuestion(prompt: own.first?.prompt.map(redact), reasons: own.map { redact($0.message) }))
            }
        }

        func finish() -> (questions: [Question], report: LLMWriteReport) {
            // The parser validated each one already; this is the last gate before a page or the store.
            let validator = QuestionValidator()
            return (Array(accepted.filter(validator.isValid).prefix(count)), report)
        }
    }
}
