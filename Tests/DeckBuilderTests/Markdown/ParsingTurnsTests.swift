import Foundation
import Testing
@testable import DeckBuilder

@Suite("Parsing turns")
struct ParsingTurnsTests {
    @Test("this build's parsers share cmark-gfm's character table, through the executable's own function")
    func parsersShare() {
        MarkdownRenderer.registerExtensions()
        // False would mean the linker stopped exporting shared_parsing.c's function: parses would still be
        // right, one at a time, but this test says so rather than letting builds slow down unseen.
        #expect(ParsingTurns.shared.parsersShare)
    }

    @Test("parsers with the same extensions parse together; other extensions wait, and the table is cleared between")
    func groups() {
        let log = Log()
        let turns = ParsingTurns(parsersShare: true)
        onThreads(300) { index in
            let key = index % 5 == 0 ? ["table"] : ["table", "strikethrough"]
            turns.parse(extensions: key, { log.run(key) }, lastOut: { log.clear() })
        }
        #expect(log.mixed == false)
        #expect(log.mostAtOnce > 1)
        #expect(log.clearedWhileParsing == false)
        #expect(log.clears >= 2)
    }

    @Test("without sharing, every parse takes its turn alone")
    func alone() {
        let log = Log()
        let turns = ParsingTurns(parsersShare: false)
        onThreads(100) { _ in
            turns.parse(extensions: ["table"], { log.run(["table"]) }, lastOut: { log.clear() })
        }
        #expect(log.mostAtOnce == 1)
        #expect(log.clears == 0)
    }
}

/// Runs `body` for each of `iterations` on six threads of its own: the shared pools may be busy with other tests,
/// and a parse sleeping in its turn must find others arriving.
private func onThreads(_ iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    for first in 0..<6 {
        Thread {
            for index in stride(from: first, to: iterations, by: 6) { body(index) }
            done.signal()
        }.start()
    }
    for _ in 0..<6 { done.wait() }
}

/// What the parses under test saw: how many ran at once, with which extensions, and when the table was cleared.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var running: [[String]] = []
    private(set) var mostAtOnce = 0
    private(set) var mixed = false
    private(set) var clears = 0
    private(set) var clearedWhileParsing = false

    func run(_ key: [String]) {
        lock.withLock {
            mixed = mixed || running.contains { $0 != key }
            running.append(key)
            mostAtOnce = max(mostAtOnce, running.count)
        }
        // Long enough for the other threads to arrive while this one parses.
        usleep(200)
        lock.withLock { running.remove(at: running.firstIndex(of: key)!) }
    }

    func clear() {
        lock.withLock {
            clears += 1
            clearedWhileParsing = clearedWhileParsing || !running.isEmpty
        }
    }
}
