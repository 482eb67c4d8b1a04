/// What asking a model cost during one build, for the summary line.
public struct LLMUsage: Sendable, Equatable {
    public var generator: GeneratorIdentity
    /// Notes whose questions were asked for (the others were stored already).
    public var notesAsked = 0
    public var requests = 0
    public var retries = 0
    public var promptTokens = 0
    public var completionTokens = 0
    /// Questions that passed the validator and were kept.
    public var questionsKept = 0
    /// Questions the validator refused even after the repairs.
    public var questionsDropped = 0
    /// Whole answers that held no readable question even after the repairs.
    public var answersUnusable = 0
    /// Notes that got their questions from the offline generator because the model gave none.
    public var notesFellBack = 0
    /// What each note asked cost, in the order answers came.
    public var notes: [NoteUsage] = []

    /// One note's requests and tokens.
    public struct NoteUsage: Sendable, Equatable {
        public var path: String
        public var requests: Int
        public var promptTokens: Int
        public var completionTokens: Int
        /// Questions kept for the note.
        public var questions: Int
    }

    public init(generator: GeneratorIdentity) {
        self.generator = generator
    }

    mutating func add(_ report: LLMWriteReport) {
        requests += report.requests
        retries += report.retries
        promptTokens += report.usage.promptTokens
        completionTokens += report.usage.completionTokens
        questionsDropped += report.dropped.count { $0.prompt != nil }
        answersUnusable += report.dropped.count { $0.prompt == nil }
    }
}

/// How far the model's share of a build has got, for a progress display.
public struct LLMProgress: Sendable, Equatable {
    public var generator: GeneratorIdentity
    public var batch: LLMBatch.Progress
    /// Requests sent again so far.
    public var retries: Int
    /// Seconds since the first request, for an estimate of the time left.
    public var seconds: Double
}
