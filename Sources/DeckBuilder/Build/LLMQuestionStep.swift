import Foundation

/// The model's share of a build: asks for the questions of every note that has none usable stored, at most
/// `concurrency` requests at once, and stores each note's questions the moment they arrive, so an
/// interrupted build loses nothing already answered. Notes the model gave nothing for are left to the
/// offline generator, and the summary says so.
struct LLMQuestionStep {
    let settings: LLMSettings
    let key: String
    let mode: DeckQuestions.Mode
    let store: QuestionStore
    /// Cancel the requests on Ctrl-C (the command line); tests leave signals alone.
    let handlesInterrupt: Bool
    /// `--max-tokens`: no request is started once this many tokens were spent.
    var tokenLimit: Int?
    let progress: @Sendable (LLMProgress) -> Void

    /// What the step leaves for the rest of the build.
    struct Outcome {
        /// The entries made, by note path.
        var prepared: [String: QuestionStoreEntry] = [:]
        var diagnostics: [Diagnostic] = []
        var usage: LLMUsage
        var interrupted = false
        /// Notes left without questions because a failure stopped every request.
        var stoppedNotes = 0
        /// Notes the model failed on by itself (not stopped, not interrupted): recorded so the next build waits a day.
        var failed: Set<String> = []
    }

    /// Asks for `jobs`; `hashes` gives each note's source hash for the store. When a server refuses notes as longer
    /// than its context and names it (llama-cpp-python's default is 2,048 tokens, against the 8,192 assumed), those
    /// notes are cut again to fit and asked again; refused again at that context (a tokenizer that spends more tokens
    /// on the text than deckgen counts, as small models' do on Chinese), into pieces a quarter smaller each time.
    func run(_ jobs: [LLMJob], hashes: [String: String]) -> Outcome {
        let identity = settings.identity
        let state = LockedBox(Outcome(usage: LLMUsage(generator: identity)))
        state.withLock { $0.usage.notesAsked = jobs.count }
        guard !jobs.isEmpty else { return state.withLock { $0 } }

        let retries = LockedBox(0)
        let started = ContinuousClock.now
        let progress = progress
        var context = settings.contextTokens
        var asked = jobs
        // What each server took of the JSON modes holds for every round, not only the first.
        let memory = JSONModeMemory()
        while true {
            let tooLong = LockedBox([String: (result: LLMBatch.Result, context: Int)]())
            // The limit is the build's: what earlier rounds spent counts against it.
            let spent = state.withLock { $0.usage.promptTokens + $0.usage.completionTokens }
            let batch = LLMBatch(writer: writer(countingRetriesIn: retries, contextTokens: context, memory: memory), concurrency: settings.concurrency,
                                 contextTokens: context, tokenLimit: tokenLimit.map { max(0, $0 - spent) })
            let round = context, jobsThisRound = asked
            let ending = BlockingTask.run(cancelOnInterrupt: handlesInterrupt) {
                await batch.run(jobsThisRound, progress: { batchProgress in
                    let elapsed = ContinuousClock.now - started
                    progress(LLMProgress(generator: identity, batch: batchProgress, retries: retries.withLock { $0 },
                                         seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
                }, deliver: { result in
                    if result.questions.isEmpty, let failure = result.failure, !failure.stopsEverything,
                       let limit = ContextOverflow.limit(in: failure.message) {
                        tooLong.withLock { $0[result.path] = (result, limit) }
                        return
                    }
                    state.withLock { keep(result, hash: hashes[result.path] ?? "", identity: identity, into: &$0) }
                })
            }
            let refused = tooLong.withLock { $0 }
            let named = refused.values.map(\.context).min()
            let next = named.map { $0 < round ? $0 : round * 3 / 4 }
            guard let named, let next, next >= Self.smallestContext, !ending.cancelled, ending.stoppedBy == nil,
                  !ending.reachedTokenLimit else {
                return state.withLock { outcome in
                    for (path, entry) in refused.sorted(by: { $0.key < $1.key }) {
                        keep(entry.result, hash: hashes[path] ?? "", identity: identity, into: &outcome)
                    }
                    finish(ending, into: &outcome)
                    return outcome
                }
            }
            state.withLock { outcome in
                for entry in refused.values { outcome.usage.add(entry.result.report) }
                if named < round {
                    outcome.diagnostics.append(.warning(
                        "the server's context is \(named) tokens, less than the \(round) assumed: \(refused.count) note\(refused.count == 1 ? " was" : "s were") cut again to fit and asked again; expected `--context \(named)` (or `context: \(named)` under `llm:` in deckgen.yml), which saves the refused requests",
                        path: "deckgen.yml"))
                }
            }
            context = next
            asked = jobs.filter { refused[$0.path] != nil }
        }
    }

    /// How long one request to a server on this machine may take.
    static let localTimeout = Duration.seconds(600)

    /// Below this, a note is not cut smaller again: the prompt alone takes most of it.
    static let smallestContext = 1024

    func writer(countingRetriesIn retries: LockedBox<Int>, contextTokens: Int? = nil,
                memory: JSONModeMemory = JSONModeMemory()) -> LLMQuestionWriter {
        let provider: LLMQuestionWriter.Provider = settings.provider == .gemini ? .gemini : .openai
        let policy = RetryPolicy(keyVariable: settings.effectiveKeyVariable ?? "the API key variable")
        // A server on this machine queues what it cannot answer at once (llama-cpp-python answers one request at a
        // time and says nothing of it): a request given up on after two minutes would only be generated twice.
        let local = settings.baseURL.map(LLMOverrides.isLoopback) ?? false
        let client = HTTPClient(timeout: local ? Self.localTimeout : .seconds(120), policy: policy,
                                onRetry: { _ in retries.withLock { $0 += 1 } })
        let answer = LLMJob.answerTokens(contextTokens: contextTokens ?? settings.contextTokens, maxTokens: settings.maxTokens)
        var writer = LLMQuestionWriter(provider: provider, model: settings.effectiveModel, key: key, baseURL: settings.baseURL,
                                       maxTokens: answer, client: client, memory: memory)
        writer.reasoningEffort = settings.reasoningEffort
        writer.apiVersion = settings.apiVersion
        writer.extraHeaders = settings.headers
        return writer
    }

    /// Records one note's result, storing its questions at once in a build.
    func keep(_ result: LLMBatch.Result, hash: String, identity: GeneratorIdentity, into outcome: inout Outcome) {
        outcome.usage.add(result.report)
        let path = result.path
        outcome.usage.notes.append(LLMUsage.NoteUsage(path: path, requests: result.report.requests,
                                                      promptTokens: result.report.usage.promptTokens,
                                                      completionTokens: result.report.usage.completionTokens,
                                                      questions: result.questions.count))
        // A runaway model can repeat one bad question thousands of times: name a few, count the rest.
        let shown = 5
        if result.report.dropped.count > shown {
            outcome.diagnostics.append(.warning("\(result.report.dropped.count - shown) more questions were dropped after \(result.report.repairs) repairs",
                                                path: path))
        }
        for dropped in result.report.dropped.prefix(shown) {
            outcome.diagnostics.append(.warning(dropped.prompt == nil
                ? "the model's answer was unusable after \(result.report.repairs) repairs: \(dropped.reasons.joined(separator: "; ")); expected JSON questions that pass the validator"
                : "dropped after \(result.report.repairs) repairs: question \(dropped)",
                path: path))
        }
        for refusal in result.report.refusals {
            outcome.diagnostics.append(.warning("the model refused to write questions: \(refusal)", path: path))
        }
        if let failure = result.failure, !failure.stopsEverything, failure.kind != .cancelled {
            let rest = result.questions.isEmpty
                ? "questions came from the offline generator, and the model is not asked about this note again for a day (or until --retry-failed)"
                : "kept \(result.questions.count) questions from the parts that were answered"
            if result.questions.isEmpty { outcome.failed.insert(path) }
            outcome.diagnostics.append(.warning("\(failure.message); \(rest)", path: path))
        }
        guard !result.questions.isEmpty else {
            if result.failure == nil {
                outcome.failed.insert(path)
                if result.report.refusals.isEmpty {
                    outcome.diagnostics.append(.warning("the model gave no valid question; questions came from the offline generator, and the model is not asked about this note again for a day (or until --retry-failed)",
                                                        path: path))
                }
            }
            outcome.usage.notesFellBack += 1
            // Requests cancelled because another one hit the quota belong to that stop, not to Ctrl-C.
            if let failure = result.failure, failure.stopsEverything || failure.kind == .cancelled { outcome.stoppedNotes += 1 }
            return
        }
        let entry = QuestionStoreEntry(source: path, sourceHash: hash, identity: identity, questions: result.questions)
        outcome.usage.questionsKept += result.questions.count
        outcome.prepared[path] = entry
        guard mode == .build else { return }
        do throws(Diagnostic) {
            try store.save(entry)
        } catch {
            outcome.diagnostics.append(error)
        }
    }

    private func finish(_ ending: LLMBatch.Ending, into outcome: inout Outcome) {
        outcome.usage.notesFellBack += ending.unfinished.count
        if ending.cancelled {
            outcome.interrupted = true
            return
        }
        if ending.reachedTokenLimit, let tokenLimit {
            let rest = ending.unfinished.count
            outcome.diagnostics.append(.warning(
                "stopped asking at the token limit: \(outcome.usage.promptTokens + outcome.usage.completionTokens) tokens spent of --max-tokens \(tokenLimit). \(rest) note\(rest == 1 ? "" : "s") got questions from the offline generator instead, and will be asked for again on the next build",
                path: "deckgen.yml"))
        }
        if let stop = ending.stoppedBy {
            let rest = outcome.stoppedNotes + ending.unfinished.count
            outcome.diagnostics.append(.warning(
                "\(stop.message). \(rest) note\(rest == 1 ? "" : "s") got questions from the offline generator instead, and will be asked for again on the next build",
                path: "deckgen.yml"))
        }
    }
}
