import Dispatch
import Foundation

/// Runs async work to the end from synchronous code, such as the build pipeline, optionally cancelling it on Ctrl-C.
///
/// The work runs on a dispatch queue of its own, never on Swift's cooperative pool: the caller may itself be
/// on one of the pool's few threads (a test, say), and blocking it while the work waited for a pool thread
/// could deadlock.
enum BlockingTask {
    /// The result of `work`, waiting on this thread until it is done.
    static func run<T: Sendable>(cancelOnInterrupt: Bool, _ work: @escaping @Sendable () async -> T) -> T {
        let result = LockedBox<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task(executorPreference: QueueExecutor.shared) {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        var interrupt: (any DispatchSourceSignal)?
        if cancelOnInterrupt {
            // Ctrl-C cancels the requests in flight; what has been stored stays, and the build reports it.
            signal(SIGINT, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            interrupt = source
        }
        done.wait()
        if let interrupt {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the task signalled before storing its result") }
        return value
    }
}

/// A task executor on a concurrent dispatch queue; child tasks inherit it as their preference.
private final class QueueExecutor: TaskExecutor {
    static let shared = QueueExecutor()
    private let queue = DispatchQueue(label: "deckgen.blocking-task", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
