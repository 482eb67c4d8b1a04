import Foundation

/// Ctrl-C and SIGTERM while `serve` runs: taken by a thread of their own instead of ending the process, so the
/// server stops between looks at the content and says so. A second one, during a long build, ends it at once.
///
/// The signals are blocked and read with sigwait rather than caught by a dispatch source: libdispatch blocks a
/// signal only on its own thread, so one sent to the main thread while it is ignored would be lost.
final class StopRequest: Sendable {
    private let requested = LockedBox(false)

    /// Blocks the signals on this thread, and so on every thread started after it, and starts the thread that waits for them.
    init() {
        var signals = Self.signals()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let thread = Thread { [requested] in
            var signals = Self.signals()
            var number: Int32 = 0
            while sigwait(&signals, &number) == 0 {
                let again = requested.withLock { stopping in
                    defer { stopping = true }
                    return stopping
                }
                if again { exit(ExitCode.interrupted.rawValue) }
            }
        }
        thread.name = "deckgen serve signals"
        thread.start()
    }

    /// True once a stop was asked for.
    var isRequested: Bool { requested.withLock { $0 } }

    /// Asks for a stop as a signal would.
    func request() {
        requested.withLock { $0 = true }
    }

    private static func signals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
