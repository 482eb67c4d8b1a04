import Foundation

/// Gathers a deck's questions: the note's own quiz blocks, then stored or freshly generated ones,
/// every one validated and shuffled before it can reach a page.
struct DeckQuestions: Sendable {
    /// `build` makes and stores missing or stale questions; `export` makes them without storing; `check` only reports them.
    enum Mode: Sendable {
        case build
        case export
        case check
    }

    /// Which stored questions may be used as they are when the note they came from is unchanged.
    enum Freshness: Sendable {
        /// Only those made by exactly this generator: a build with a model asks it again for anything else.
        case madeBy(GeneratorIdentity)
        /// Those made by any model, or by this (offline) generator in its current version: an offline build
        /// keeps what a model wrote, which it could not make again.
        case madeByAnyModelOr(GeneratorIdentity)

        func accepts(_ made: GeneratorIdentity) -> Bool {
            switch self {
            case .madeBy(let wanted): made == wanted
            case .madeByAnyModelOr(let offline): made == offline || !made.isOffline
            }
        }
    }

    /// How many questions a note gets when its front matter does not say: five for a card or a short note, then
    /// one more for every 250 words past 1,250, up to 40, so a chapter gets a chapter's worth. Chinese and Japanese
    /// characters count as half a word each. The generator may find fewer facts worth asking.
    static func defaultCount(forText text: String) -> Int {
        var words = 0, ideographs = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if QuestionValidator.isIdeographicOrKana(scalar) {
                ideographs += 1
                inWord = false
            } else if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if !inWord { words += 1 }
                inWord = true
            } else {
                inWord = false
            }
        }
        return min(40, max(5, 5 + (words + ideographs / 2 - 1_250) / 250))
    }

    let store: QuestionStore
    /// Writes what is neither stored nor prepared: the offline generator, or whatever a test gives.
    let generator: any QuestionGenerator
    let mode: Mode
    var freshness: Freshness
    /// Entries a model wrote during this run, by note path; an export holds them here instead of in the store.
    var prepared: [String: QuestionStoreEntry] = [:]
    /// Where generated entries wait to be put in place together (synced first unless the offline generator made
    /// them), when the build collects them so.
    var staging: StagedFiles?
    /// The rules for the note's own quiz blocks, which its author vouches for.
    let validator = QuestionValidator()
    /// The model a build asks, when it asks one: a note it failed on within `failureWait` is not asked again.
    var model: GeneratorIdentity?
    /// Notes the model failed on in this build; their offline questions record the attempt.
    var failedByModel: Set<String> = []
    /// `--retry-failed`: recorded failures do not hold a note back.
    var retryFailed = false
    /// How long a model's failure on a note keeps it from being asked again; ``--retry-failed`` cuts it short.
    static let failureWait: TimeInterval = 86_400
    let now = Date()

    init(store: QuestionStore, generator: any QuestionGenerator, mode: Mode, freshness: Freshness? = nil) {
        self.store = store
        self.generator = generator
        self.mode = mode
        self.freshness = freshness ?? .madeByAnyModelOr(generator.identity)
    }

    /// How many questions must be written for this note because none usable are stored; nil when none must.
    func missingCount(for deck: RenderedDeck, note: Note) -> Int? {
        var ignored = [Diagnostic]()
        let count = wantedCount(note) - handWritten(for: deck, note: note, into: &ignored).count
        guard count > 0, prepared[note.path] == nil else { return nil }
        if case .success(let entry?) = store.entry(forNote: note.path), isUsable(entry, for: note) { return nil }
        return count
    }

    /// A deck's questions in page order, what went wrong on the way, and whether they stand in for a model's.
    struct Gathered {
        var questions: [Question]
        var diagnostics: [Diagnostic]
        /// The note's offline questions stand in for the model's because it failed on this text (now or before): its
        /// deck is then never kept as it is, so a later build looks at it again and asks once the wait is over.
        var isHeldBackByModel: Bool
    }

    /// The deck's questions in page order, and what went wrong on the way.
    func questions(for deck: RenderedDeck, note: Note) -> Gathered {
        var diagnostics = [Diagnostic]()
        var heldBack = false
        let handWritten = handWritten(for: deck, note: note, into: &diagnostics)
        let wanted = wantedCount(note)
        var generated = [Question]()
        if wanted > handWritten.count {
            generated = storedOrGenerated(for: deck, note: note, count: wanted - handWritten.count,
                                          heldBack: &heldBack, into: &diagnostics)
            if case .count(let asked) = note.frontMatter.questions, mode != .check, handWritten.count + generated.count < asked {
                let made = handWritten.count + generated.count
                diagnostics.append(.warning(prepared[note.path] == nil
                    ? "asked for \(asked) questions, made \(made): the note has no more facts to ask about; expected more definitions, tables or quiz blocks, or a smaller `questions:`"
                    : "asked for \(asked) questions, \(made) passed the validator (the model's others were dropped or cut off); expected a smaller `questions:`, a larger `max_tokens`, or another build to ask again after editing the note",
                    path: note.path))
            }
        }
        return Gathered(questions: (handWritten + generated).map(QuestionShuffler.shuffled), diagnostics: diagnostics,
                        isHeldBackByModel: heldBack)
    }

    /// The note's own quiz-block questions that pass the validator.
    private func handWritten(for deck: RenderedDeck, note: Note, into diagnostics: inout [Diagnostic]) -> [Question] {
        var questions = [Question]()
        for block in deck.quizBlocks {
            let parsed = QuizBlockParser(origin: .handWritten).parse(block.text, firstLine: block.firstLine + note.bodyFirstLine - 1)
            diagnostics += parsed.errors.map { $0.located(in: note.path) }
            questions += parsed.questions
        }
        return questions.filter { passes($0, by: validator, path: note.path, into: &diagnostics) }
    }

    private func wantedCount(_ note: Note) -> Int {
        switch note.frontMatter.questions {
        case .none: 0
        case .count(let count): count
        case .automatic: Self.defaultCount(forText: note.body)
        }
    }

    /// Whether a stored entry may be shown as it is: a person vouched for it, or it is current.
    private func isUsable(_ entry: QuestionStoreEntry, for note: Note) -> Bool {
        // The hand-edit check prints every question again to hash it: asked last, when the cheap tests fail.
        entry.pinned || (entry.sourceHash == note.sourceHash && freshness.accepts(entry.identity)) || entry.isEditedByHand
            || failedRecently(entry, for: note)
    }

    /// The failure the entry records of the model this build asks, on this very text.
    private func recordedFailure(in entry: QuestionStoreEntry, for note: Note) -> QuestionStoreEntry.ModelFailure? {
        guard let model, let failure = entry.modelFailure, entry.sourceHash == note.sourceHash,
              failure.identity == model.line else { return nil }
        return failure
    }

    /// Whether the model this build asks failed on this very text less than `failureWait` ago: its entry then
    /// stands, and the note is not asked about (nor billed) again on every build.
    private func failedRecently(_ entry: QuestionStoreEntry, for note: Note) -> Bool {
        guard !retryFailed, let failure = recordedFailure(in: entry, for: note) else { return false }
        return now.timeIntervalSince(failure.at) < Self.failureWait
    }

    private func storedOrGenerated(for deck: RenderedDeck, note: Note, count: Int, heldBack: inout Bool,
                                   into diagnostics: inout [Diagnostic]) -> [Question] {
        let storePath = QuestionStore.path(forNote: note.path)
        if let entry = prepared[note.path] {
            return entry.questions.filter(generatedValidator(for: note).isValid)
        }
        switch store.entry(forNote: note.path) {
        case .failure(let problems):
            diagnostics += problems.diagnostics
            return []
        // An entry of a note the model failed on in this build is not used: it is its short answer (see
        // `Builder.keepOfflineWhereTheyAreMore`), or an older entry the model was asked to replace.
        case .success(let entry?) where !failedByModel.contains(note.path) && isUsable(entry, for: note):
            heldBack = recordedFailure(in: entry, for: note) != nil
            if entry.source != note.path {
                diagnostics.append(.warning("`source: \(entry.source)` names another note; expected `source: \(note.path)`",
                                            path: storePath, line: 4))
            }
            if entry.sourceHash != note.sourceHash && (entry.pinned || entry.isEditedByHand) {
                let why = entry.pinned ? "pinned questions were" : "questions edited by hand were kept, but they were"
                diagnostics.append(.warning(
                    "\(why) made from an earlier version of \(note.path); expected a review of them, then `source-sha256: \(note.sourceHash)` in the header",
                    path: storePath))
            }
            // Questions a person vouched for are theirs to judge, unsure words or not.
            let rules = note.unsureWords.isEmpty || entry.pinned || entry.isEditedByHand ? validator : generatedValidator(for: note)
            return entry.questions.filter { passes($0, by: rules, path: storePath, into: &diagnostics) }
        case .success(let entry):
            guard mode != .check else {
                diagnostics.append(entry == nil
                    ? .error("no stored questions for this note; expected `deckgen build` to make them", path: note.path)
                    : .error("stored questions are stale (the note or the generator changed since they were made); expected `deckgen build` to remake them, or `pinned: true` to keep them",
                             path: storePath))
                return []
            }
        }
        heldBack = model != nil && failedByModel.contains(note.path)
        return generate(for: deck, note: note, count: count, into: &diagnostics)
    }

    /// How many of `count` questions the generator (not the model) makes for the note that pass the validator.
    func generatorCount(for deck: RenderedDeck, note: Note, count: Int) -> Int {
        (try? generated(for: deck, note: note, count: count).questions.count) ?? 0
    }

    /// The generator's questions for the note that pass the validator, and how many it made in all.
    private func generated(for deck: RenderedDeck, note: Note, count: Int) throws(Diagnostic) -> (questions: [Question], made: Int) {
        var request = GenerationRequest(notePath: note.path, title: deck.title, lang: deck.lang, count: count,
                                        markdown: note.body, outline: deck.outline)
        request.unsureWords = note.unsureWords
        let made = try generator.questions(for: request)
        // The validator is the last word, whatever the generator promises; only one that ran it already is spared.
        return (generator.validatesItsQuestions ? made : made.filter(generatedValidator(for: note).isValid), made.count)
    }

    /// The rules for questions made from the note rather than written in it: no choice may hold a word the scan's
    /// reading was unsure of.
    private func generatedValidator(for note: Note) -> QuestionValidator {
        var rules = validator
        rules.unsureWords = note.unsureWords
        return rules
    }

    private func generate(for deck: RenderedDeck, note: Note, count: Int,
                          into diagnostics: inout [Diagnostic]) -> [Question] {
        do throws(Diagnostic) {
            let (questions, made) = try generated(for: deck, note: note, count: count)
            if questions.count < made {
                diagnostics.append(.warning("\(made - questions.count) generated questions failed validation and were dropped",
                                            path: note.path))
            }
            // An export reports what a build would show but leaves the content folder as it is.
            if mode == .build {
                var entry = QuestionStoreEntry(source: note.path, sourceHash: note.sourceHash, identity: generator.identity,
                                               questions: questions)
                if let model, failedByModel.contains(note.path) {
                    entry.modelFailure = QuestionStoreEntry.ModelFailure(at: now, identity: model.line)
                }
                try store.save(entry, staging: staging)
            }
            return questions
        } catch {
            diagnostics.append(error.path.isEmpty ? error.located(in: note.path) : error)
            return []
        }
    }

    /// True when `question` may be shown; its problems are added to `diagnostics` at its line.
    private func passes(_ question: Question, by validator: QuestionValidator, path: String, into diagnostics: inout [Diagnostic]) -> Bool {
        let problems = validator.problems(in: question)
        for problem in problems {
            diagnostics.append(Diagnostic(problem.severity, "question \"\(question.prompt.prefix(50))\": \(problem.message)",
                                          path: path, line: question.line))
        }
        return !problems.contains { $0.severity == .error }
    }
}
