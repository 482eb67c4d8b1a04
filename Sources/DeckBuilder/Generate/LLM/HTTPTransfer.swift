import CCurl
import Foundation

/// One HTTP request as deckgen sends it: no cookies, no redirects followed, the body sent as given.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One attempt of one request through libcurl: ends with an answer, a transport error, the timeout, or Task
/// cancellation. libcurl rather than FoundationNetworking's URLSession, which on Linux keeps a core busy for as
/// long as it waits for an answer (a local model's minutes, taken from the model), and which sends a POST again
/// without its body when a kept-alive connection has died. Idle handles are kept, and with them their open
/// connections, so a build's requests to one server reuse connections.
struct HTTPTransfer: Sendable {
    let request: HTTPRequest
    let timeout: Duration

    func run() async -> HTTPOutcome {
        let state = TransferState()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<HTTPOutcome, Never>) in
                // libcurl blocks the thread it runs on: a thread of its own, never one of Swift's few pool threads.
                let thread = Thread { continuation.resume(returning: Self.perform(request, timeout: timeout, state: state)) }
                thread.start()
            }
        } onCancel: {
            state.cancel()
        }
    }

    private static func perform(_ request: HTTPRequest, timeout: Duration, state: TransferState) -> HTTPOutcome {
        guard !state.isCancelled else { return .transport(.other("cancelled")) }
        let origin = [request.url.scheme, request.url.host, request.url.port.map(String.init)].compactMap { $0 }.joined(separator: ":")
        guard let handle = HandlePool.shared.take(for: origin) else { return .transport(.other("libcurl could not start")) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer {
            curl_slist_free_all(headerList)
            HandlePool.shared.give(handle, for: origin)
        }
        let sink = Unmanaged.passRetained(state)
        defer { sink.release() }
        let context = sink.toOpaque()

        _ = deckgen_curl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        _ = deckgen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = deckgen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // A server on this machine is reached directly: a proxy from the environment would carry its plain-http
        // requests, key and all, off the machine.
        if LLMOverrides.isLoopback(request.url) { _ = deckgen_curl_set_string(handle, CURLOPT_NOPROXY, "*") }
        _ = deckgen_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        switch request.method {
        case "GET":
            _ = deckgen_curl_set_long(handle, CURLOPT_HTTPGET, 1)
        default:
            if request.method != "POST" { _ = deckgen_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method) }
            let body = request.body ?? Data()
            _ = deckgen_curl_set_long(handle, CURLOPT_POST, 1)
            _ = deckgen_curl_set_size(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            // Copied, so libcurl can send it again on a new connection when a kept one turns out dead.
            body.withUnsafeBytes { bytes in
                if let start = bytes.baseAddress, !bytes.isEmpty {
                    _ = deckgen_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start))
                } else {
                    _ = deckgen_curl_set_string(handle, CURLOPT_COPYPOSTFIELDS, "")
                }
            }
        }
        // No `Expect: 100-continue`: many model servers never answer it, and libcurl would wait a second for each POST.
        for line in request.headers.map({ "\($0.key): \($0.value)" }).sorted() + ["Expect:"] {
            headerList = curl_slist_append(headerList, line)
        }
        _ = deckgen_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        _ = deckgen_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue().body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }
        _ = deckgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = deckgen_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue().header(line)
            return size * count
        }
        _ = deckgen_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        // Called at least once a second while the transfer runs: the way a cancelled request is stopped.
        _ = deckgen_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = deckgen_curl_set_progress_callback(handle) { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
        }
        _ = deckgen_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)

        let code = curl_easy_perform(handle)
        guard code == CURLE_OK else { return .transport(transportError(code)) }
        var status = 0
        _ = deckgen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .response(HTTPResponse(status: status, headers: state.headers, body: state.body))
    }

    /// Maps by code only: libcurl's own message can include the URL.
    static func transportError(_ code: CURLcode) -> TransportError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_COULDNT_CONNECT: .connectionRefused
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: .connectionLost
        case CURLE_COULDNT_RESOLVE_HOST: .hostNotFound
        case CURLE_ABORTED_BY_CALLBACK: .other("cancelled")
        default: .other("libcurl error \(code.rawValue)")
        }
    }
}

/// What one transfer has received, and whether it was cancelled; shared with libcurl's callbacks on its thread
/// and with the cancellation handler, which may run on another.
private final class TransferState: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    /// Written only by libcurl's callbacks, on the transfer's thread, and read there after it ends.
    var body = Data()
    var headers: [String: String] = [:]

    var isCancelled: Bool { lock.withLock { cancelled } }

    func cancel() {
        lock.withLock { cancelled = true }
    }

    /// One header line; a status line starts the headers afresh (an interim `100 Continue` has its own).
    func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Idle libcurl handles by the server they last spoke to, each keeping its connection open: a request to that
/// server takes one and gives it back.
private final class HandlePool: @unchecked Sendable {
    static let shared = HandlePool()
    private let lock = NSLock()
    private var idle: [String: [UnsafeMutableRawPointer]] = [:]

    private init() {
        // Once, before any thread uses libcurl.
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }

    func take(for origin: String) -> UnsafeMutableRawPointer? {
        if let handle = lock.withLock({ idle[origin]?.popLast() }) {
            // Options go; the handle's open connections stay, for the next request to the same server.
            curl_easy_reset(handle)
            return handle
        }
        return curl_easy_init()
    }

    func give(_ handle: UnsafeMutableRawPointer, for origin: String) {
        lock.withLock { idle[origin, default: []].append(handle) }
    }
}
