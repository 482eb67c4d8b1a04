import Foundation

/// `--batch`: the model's share of a build through OpenAI's Batch API, at half the price and within a day. A build
/// collects the answers of a batch that is done (each checked as strictly as a direct answer; repairs and
/// follow-ups are asked directly), then submits the notes still without questions as a new batch and records it in
/// `.deckgen/llm-batch.json`. Until their answers are collected, notes get offline questions and the build says so.
extension LLMQuestionStep {
    func runAsBatch(_ jobs: [LLMJob], hashes: [String: String]) -> Outcome {
        let identity = settings.identity
        var outcome = Outcome(usage: LLMUsage(generator: identity))
        outcome.usage.notesAsked = jobs.count
        let folder = store.contentFolder
        let pending: PendingBatch?
        do throws(Diagnostic) {
            pending = try PendingBatch.read(contentFolder: folder)
        } catch {
            outcome.diagnostics.append(error)
            outcome.usage.notesFellBack = jobs.count
            return outcome
        }
        guard pending != nil || !jobs.isEmpty else { return outcome }
        let api = OpenAIBatchAPI(writer: writer(countingRetriesIn: LockedBox(0)))
        let answered = LockedBox(outcome)
        let step = self
        BlockingTask.run(cancelOnInterrupt: handlesInterrupt) {
            var outcome = answered.withLock { $0 }
            await step.batchRound(jobs, hashes: hashes, pending: pending, api: api, into: &outcome)
            answered.withLock { $0 = outcome }
        }
        outcome = answered.withLock { $0 }
        return outcome
    }

    /// Collects `pending` if it is done, then submits what is left; whatever fails is said, and its notes fall back.
    private func batchRound(_ jobs: [LLMJob], hashes: [String: String], pending: PendingBatch?, api: OpenAIBatchAPI,
                            into outcome: inout Outcome) async {
        let identity = settings.identity
        let folder = store.contentFolder
        var counts = RequestCounts()
        do throws(LLMFailure) {
            if let pending {
                if pending.generator != identity.line {
                    outcome.diagnostics.append(.warning("batch \(pending.id) asked another model (\(pending.generator)); it is forgotten, and its notes are asked again",
                                                        path: PendingBatch.relativePath))
                    PendingBatch.remove(contentFolder: folder)
                } else {
                    let status = try await api.status(pending.id, counts: &counts)
                    if status.isPending {
                        let notes = Set(pending.pieces.map(\.path)).count
                        outcome.diagnostics.append(.warning(
                            "batch \(pending.id) is \(status.state.replacingOccurrences(of: "_", with: " ")) (\(status.done) of \(status.total) requests answered); its \(notes) notes, and any others without questions, get offline questions until a later build collects it",
                            path: PendingBatch.relativePath))
                        outcome.usage.notesFellBack = jobs.count
                        return
                    }
                    try await collect(pending, status: status, jobs: jobs, hashes: hashes, api: api, into: &outcome)
                    PendingBatch.remove(contentFolder: folder)
                }
            }
            let left = jobs.filter { outcome.prepared[$0.path] == nil && !outcome.failed.contains($0.path) }
            guard !left.isEmpty else { return }
            outcome.usage.notesFellBack += left.count
            guard mode == .build else { return }
            try await submit(left, hashes: hashes, api: api, into: &outcome)
        } catch {
            if error.kind == .cancelled { outcome.interrupted = true }
            outcome.diagnostics.append(.warning("\(error.message); notes without stored questions get offline questions, and the next build tries the Batch API again",
                                                path: PendingBatch.relativePath))
            outcome.usage.notesFellBack = jobs.count - outcome.prepared.count
        }
    }

    /// Reads the answers of a finished batch into `outcome`, note by note, for notes whose text is as submitted.
    private func collect(_ pending: PendingBatch, status: OpenAIBatchAPI.Status, jobs: [LLMJob], hashes: [String: String],
                         api: OpenAIBatchAPI, into outcome: inout Outcome) async throws(LLMFailure) {
        var counts = RequestCounts()
        var answers = [String: Data]()
        if let file = status.outputFile { answers = try await api.answers(inFile: file, counts: &counts) }
        if status.state != "completed" {
            outcome.diagnostics.append(.warning("batch \(pending.id) \(status.state) with \(answers.count) of \(pending.pieces.count) answers; the notes without one are asked again",
                                                path: PendingBatch.relativePath))
        }
        let identity = settings.identity
        let writer = api.writer
        for job in jobs {
            let recorded = pending.pieces.filter { $0.path == job.path }
            let pieces = job.pieces(contextTokens: settings.contextTokens, maxTokens: writer.maxTokens)
            // Only a note whose text and cut are as submitted, and whose every piece was answered.
            guard !recorded.isEmpty, recorded.allSatisfy({ $0.sourceHash == hashes[job.path] }), recorded.count == pieces.count,
                  recorded.allSatisfy({ answers[$0.id] != nil }) else { continue }
            var result = LLMBatch.Result(path: job.path, questions: [], report: LLMWriteReport(), failure: nil)
            for (piece, record) in zip(pieces, recorded) {
                guard let body = answers[record.id] else { continue }
                do throws(LLMFailure) {
                    let answer = try await writer.questions(title: job.title, lang: job.lang, markdown: piece.markdown, count: piece.count,
                                                            part: piece.part, parts: piece.parts, answeredBy: body)
                    result.questions += answer.questions
                    result.report = result.report + answer.report
                } catch {
                    if error.stopsEverything { throw error }
                    result.failure = result.failure ?? error
                }
                result.report.requests += 1
            }
            keep(LLMBatch.merged(result, count: job.count), hash: hashes[job.path] ?? "", identity: identity, into: &outcome)
        }
    }

    /// Submits `jobs` as one batch and records it.
    private func submit(_ jobs: [LLMJob], hashes: [String: String], api: OpenAIBatchAPI,
                        into outcome: inout Outcome) async throws(LLMFailure) {
        var lines = [OpenAIBatchAPI.Line]()
        var pieces = [PendingBatch.Piece]()
        for job in jobs {
            for piece in job.pieces(contextTokens: settings.contextTokens, maxTokens: api.writer.maxTokens) {
                let id = "\(job.path)#\(piece.part)"
                lines.append(OpenAIBatchAPI.Line(id: id, body: api.writer.firstRequestBody(
                    title: job.title, lang: job.lang, markdown: piece.markdown, count: piece.count, part: piece.part, parts: piece.parts)))
                pieces.append(PendingBatch.Piece(id: id, path: job.path, sourceHash: hashes[job.path] ?? "", part: piece.part,
                                                 parts: piece.parts, count: piece.count))
            }
        }
        guard !lines.isEmpty else { return }
        var counts = RequestCounts()
        let id = try await api.submit(lines, counts: &counts)
        do throws(Diagnostic) {
            try PendingBatch(id: id, generator: settings.identity.line, submitted: Date(), pieces: pieces).write(contentFolder: store.contentFolder)
        } catch {
            outcome.diagnostics.append(error)
            return
        }
        outcome.diagnostics.append(.warning(
            "submitted batch \(id) to the Batch API: \(lines.count) requests for \(jobs.count) notes, which get offline questions until a later build collects the answers (usually within hours, at most 24)",
            path: PendingBatch.relativePath))
    }
}
