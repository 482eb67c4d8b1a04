import Synchronization
import Testing
@testable import DeckBuilder

@Suite("Parallel work")
struct ParallelWorkTests {
    @Test("every item is transformed once and comes back in its place, whatever the batch", arguments: [
        (0, 1), (1, 1), (2, 1), (7, 1), (100, 1), (100, 3), (100, 32), (5, 32), (64, 32), (1_000, 7),
    ])
    func mapsInOrder(count: Int, batch: Int) {
        let calls = Atomic<Int>(0)
        let results = ParallelWork.map(Array(0..<count), batch: batch) { item -> Int in
            calls.add(1, ordering: .relaxed)
            return item * 2
        }
        #expect(results == (0..<count).map { $0 * 2 })
        #expect(calls.load(ordering: .relaxed) == count)
    }
}
