import Testing
@testable import DeckBuilder

/// Bounded concurrency: never more than the limit at once, and waiting is cancellable.
@Suite("Request limiter")
struct RequestLimiterTests {
    /// Counts tasks inside the limiter and remembers the most at once.
    actor Gauge {
        var current = 0
        var highest = 0
        func enter() { current += 1; highest = max(highest, current) }
        func leave() { current -= 1 }
    }

    @Test("at most N run at once, and all of them run", arguments: [1, 3, 4])
    func bounded(limit: Int) async throws {
        let limiter = RequestLimiter(limit: limit)
        let gauge = Gauge()
        let done = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await limiter.withPermit {
                        await gauge.enter()
                        try await Task.sleep(for: .milliseconds(10))
                        await gauge.leave()
                        return index
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(done.sorted() == Array(0..<20))
        #expect(await gauge.highest == limit)
        #expect(await gauge.current == 0)
    }

    @Test("the default limit is 4")
    func defaultLimit() {
        #expect(RequestLimiter().limit == 4)
    }

    @Test("a waiter that is cancelled stops waiting and takes no permit")
    func cancelWaiting() async throws {
        let limiter = RequestLimiter(limit: 1)
        try await limiter.acquire()
        let waiter = Task { try await limiter.acquire() }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // The permit is still ours; releasing it lets the next one in at once.
        await limiter.release()
        try await limiter.acquire()
        await limiter.release()
    }

    @Test("a permit is returned when the body throws")
    func releaseOnError() async throws {
        struct Boom: Error {}
        let limiter = RequestLimiter(limit: 1)
        await #expect(throws: Boom.self) { try await limiter.withPermit { () throws -> Int in throw Boom() } }
        let value = try await limiter.withPermit { 7 }
        #expect(value == 7)
    }
}
