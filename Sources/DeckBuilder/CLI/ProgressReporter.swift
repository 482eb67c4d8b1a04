/// Shows `[i/n] step` on one redrawn line when standard error is a terminal, and nothing otherwise.
struct ProgressReporter: Sendable {
    let console: Console

    func show(_ step: BuildStep) {
        guard console.errorIsTerminal else { return }
        console.standardError("\r\u{1B}[2K[\(step.rawValue)/\(BuildStep.allCases.count)] \(step.title)…")
    }

    func finish() {
        guard console.errorIsTerminal else { return }
        console.standardError("\r\u{1B}[2K")
    }
}
