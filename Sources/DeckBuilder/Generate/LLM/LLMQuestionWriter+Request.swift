import Foundation

// MARK: - Requests per provider

extension LLMQuestionWriter {
    /// One answer to `messages` from the provider, at most `maxQuestions` questions by the schema, falling back
    /// through JSON modes on OpenAI-compatible servers.
    func reply(to messages: [LLMMessage], maxQuestions: Int, report: inout LLMWriteReport) async throws(LLMFailure) -> LLMReply {
        switch provider {
        case .openai: try await openAIReply(to: messages, maxQuestions: maxQuestions, report: &report)
        case .gemini: try await geminiReply(to: messages, maxQuestions: maxQuestions, report: &report)
        }
    }
}

extension LLMQuestionWriter {
    /// How chat-completion requests to this writer's model are written and read.
    func openAICodec(maxQuestions: Int) -> OpenAIChatCodec {
        OpenAIChatCodec(model: model, maxTokens: maxTokens, maxQuestions: maxQuestions, reasoningEffort: reasoningEffort)
    }
}

private extension LLMQuestionWriter {
    var exchange: LLMExchange { LLMExchange(client: client, key: key) }

    func openAIReply(to messages: [LLMMessage], maxQuestions: Int, report: inout LLMWriteReport) async throws(LLMFailure) -> LLMReply {
        let codec = openAICodec(maxQuestions: maxQuestions)
        let url = try endpoint("chat/completions")
        var mode = await memory.mode(for: baseURL) ?? .jsonSchema
        while true {
            let result = try await exchange.post(url, json: codec.requestBody(messages: messages, mode: mode),
                                                 headers: openAIHeaders, report: &report) {
                OpenAIChatCodec.rejectsJSONMode(status: $0.status, body: $0.body, server: $0.header("server"))
            }
            switch result {
            case .response(let response):
                await memory.remember(mode, for: baseURL)
                report.jsonMode = mode
                return try decoded(url: url) { () throws(LLMDecodingError) in try codec.reply(from: response.body) }
            case .modeRejected:
                guard let next = mode.fallback else {
                    throw LLMFailure(.rejected, "\(server(url)): the server refused every JSON mode, even a plain prompt; expected an OpenAI-compatible chat-completions server")
                }
                report.modeFallbacks += 1
                mode = next
                // Known as soon as the server refuses: later requests start here even if this one fails otherwise.
                await memory.remember(next, for: baseURL)
            }
        }
    }

    func geminiReply(to messages: [LLMMessage], maxQuestions: Int, report: inout LLMWriteReport) async throws(LLMFailure) -> LLMReply {
        let codec = GeminiCodec(model: model, maxOutputTokens: maxTokens, maxQuestions: maxQuestions)
        let url = try endpoint("v1beta/" + codec.methodPath)
        let result = try await exchange.post(url, json: codec.requestBody(messages: messages),
                                             headers: headers(key: ("x-goog-api-key", key.value)), report: &report) { _ in false }
        guard case .response(let response) = result else {
            throw LLMFailure(.rejected, "\(server(url)): the request was refused; expected a generateContent answer")
        }
        return try decoded(url: url) { () throws(LLMDecodingError) in try codec.reply(from: response.body) }
    }

}

// MARK: - Shared with the batch client

extension LLMQuestionWriter {
    /// The headers of a chat-completions request: the key as `Authorization: Bearer`, or Azure's `api-key`.
    var openAIHeaders: [String: String] {
        headers(key: AzureOpenAI.serves(baseURL) ? ("api-key", key.value) : ("Authorization", "Bearer \(key.value)"))
    }

    /// `path` after the base URL, keeping its query (and Azure's `api-version`).
    func endpoint(_ path: String) throws(LLMFailure) -> URL {
        guard let url = AzureOpenAI.endpoint(baseURL, path: path, apiVersion: apiVersion) else {
            throw LLMFailure(.rejected, "the base URL and model do not make a web address; expected a URL such as http://127.0.0.1:8080/v1")
        }
        return url
    }

    /// The configured extra headers, then the key's (none when there is no key), which no setting can replace.
    func headers(key header: (name: String, value: String)) -> [String: String] {
        var headers = extraHeaders
        if !key.value.isEmpty { headers[header.name] = header.value }
        return headers
    }

    /// A body the API does not promise is this request's failure, named by server and without the key.
    func decoded(url: URL, _ decode: () throws(LLMDecodingError) -> LLMReply) throws(LLMFailure) -> LLMReply {
        do {
            return try decode()
        } catch {
            throw LLMFailure(.rejected, "\(server(url)): \(key.redacting(error.message))")
        }
    }

    func server(_ url: URL) -> String {
        [url.scheme.map { $0 + "://" }, url.host, url.port.map { ":\($0)" }].compactMap { $0 }.joined()
    }
}
