import Dispatch
import Foundation

/// The time limit deckgen puts on the tools it runs (tesseract, Chromium), which can hang on a bad input.
enum ChildProcess {
    /// Starts `process`, set up by the caller, and waits at most `timeout` for it to end; past that it is asked
    /// to stop, and killed if it has not after `grace`. Returns whether the time ran out.
    static func runWithin(_ process: Process, timeout: Duration, grace: Duration) throws -> Bool {
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        guard finished.wait(timeout: .now() + seconds(timeout)) == .timedOut else { return false }
        process.terminate()
        if finished.wait(timeout: .now() + seconds(grace)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        return true
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
