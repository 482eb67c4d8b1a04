/// Asks a model about many notes with at most `concurrency` requests in flight, handing each note's result
/// back as soon as its last piece is answered, so a build can store it before the next one arrives.
///
/// A failure that stops everything (quota, a refused key) ends the batch at once: requests in flight are
/// cancelled and nothing more is sent. Cancelling the task that runs the batch (Ctrl-C) does the same.
/// Reaching `tokenLimit` sends nothing more but lets the requests in flight finish, since they are paid for.
public struct LLMBatch: Sendable {
    public var writer: LLMQuestionWriter
    public var concurrency: Int
    /// The model's context size in tokens, which bounds each piece of a long note.
    public var contextTokens: Int
    /// Tokens in and out, over every request, after which no new request is started (`--max-tokens`).
    public var tokenLimit: Int?

    public init(writer: LLMQuestionWriter, concurrency: Int, contextTokens: Int, tokenLimit: Int? = nil) {
        self.writer = writer
        self.concurrency = max(1, concurrency)
        self.contextTokens = contextTokens
        self.tokenLimit = tokenLimit
    }

    /// What became of one note.
    public struct Result: Sendable {
        public var path: String
        /// Valid questions, at most the job's count; some may have come even when a piece failed.
        public var questions: [Question]
        public var report: LLMWriteReport
        /// The first failure among the note's pieces; nil when every piece was answered.
        public var failure: LLMFailure?
    }

    /// How far the batch has got, for a progress display.
    public struct Progress: Sendable, Equatable {
        public var notesDone = 0
        public var notesTotal = 0
        /// Pieces answered (each one request, with its repairs and follow-up) and planned.
        public var piecesDone = 0
        public var piecesTotal = 0
        public var requestsInFlight = 0
        /// Tokens in and out of the pieces answered so far.
        public var usage = TokenUsage()
    }

    /// How the batch ended.
    public struct Ending: Sendable {
        /// The failure that stopped every request (quota, key), if one did.
        public var stoppedBy: LLMFailure?
        /// True when the batch was cancelled from outside (Ctrl-C).
        public var cancelled = false
        /// True when `tokenLimit` was reached and pieces were left unasked.
        public var reachedTokenLimit = false
        /// Notes no result was handed back for, in job order.
        public var unfinished: [String] = []
    }

    /// Runs `jobs`, calling `progress` whenever a piece starts or ends and `deliver` once per finished note.
    /// Both are called from the batch's own task, one at a time.
    public func run(_ jobs: [LLMJob], progress: (Progress) -> Void = { _ in },
                    deliver: (Result) -> Void) async -> Ending {
        let units = plan(jobs)
        var remaining = [Int](repeating: 0, count: jobs.count)
        for unit in units { remaining[unit.job] += 1 }
        var partial = jobs.map { Result(path: $0.path, questions: [], report: LLMWriteReport(), failure: nil) }
        var state = Progress(notesTotal: jobs.count, piecesTotal: units.count)
        var delivered = Set<Int>()
        var ending = Ending()

        // A note asked about in no piece (an empty body) is finished before any request.
        for index in jobs.indices where remaining[index] == 0 {
            delivered.insert(index)
            state.notesDone += 1
            deliver(partial[index])
        }
        progress(state)

        await withTaskGroup(of: (unit: Int, outcome: Swift.Result<([Question], LLMWriteReport), LLMFailure>).self) { group in
            var next = 0
            var ready: Result?
            while true {
                if let tokenLimit, next < units.count, state.usage.totalTokens >= tokenLimit { ending.reachedTokenLimit = true }
                while state.requestsInFlight < concurrency, next < units.count, ending.stoppedBy == nil, !ending.reachedTokenLimit,
                      !Task.isCancelled {
                    let position = next, unit = units[next], job = jobs[unit.job], writer = writer
                    group.addTask {
                        do throws(LLMFailure) {
                            let answer = try await writer.questions(title: job.title, lang: job.lang, markdown: unit.piece.markdown,
                                                                    count: unit.piece.count, part: unit.piece.part, parts: unit.piece.parts)
                            return (position, .success((answer.questions, answer.report)))
                        } catch {
                            return (position, .failure(error))
                        }
                    }
                    next += 1
                    state.requestsInFlight += 1
                    progress(state)
                }
                // Delivered after the freed slot is refilled, so storing a note never holds up the next request.
                if let finished = ready {
                    deliver(finished)
                    ready = nil
                }
                guard let (finished, outcome) = await group.next() else { break }
                state.requestsInFlight -= 1
                state.piecesDone += 1
                let index = units[finished].job
                switch outcome {
                case .success(let (questions, report)):
                    partial[index].questions += questions
                    partial[index].report = partial[index].report + report
                    state.usage = state.usage + report.usage
                case .failure(let failure):
                    partial[index].failure = partial[index].failure ?? failure
                    partial[index].report.requests += failure.counts.requests
                    partial[index].report.retries += failure.counts.retries
                    if failure.stopsEverything, ending.stoppedBy == nil {
                        ending.stoppedBy = failure
                        group.cancelAll()
                    }
                }
                remaining[index] -= 1
                if remaining[index] == 0, !delivered.contains(index) {
                    delivered.insert(index)
                    state.notesDone += 1
                    ready = Self.merged(partial[index], count: jobs[index].count)
                }
                progress(state)
            }
        }
        if Task.isCancelled { ending.cancelled = true }
        ending.unfinished = jobs.indices.filter { !delivered.contains($0) }.map { jobs[$0].path }
        return ending
    }

    /// Every note's pieces, one request each, in job order.
    private func plan(_ jobs: [LLMJob]) -> [(job: Int, piece: LLMJob.Piece)] {
        jobs.enumerated().flatMap { index, job in
            job.pieces(contextTokens: contextTokens, maxTokens: writer.maxTokens).map { (index, $0) }
        }
    }

    /// A note's pieces' questions without repeats, at most `count` of them.
    static func merged(_ result: Result, count: Int) -> Result {
        var seen = Set<String>()
        var merged = result
        merged.questions = Array(result.questions.filter { seen.insert(TextNormaliser.comparable($0.prompt)).inserted }.prefix(count))
        return merged
    }
}
