import Foundation

/// What a local model server says of its own limits, read before a build asks it anything: llama.cpp's `/props`
/// (the context of one slot, and how many slots answer at once) and Ollama's `/api/show` (the `num_ctx` a model
/// runs with, else Ollama's default). A server that says nothing leaves the settings as they are.
struct ServerLimits: Sendable, Equatable {
    /// Tokens of context one request may use.
    var contextTokens: Int?
    /// Requests the server answers at once.
    var slots: Int?

    /// The context Ollama gives a model whose Modelfile sets none.
    static let ollamaDefaultContext = 2048

    /// Asks the server at `base` (the API's base URL, such as `http://127.0.0.1:8080/v1`) about `model`.
    static func read(base: URL, model: String, timeout: Duration = .seconds(2)) async -> ServerLimits? {
        let root = serverRoot(base)
        if let body = await fetch(root.appending(path: "props"), body: nil, timeout: timeout), let limits = llamaCpp(body) {
            return limits
        }
        let show = try? JSONSerialization.data(withJSONObject: ["model": model])
        if let body = await fetch(root.appending(path: "api/show"), body: show, timeout: timeout) { return ollama(body) }
        return nil
    }

    /// llama.cpp's `/props`: `default_generation_settings.n_ctx` per slot, and `total_slots`.
    static func llamaCpp(_ body: Data) -> ServerLimits? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        let settings = object["default_generation_settings"] as? [String: Any]
        let context = (settings?["n_ctx"] as? NSNumber ?? object["n_ctx"] as? NSNumber)?.intValue
        let slots = (object["total_slots"] as? NSNumber)?.intValue
        guard context != nil || slots != nil else { return nil }
        return ServerLimits(contextTokens: context.flatMap { $0 > 0 ? $0 : nil }, slots: slots.flatMap { $0 > 0 ? $0 : nil })
    }

    /// Ollama's `/api/show`: the model's `num_ctx` parameter when its Modelfile sets one, else Ollama's default,
    /// which its OpenAI-compatible API runs every model with whatever the model could take.
    static func ollama(_ body: Data) -> ServerLimits? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              object["model_info"] != nil || object["parameters"] != nil || object["modelfile"] != nil else { return nil }
        let parameters = (object["parameters"] as? String) ?? ""
        let numContext = parameters.split(whereSeparator: \.isNewline).lazy.compactMap { line -> Int? in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            return words.count == 2 && words[0] == "num_ctx" ? Int(words[1]) : nil
        }.first
        return ServerLimits(contextTokens: numContext ?? ollamaDefaultContext, slots: nil)
    }

    /// The server's own root: the base URL without a trailing `/v1`, where llama.cpp and Ollama serve their own API.
    static func serverRoot(_ base: URL) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix("/v1") { text.removeLast(3) }
        return URL(string: text) ?? base
    }

    /// One GET (or POST of `body`), no key, no retry: a 2xx answer's body, else nil.
    private static func fetch(_ url: URL, body: Data?, timeout: Duration) async -> Data? {
        guard case .response(let response) = await HTTPClient(timeout: timeout).fetchOnce(url, json: body),
              response.isSuccess else { return nil }
        return response.body
    }
}

extension LLMSettings {
    /// These settings with what the server said of itself: its context where `context` was not set, and no more
    /// requests at once than it has slots, unless the concurrency was given on the command line.
    func fitted(to limits: ServerLimits, concurrencyGiven: Bool) -> LLMSettings {
        var fitted = self
        if !contextIsSet, let context = limits.contextTokens { fitted.contextTokens = max(512, context) }
        if !concurrencyGiven, let slots = limits.slots { fitted.concurrency = min(concurrency, slots) }
        return fitted
    }
}
