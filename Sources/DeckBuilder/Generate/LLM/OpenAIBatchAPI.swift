import Foundation

/// OpenAI's Batch API: many chat-completion requests uploaded as one JSONL file, answered within a day at half
/// the price. deckgen submits, and later builds look at the batch and collect its answers when it is done.
public struct OpenAIBatchAPI: Sendable {
    /// The writer whose model, key, headers and client the batch uses.
    public var writer: LLMQuestionWriter

    public init(writer: LLMQuestionWriter) {
        self.writer = writer
    }

    /// One request of a batch: its id, unique within the batch, and its chat-completions body.
    public struct Line: Sendable {
        public var id: String
        public var body: Data
    }

    /// Where a batch stands.
    public struct Status: Sendable, Equatable {
        /// `validating`, `in_progress`, `finalizing`, `completed`, `failed`, `expired`, `cancelling` or `cancelled`.
        public var state: String
        public var outputFile: String?
        public var errorFile: String?
        public var done = 0
        public var total = 0

        /// Whether answers may still come.
        public var isPending: Bool { ["validating", "in_progress", "finalizing", "cancelling"].contains(state) }
    }

    /// Uploads `lines` and starts a batch of them; returns the batch's id.
    public func submit(_ lines: [Line], counts: inout RequestCounts) async throws(LLMFailure) -> String {
        var jsonl = Data()
        for line in lines {
            let body = (try? JSONSerialization.jsonObject(with: line.body)) ?? [:]
            let request: [String: Any] = ["custom_id": line.id, "method": "POST", "url": "/v1/chat/completions", "body": body]
            jsonl += (try? JSONSerialization.data(withJSONObject: request, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            jsonl.append(0x0A)
        }
        let boundary = "deckgen-\(UUID().uuidString)"
        var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n".utf8)
        form += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"deckgen-batch.jsonl\"\r\nContent-Type: application/jsonl\r\n\r\n".utf8)
        form += jsonl + Data("\r\n--\(boundary)--\r\n".utf8)
        let file = try await object(send("POST", "files", body: form, type: "multipart/form-data; boundary=\(boundary)", counts: &counts))
        guard let fileID = file["id"] as? String else { throw unreadable("files", "an `id`") }
        let create = try? JSONSerialization.data(withJSONObject: [
            "input_file_id": fileID, "endpoint": "/v1/chat/completions", "completion_window": "24h",
            "metadata": ["made_by": "deckgen"],
        ])
        let batch = try await object(send("POST", "batches", body: create, type: "application/json", counts: &counts))
        guard let id = batch["id"] as? String else { throw unreadable("batches", "an `id`") }
        return id
    }

    /// Where batch `id` stands.
    public func status(_ id: String, counts: inout RequestCounts) async throws(LLMFailure) -> Status {
        let batch = try await object(send("GET", "batches/\(id)", counts: &counts))
        guard let state = batch["status"] as? String else { throw unreadable("batches/\(id)", "a `status`") }
        let requests = batch["request_counts"] as? [String: Any] ?? [:]
        return Status(state: state, outputFile: batch["output_file_id"] as? String, errorFile: batch["error_file_id"] as? String,
                      done: ((requests["completed"] as? Int) ?? 0) + ((requests["failed"] as? Int) ?? 0),
                      total: requests["total"] as? Int ?? 0)
    }

    /// The answers in output file `file`: each request's chat-completion body by its id; requests that failed
    /// are left out (their notes are asked again).
    public func answers(inFile file: String, counts: inout RequestCounts) async throws(LLMFailure) -> [String: Data] {
        let text = try await send("GET", "files/\(file)/content", counts: &counts).body
        var answers = [String: Data]()
        for line in text.split(separator: 0x0A) where !line.isEmpty {
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], let id = entry["custom_id"] as? String,
                  let response = entry["response"] as? [String: Any], (response["status_code"] as? Int) == 200,
                  let body = response["body"], let data = try? JSONSerialization.data(withJSONObject: body) else { continue }
            answers[id] = data
        }
        return answers
    }

    private func send(_ method: String, _ path: String, body: Data? = nil, type: String? = nil,
                      counts: inout RequestCounts) async throws(LLMFailure) -> HTTPResponse {
        guard let url = AzureOpenAI.endpoint(writer.baseURL, path: path, apiVersion: writer.apiVersion) else {
            throw LLMFailure(.rejected, "the base URL does not make a web address; expected one such as https://api.openai.com/v1")
        }
        return try await writer.client.send(method, url, body: body, contentType: type, headers: writer.openAIHeaders, counts: &counts)
    }

    private func object(_ response: HTTPResponse) throws(LLMFailure) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw LLMFailure(.rejected, "the Batch API answered with something other than a JSON object; expected OpenAI's Batch API")
        }
        return object
    }

    private func unreadable(_ path: String, _ what: String) -> LLMFailure {
        LLMFailure(.rejected, "the Batch API's /\(path) answer has no \(what); expected OpenAI's Batch API")
    }
}
