import Foundation
import Testing
@testable import DeckBuilder

@Suite("Hand-off")
struct HandOffTests {
    /// Tells, when freed, which thread freed it.
    private final class Tracker: Sendable {
        let freedOn: PendingValue<UInt>

        init(freedOn: PendingValue<UInt>) {
            self.freedOn = freedOn
        }

        deinit {
            freedOn.fulfil(UInt(pthread_self()))
        }
    }

    @Test("the value is read in place, then freed on another thread, not on the caller's")
    func freedElsewhere() {
        let freedOn = PendingValue<UInt>()
        let caller = UInt(pthread_self())
        let handOff = HandOff([Tracker(freedOn: freedOn)])
        #expect(handOff.value.count == 1)
        handOff.releaseInBackground()
        // Held by the caller until after the other thread let go: the caller's reference is to the hand-off alone.
        withExtendedLifetime(handOff) {
            #expect(freedOn.value != caller)
        }
    }
}
