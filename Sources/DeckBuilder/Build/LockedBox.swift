import Synchronization

/// A value several tasks update, behind a lock; a class, so escaping closures can share it (a `Mutex` cannot be captured).
final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value locked.
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        mutex.withLock { body(&$0) }
    }
}
