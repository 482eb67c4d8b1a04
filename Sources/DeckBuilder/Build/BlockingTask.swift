import Dispatch
import Foundation
import Synchronization

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
        var watch: (any DispatchSourceTimer)?
        if cancelOnInterrupt {
            // Ctrl-C cancels the requests in flight; what has been stored stays, and the build reports it.
            Interrupt.arm()
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now(), repeating: .milliseconds(50))
            timer.setEventHandler { if Interrupt.wasRaised { task.cancel() } }
            timer.resume()
            watch = timer
        }
        done.wait()
        if let watch {
            watch.cancel()
            Interrupt.disarm()
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

/// Ctrl-C while a blocking task runs, caught by a handler that only raises a flag, which the task's watch reads.
/// A handler rather than a dispatch signal source: a source could be made only once per process, and a second
/// task's Ctrl-C (a build that asks its server again with smaller pieces) was lost.
private enum Interrupt {
    static let raised = Atomic<Bool>(false)

    static var wasRaised: Bool { raised.load(ordering: .relaxed) }

    static func arm() {
        // Touched here, so the handler never runs the global's lazy initialisation.
        raised.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in Interrupt.raised.store(true, ordering: .relaxed) }
    }

    static func disarm() {
        signal(SIGINT, SIG_DFL)
    }
}
