import Dispatch
import Foundation

/// A value worked out on another thread while the caller goes on; `value` waits for it.
final class BackgroundValue<Value: Sendable>: Sendable {
    private let result = LockedBox<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a thread of its own. Not on a global queue: those share their threads with the tasks of
    /// `ParallelWork`, so work waiting there for tasks of its own held a thread the other tasks needed.
    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [result, done] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.start()
    }

    /// The value, once `work` has returned it.
    var value: Value {
        done.wait()
        // Signalled again, so that later reads do not wait.
        done.signal()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("signalled before the value was stored") }
        return value
    }
}
