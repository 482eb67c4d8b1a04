import Foundation
import Testing
@testable import DeckBuilder

@Suite("Pending value")
struct PendingValueTests {
    @Test("every reader waits for the value and gets it, however many there are")
    func readersWait() {
        let pending = PendingValue<Int>()
        let readers = BackgroundValue {
            // Eight readers, each of which can only return the value once it is stored.
            (0..<8).map { _ in BackgroundValue { pending.value } }.map(\.value)
        }
        usleep(50_000)
        pending.fulfil(42)
        #expect(readers.value == Array(repeating: 42, count: 8))
        #expect(pending.value == 42)
    }
}
