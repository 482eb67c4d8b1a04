import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One attempt of one request: ends with an answer, a transport error, the timeout, or Task cancellation.
struct HTTPTransfer: Sendable {
    let session: URLSession
    let request: URLRequest
    let timeout: Duration

    func run() async -> HTTPOutcome {
        let state = TransferState()
        // Our own timer covers the whole exchange; URLRequest's timeout only limits the gap between packets.
        let timer = Task {
            try await Task.sleep(for: timeout)
            state.cancel(timedOut: true)
        }
        defer { timer.cancel() }
        var limited = request
        limited.timeoutInterval = Self.seconds(timeout) + 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<HTTPOutcome, Never>) in
                let task = session.dataTask(with: limited) { data, response, error in
                    continuation.resume(returning: Self.outcome(data: data, response: response, error: error, timedOut: state.timedOut))
                }
                state.start(task)
            }
        } onCancel: {
            state.cancel(timedOut: false)
        }
    }

    static func outcome(data: Data?, response: URLResponse?, error: Error?, timedOut: Bool) -> HTTPOutcome {
        if timedOut { return .transport(.timedOut) }
        if let error { return .transport(transportError(error)) }
        guard let http = response as? HTTPURLResponse else { return .transport(.other("not an HTTP answer")) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return .response(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }

    /// Maps by code only: URLError's own description can include the URL.
    static func transportError(_ error: Error) -> TransportError {
        guard let urlError = error as? URLError else { return .other("error") }
        switch urlError.code {
        case .timedOut: return .timedOut
        case .cannotConnectToHost: return .connectionRefused
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .connectionLost
        case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
        default: return .other("URLError \(urlError.code.rawValue)")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// The task of one transfer, shared with the timer and the cancellation handler, which may fire before it starts.
private final class TransferState: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var didTimeOut = false

    var timedOut: Bool { lock.withLock { didTimeOut } }

    func start(_ task: URLSessionDataTask) {
        let alreadyCancelled = lock.withLock {
            self.task = task
            return cancelled
        }
        // Resuming then cancelling still calls the completion handler once, with NSURLErrorCancelled.
        task.resume()
        if alreadyCancelled { task.cancel() }
    }

    func cancel(timedOut: Bool) {
        let task = lock.withLock {
            if !cancelled {
                cancelled = true
                didTimeOut = timedOut
            }
            return self.task
        }
        task?.cancel()
    }
}
