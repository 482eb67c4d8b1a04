import Foundation
import Synchronization

/// Runs independent per-note work on every core with Swift concurrency, from the synchronous build pipeline.
///
/// One child task per core pulls the next item until none are left, so thousands of notes never become
/// thousands of tasks or threads, and results come back in the items' order whatever order they finish in.
enum ParallelWork {
    /// How many tasks work at once: the cores this process may use.
    static var width: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` of every item, in order.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        guard items.count > 1, width > 1 else { return items.map(transform) }
        let results = LockedBox([Result?](repeating: nil, count: items.count))
        let workers = min(width, items.count)
        let counter = CounterBox()
        BlockingTask.run(cancelOnInterrupt: false) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<workers {
                    group.addTask {
                        while true {
                            let index = counter.take()
                            guard index < items.count else { return }
                            let result = transform(items[index])
                            results.withLock { $0[index] = result }
                        }
                    }
                }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// A shared counter handing out item numbers to the workers (`Atomic` itself cannot be captured by an escaping closure).
private final class CounterBox: Sendable {
    private let next = Atomic<Int>(0)

    func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}
