import Foundation
import Synchronization

/// Runs independent per-note work on every core with Swift concurrency, from the synchronous build pipeline.
///
/// One child task per core pulls the next item until none are left, so thousands of notes never become
/// thousands of tasks or threads, and results come back in the items' order whatever order they finish in.
enum ParallelWork {
    /// How many tasks work at once: the cores this process may use.
    static var width: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` of every item, in order. Each task takes `batch` neighbouring items at a time: work on one
    /// item that shares a cache with its neighbours then stays on one task, not on all of them at once.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], batch: Int = 1,
                                                      _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        precondition(batch > 0, "a batch holds at least one item")
        guard items.count > 1, width > 1 else { return items.map(transform) }
        let results = LockedBox([Result?](repeating: nil, count: items.count))
        let workers = min(width, items.count)
        let counter = CounterBox()
        BlockingTask.run(cancelOnInterrupt: false) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<workers {
                    group.addTask {
                        while true {
                            let start = counter.take(batch)
                            guard start < items.count else { return }
                            for index in start..<min(start + batch, items.count) {
                                let result = transform(items[index])
                                results.withLock { $0[index] = result }
                            }
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

    /// The first of the next `count` item numbers.
    func take(_ count: Int) -> Int { next.add(count, ordering: .relaxed).oldValue }
}
