import Dispatch

/// A value one thread will store and any number of others wait for.
final class PendingValue<Value: Sendable>: Sendable {
    private let result = LockedBox<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init() {}

    /// Stores the value and lets every reader go on; called once.
    func fulfil(_ value: Value) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The value, once it is stored.
    var value: Value {
        done.wait()
        // Signalled again, so that the other readers, and later reads, do not wait.
        done.signal()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("signalled before the value was stored") }
        return value
    }
}
