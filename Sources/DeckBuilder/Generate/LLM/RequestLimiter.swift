/// Lets at most `limit` requests run at once; the others wait their turn, first come first served.
public actor RequestLimiter {
    /// The most permits out at once.
    public nonisolated let limit: Int
    private var available: Int
    private var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID = 0

    public init(limit: Int = 4) {
        self.limit = max(1, limit)
        available = max(1, limit)
    }

    /// Waits for a permit; throws `CancellationError` if the task is cancelled while waiting.
    public func acquire() async throws {
        if available > 0 {
            available -= 1
            return
        }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancelled before we queued: the handler below found nothing to remove, so refuse here.
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Returns a permit, handing it straight to the longest waiter if there is one.
    public func release() {
        if waiters.isEmpty {
            available = min(limit, available + 1)
        } else {
            waiters.removeFirst().continuation.resume()
        }
    }

    /// Runs `body` holding a permit, and returns the permit however `body` ends.
    public func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await acquire()
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}
