extension Builder {
    /// `llm` fitted to what a server named by URL says of its context and slots (llama.cpp, Ollama); the same
    /// settings for a provider's own API, which says nothing.
    func fittedToServer(_ llm: LLMSettings) -> LLMSettings {
        // Local servers: on this machine, or reached over plain http; a remote https API (OpenAI's, a router's) has
        // neither endpoint, and asking would cost two requests for nothing.
        guard llm.provider == .openai, let base = llm.baseURL, base.scheme?.lowercased() == "http" || LLMOverrides.isLoopback(base),
              !llm.contextIsSet || options.llm.concurrency == nil else { return llm }
        let model = llm.effectiveModel
        guard let limits = BlockingTask.run(cancelOnInterrupt: false, { await ServerLimits.read(base: base, model: model) }) else {
            return llm
        }
        return llm.fitted(to: limits, concurrencyGiven: options.llm.concurrency != nil)
    }

    /// With a model configured, asks it for every note without usable stored questions; `check` only judges the
    /// store by the model's standard. Without a key for a public API, says so and stays offline.
    func askModel(settings configured: LLMSettings, decks: [RenderedDeck], notes: [Note],
                  questions: inout DeckQuestions, summary: inout BuildSummary) throws(Diagnostic) {
        guard configured.provider != .offline else { return }
        let llm = configured
        if options.llm.dryRun {
            questions.freshness = .madeBy(llm.identity)
            questions.model = llm.identity
            questions.retryFailed = options.llm.retryFailed
            let (jobs, _) = modelJobs(decks: decks, notes: notes, questions: questions)
            summary.llmEstimate = LLMEstimate(jobs, settings: jobs.isEmpty ? llm : fittedToServer(llm))
            return
        }
        if questions.mode == .check {
            questions.freshness = .madeBy(llm.identity)
            return
        }
        let variable = llm.effectiveKeyVariable ?? ""
        let key = llm.sendsKey ? options.environment[variable] ?? "" : ""
        // Local servers (llama.cpp, Ollama, vLLM) take no key; a public API without one would refuse every request.
        if key.isEmpty && llm.baseURL == nil {
            summary.diagnostics.append(.warning(
                "`\(variable)` is not set, so \(llm.provider.rawValue) cannot be asked; questions come from the offline generator. Expected the API key in that environment variable, or `--offline`",
                path: "deckgen.yml"))
            return
        }
        questions.freshness = .madeBy(llm.identity)
        questions.model = llm.identity
        questions.retryFailed = options.llm.retryFailed
        let (jobs, hashes) = modelJobs(decks: decks, notes: notes, questions: questions)
        // Only a build with something to ask reads the server's limits. The identity keeps the configured context:
        // answers are as good whatever the context they were cut for.
        let step = LLMQuestionStep(settings: jobs.isEmpty ? llm : fittedToServer(llm), key: key, mode: questions.mode, store: questions.store,
                                   handlesInterrupt: options.handlesInterrupt, tokenLimit: options.llm.tokenLimit, progress: llmProgress)
        var outcome: LLMQuestionStep.Outcome
        if options.llm.batch && llm.provider == .openai && questions.mode == .build {
            outcome = step.runAsBatch(jobs, hashes: hashes)
        } else {
            if options.llm.batch {
                summary.diagnostics.append(.warning("--batch speaks OpenAI's Batch API: \(llm.provider.rawValue) is asked directly\(questions.mode == .build ? "" : ", as an export or check always is")",
                                                    path: "deckgen.yml"))
            }
            outcome = step.run(jobs, hashes: hashes)
        }
        keepOfflineWhereTheyAreMore(jobs, decks: decks, notes: notes, questions: questions, outcome: &outcome)
        questions.prepared = outcome.prepared
        questions.failedByModel = outcome.failed
        summary.diagnostics += outcome.diagnostics
        summary.llm = outcome.usage
        // Notes that fell back to the offline generator are asked again next build, which must not be skipped.
        if outcome.usage.notesFellBack > 0 { summary.complete = false }
        if outcome.interrupted {
            summary.interrupted = true
            let kept = questions.mode == .build ? "the questions of \(outcome.prepared.count) notes answered before it are stored; " : ""
            throw .error("interrupted while asking \(llm.provider.rawValue) for questions; \(kept)the site was not changed",
                         path: options.content.path)
        }
    }

    /// What the model is asked about: every note without usable stored questions, and each one's source hash.
    private func modelJobs(decks: [RenderedDeck], notes: [Note], questions: DeckQuestions) -> ([LLMJob], [String: String]) {
        var jobs = [LLMJob]()
        var hashes = [String: String]()
        // A kept deck's stored questions are unchanged since a build that used them.
        for (deck, note) in zip(decks, notes) where !deck.isKept {
            guard let count = questions.missingCount(for: deck, note: note) else { continue }
            jobs.append(LLMJob(path: note.path, title: deck.title, lang: deck.lang, markdown: note.body, count: count))
            hashes[note.path] = note.sourceHash
        }
        return (jobs, hashes)
    }

    /// A model's questions replace the offline generator's only when at least as many pass: fewer is a failure,
    /// recorded as one, so the note keeps its offline questions and is asked again after the wait (or --retry-failed).
    /// Only notes the model left short are generated offline to compare.
    private func keepOfflineWhereTheyAreMore(_ jobs: [LLMJob], decks: [RenderedDeck], notes: [Note], questions: DeckQuestions,
                                             outcome: inout LLMQuestionStep.Outcome) {
        let index = Dictionary(notes.indices.map { (notes[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        for job in jobs {
            guard let entry = outcome.prepared[job.path], entry.questions.count < job.count, let at = index[job.path] else { continue }
            let offline = questions.generatorCount(for: decks[at], note: notes[at], count: job.count)
            guard offline > entry.questions.count else { continue }
            outcome.prepared[job.path] = nil
            outcome.failed.insert(job.path)
            outcome.usage.questionsKept -= entry.questions.count
            for note in outcome.usage.notes.indices where outcome.usage.notes[note].path == job.path {
                outcome.usage.notes[note].questions = 0
            }
            outcome.usage.notesFellBack += 1
            outcome.diagnostics.append(.warning(
                "the model's \(entry.questions.count) valid questions are fewer than the offline generator's \(offline); the offline ones are kept, and the model is asked again in a day (or with --retry-failed)",
                path: job.path))
        }
    }
}
