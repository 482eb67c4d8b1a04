import Foundation

/// One request to a model server through `HTTPClient`, which can also end early when the server refuses the
/// JSON mode asked for, counting requests and retries into the writer's report.
struct LLMExchange: Sendable {
    /// What the exchange ended with.
    enum Result: Sendable {
        case response(HTTPResponse)
        /// The server said it cannot answer in the JSON mode asked for.
        case modeRejected
    }

    let client: HTTPClient
    let key: APIKey

    /// POSTs `body` to `url`, counting every request and retry in `report`, even when it throws.
    func post(_ url: URL, json body: Data, headers: [String: String], report: inout LLMWriteReport,
              rejectsMode: (HTTPResponse) -> Bool) async throws(LLMFailure) -> Result {
        var counts = RequestCounts()
        defer {
            report.requests += counts.requests
            report.retries += counts.retries
        }
        do {
            let response = try await client.post(url, json: body, headers: headers, counts: &counts, returnEarly: rejectsMode)
            return response.isSuccess ? .response(response) : .modeRejected
        } catch {
            // The client already names the server and hides the secret headers; a key echoed in other words goes too.
            var failure = error
            failure.message = key.redacting(error.message)
            throw failure
        }
    }
}
