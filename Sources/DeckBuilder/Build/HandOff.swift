import Foundation

/// Holds a value that only another thread lets go of, so whatever the value alone keeps is freed there.
///
/// Handing a copy to another thread is not enough: when the caller's own copy outlives that thread's, the caller
/// frees everything. perf showed it doing so at the end of builds, on the main thread, for tens of milliseconds.
final class HandOff<Value>: @unchecked Sendable {
    // Read on the caller's thread until `releaseInBackground`, then written once on another; the dispatch orders them.
    private var held: Value?

    init(_ value: Value) {
        held = value
    }

    /// The value; not to be read after `releaseInBackground`.
    var value: Value {
        guard let held else { preconditionFailure("HandOff read after its value was released") }
        return held
    }

    /// Lets go of the value on another thread.
    func releaseInBackground() {
        DispatchQueue.global(qos: .utility).async { self.held = nil }
    }
}
