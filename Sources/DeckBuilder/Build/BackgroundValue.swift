import Foundation

/// A value worked out on another thread while the caller goes on; `value` waits for it.
final class BackgroundValue<Value: Sendable>: Sendable {
    private let pending = PendingValue<Value>()

    /// Starts `work` on a thread of its own. Not on a global queue: those share their threads with the tasks of
    /// `ParallelWork`, so work waiting there for tasks of its own held a thread the other tasks needed.
    init(_ work: @escaping @Sendable () -> Value) {
        Thread { [pending] in pending.fulfil(work()) }.start()
    }

    /// The value, once `work` has returned it.
    var value: Value {
        pending.value
    }
}
