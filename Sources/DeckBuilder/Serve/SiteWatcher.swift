import Foundation

/// Builds the site, then rebuilds it whenever the content changes, telling the preview server which build it
/// shows and what went wrong with the last one.
final class SiteWatcher: Sendable {
    /// How often the content is looked at when inotify cannot tell (and how often a stop is looked for).
    static let interval = 0.5

    let options: BuildOptions
    let state = LockedBox(PreviewState())
    private let build: @Sendable () -> BuildSummary
    private let describe: @Sendable (Diagnostic) -> String
    /// The fingerprint of the content as the last build left it.
    private let lastInputs = LockedBox<String?>(nil)

    /// - Parameters:
    ///   - build: runs one build and reports it (the command prints it as `build` does).
    ///   - describe: one error as the banner lists it.
    init(options: BuildOptions, build: @escaping @Sendable () -> BuildSummary,
         describe: @escaping @Sendable (Diagnostic) -> String = { $0.description }) {
        self.options = options
        self.build = build
        self.describe = describe
    }

    /// Builds now and records the outcome; the generation goes up by one whether or not the build worked.
    @discardableResult
    func rebuild() -> BuildSummary {
        let summary = build()
        let errors = summary.diagnostics.filter { $0.severity == .error }.map(describe)
        // Shown first: open pages reload while the content is looked at again.
        state.withLock { shown in
            shown.generation += 1
            shown.errors = summary.succeeded ? [] : errors.isEmpty ? ["the build did not finish"] : errors
        }
        // Taken after the build, which writes the question store into the content folder: that is not an edit.
        let inputs = InputFingerprint.of(options, contents: false)
        lastInputs.withLock { $0 = inputs }
        return summary
    }

    /// Whether the content differs from what the last build read.
    func contentChanged() -> Bool {
        let inputs = InputFingerprint.of(options, contents: false)
        return lastInputs.withLock { $0 != inputs }
    }

    /// Rebuilds whenever the content changes, until `stopped` says so: woken by inotify as a file is saved, or,
    /// where it cannot be used, looking every half second.
    func watch(until stopped: @Sendable () -> Bool, onChange: @Sendable () -> Void = {}) {
        var inotify = ContentWatch(folders: InputFingerprint.folders(options))
        var lookNow = false
        while !stopped() {
            if lookNow {
                lookNow = false
            } else if let watch = inotify {
                guard watch.waitForChange(seconds: Self.interval) else { continue }
            } else {
                Thread.sleep(forTimeInterval: Self.interval)
            }
            guard !stopped(), contentChanged() else { continue }
            onChange()
            rebuild()
            // Folders may have come, gone or moved with the change: the watches follow the build's walk again, and
            // the content is looked at once more for a save made while the build ran, whose event the old watch had.
            if inotify != nil {
                inotify = ContentWatch(folders: InputFingerprint.folders(options))
                lookNow = true
            }
        }
    }
}
