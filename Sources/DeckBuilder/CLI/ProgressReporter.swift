/// Shows `[i/n] step` on one redrawn line when standard error is a terminal, with a live line while a model is
/// asked (requests answered, notes done, tokens, requests in flight, retries, time left); elsewhere, such as in CI
/// logs, plain lines for the model's progress every tenth of the requests and nothing for the quick steps.
struct ProgressReporter: Sendable {
    let console: Console
    /// The last count of notes reported on a plain line, so each tenth is reported once.
    private let lastReported = LockedBox(-1)

    init(console: Console) {
        self.console = console
    }

    func show(_ step: BuildStep) {
        guard console.errorIsTerminal else { return }
        console.standardError("\r\u{1B}[2K[\(step.rawValue)/\(BuildStep.allCases.count)] \(step.title)…")
    }

    func show(_ progress: LLMProgress) {
        let batch = progress.batch
        guard batch.piecesTotal > 0 else { return }
        // Requests, not notes: one long note or one slow local model would hold a count of notes at 0 for minutes.
        let asking = "Asking \(progress.generator) for questions: \(batch.piecesDone)/\(batch.piecesTotal) requests, "
            + "\(batch.notesDone)/\(batch.notesTotal) notes, \(SummaryLine.grouped(batch.usage.totalTokens)) tokens"
        let retries = SummaryLine.count(progress.retries, "retry", plural: "retries")
        if console.errorIsTerminal {
            let step = BuildStep.makeQuestions
            let left = Self.timeLeft(progress).map { ", about \($0) left" } ?? ""
            console.standardError("\r\u{1B}[2K[\(step.rawValue)/\(BuildStep.allCases.count)] \(Self.bar(batch)) \(asking), \(batch.requestsInFlight) in flight, \(retries)\(left)")
            return
        }
        let step = max(1, batch.piecesTotal / 10)
        let due = lastReported.withLock { last in
            guard batch.piecesDone != last, batch.piecesDone % step == 0 || batch.piecesDone == batch.piecesTotal else { return false }
            last = batch.piecesDone
            return true
        }
        if due { console.standardError("\(asking), \(retries)\n") }
    }

    func finish() {
        guard console.errorIsTerminal else { return }
        console.standardError("\r\u{1B}[2K")
    }

    /// `████░░░░░░░░░░░░░░░░`: requests answered of all, in twenty steps.
    static func bar(_ batch: LLMBatch.Progress) -> String {
        let filled = batch.piecesTotal > 0 ? min(20, batch.piecesDone * 20 / batch.piecesTotal) : 0
        return String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
    }

    /// `1m 20s` from the pace so far; nil until a request is answered.
    static func timeLeft(_ progress: LLMProgress) -> String? {
        let done = progress.batch.piecesDone
        guard done > 0, done < progress.batch.piecesTotal else { return nil }
        let seconds = Int((progress.seconds / Double(done) * Double(progress.batch.piecesTotal - done)).rounded())
        return seconds >= 60 ? "\(seconds / 60)m \(seconds % 60)s" : "\(seconds)s"
    }
}
