/// Gathers a deck's questions: the note's own quiz blocks, then stored or freshly generated ones,
/// every one validated and shuffled before it can reach a page.
struct DeckQuestions: Sendable {
    /// `build` makes and stores missing or stale questions; `export` makes them without storing; `check` only reports them.
    enum Mode: Sendable {
        case build
        case export
        case check
    }

    /// How many questions a note gets when its front matter does not say.
    static let defaultCount = 5

    let store: QuestionStore
    let generator: any QuestionGenerator
    let mode: Mode
    let validator = QuestionValidator()

    /// The deck's questions in page order, and what went wrong on the way.
    func questions(for deck: RenderedDeck, note: Note, siblings: [NoteOutline]) -> ([Question], [Diagnostic]) {
        var diagnostics = [Diagnostic]()
        var handWritten = [Question]()
        for block in deck.quizBlocks {
            let parsed = QuizBlockParser(origin: .handWritten).parse(block.text, firstLine: block.firstLine + note.bodyFirstLine - 1)
            diagnostics += parsed.errors.map { $0.located(in: note.path) }
            handWritten += parsed.questions
        }
        handWritten = handWritten.filter { passes($0, path: note.path, into: &diagnostics) }
        let wanted = switch note.frontMatter.questions {
        case .none: 0
        case .count(let count): count
        case .automatic: Self.defaultCount
        }
        var generated = [Question]()
        if wanted > handWritten.count {
            generated = storedOrGenerated(for: deck, note: note, count: wanted - handWritten.count,
                                          siblings: siblings, into: &diagnostics)
            if case .count(let asked) = note.frontMatter.questions, mode != .check, handWritten.count + generated.count < asked {
                diagnostics.append(.warning(
                    "asked for \(asked) questions, made \(handWritten.count + generated.count): the note has no more facts to ask about; expected more definitions, tables or quiz blocks, or a smaller `questions:`",
                    path: note.path))
            }
        }
        return ((handWritten + generated).map(QuestionShuffler.shuffled), diagnostics)
    }

    private func storedOrGenerated(for deck: RenderedDeck, note: Note, count: Int, siblings: [NoteOutline],
                                   into diagnostics: inout [Diagnostic]) -> [Question] {
        let storePath = QuestionStore.path(forNote: note.path)
        switch store.entry(forNote: note.path) {
        case .failure(let problems):
            diagnostics += problems.diagnostics
            return []
        case .success(let entry?) where entry.pinned || entry.isEditedByHand
                || entry.isCurrent(sourceHash: note.sourceHash, generator: generator):
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
            return entry.questions.filter { passes($0, path: storePath, into: &diagnostics) }
        case .success(let entry):
            guard mode != .check else {
                diagnostics.append(entry == nil
                    ? .error("no stored questions for this note; expected `deckgen build` to make them", path: note.path)
                    : .error("stored questions are stale (the note or the generator changed since they were made); expected `deckgen build` to remake them, or `pinned: true` to keep them",
                             path: storePath))
                return []
            }
        }
        return generate(for: deck, note: note, count: count, siblings: siblings, into: &diagnostics)
    }

    private func generate(for deck: RenderedDeck, note: Note, count: Int, siblings: [NoteOutline],
                          into diagnostics: inout [Diagnostic]) -> [Question] {
        let request = GenerationRequest(notePath: note.path, title: deck.title, lang: deck.lang, count: count,
                                        markdown: note.body, outline: deck.outline, siblings: siblings)
        do throws(Diagnostic) {
            let made = try generator.questions(for: request)
            // The validator is the last word, whatever the generator promises.
            let questions = made.filter(validator.isValid)
            if questions.count < made.count {
                diagnostics.append(.warning("\(made.count - questions.count) generated questions failed validation and were dropped",
                                            path: note.path))
            }
            // An export reports what a build would show but leaves the content folder as it is.
            if mode == .build {
                try store.save(QuestionStoreEntry(
                    source: note.path, sourceHash: note.sourceHash, generator: generator.name, model: generator.model,
                    promptVersion: generator.promptVersion, questions: questions))
            }
            return questions
        } catch {
            diagnostics.append(error.path.isEmpty ? error.located(in: note.path) : error)
            return []
        }
    }

    /// True when `question` may be shown; its problems are added to `diagnostics` at its line.
    private func passes(_ question: Question, path: String, into diagnostics: inout [Diagnostic]) -> Bool {
        let problems = validator.problems(in: question)
        for problem in problems {
            diagnostics.append(Diagnostic(problem.severity, "question \"\(question.prompt.prefix(50))\": \(problem.message)",
                                          path: path, line: question.line))
        }
        return !problems.contains { $0.severity == .error }
    }
}
