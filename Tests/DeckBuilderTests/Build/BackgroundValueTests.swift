import Dispatch
import Testing
@testable import DeckBuilder

@Suite("Background value")
struct BackgroundValueTests {
    @Test("the work runs while the caller goes on, and its value can be read more than once")
    func runsAlongside() {
        let callerWentOn = DispatchSemaphore(value: 0)
        // Had the work run before `init` returned, it would wait out its 5 s and give false.
        let value = BackgroundValue { callerWentOn.wait(timeout: .now() + 5) == .success }
        callerWentOn.signal()
        #expect(value.value)
        #expect(value.value)
    }
}
