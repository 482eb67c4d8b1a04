import Foundation

/// One file of the question store: which note and generator the questions came from, and the questions.
public struct QuestionStoreEntry: Sendable, Equatable {
    /// The note's path relative to the content folder.
    public var source: String
    /// SHA-256 of the note's normalised text when the questions were made.
    public var sourceHash: String
    public var generator: String
    public var model: String
    public var promptVersion: String
    /// A person has reviewed these questions: keep them even when the note changes.
    public var pinned: Bool
    public var questions: [Question]
    /// The `questions-sha256` the file was written with; nil for an entry not read from a file.
    public var writtenQuestionsHash: String?
    /// The model that failed on this note, and when: it is not asked again about the same text for a day.
    public var modelFailure: ModelFailure?

    /// A model's failed attempt at a note, as `model-failed: <time> <generator> <model> <prompt version>`.
    public struct ModelFailure: Sendable, Equatable {
        public var at: Date
        /// `GeneratorIdentity.line` of the model that failed.
        public var identity: String

        /// The header value.
        var text: String { "\(at.formatted(.iso8601)) \(identity)" }

        /// The header value read back; nil when it is not a time and an identity.
        init?(text: String) {
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let at = try? Date(String(parts[0]), strategy: .iso8601) else { return nil }
            self.at = at
            identity = String(parts[1])
        }

        public init(at: Date, identity: String) {
            self.at = at
            self.identity = identity
        }
    }

    /// An entry of `questions` made from the note at `source` (whose text hashed to `sourceHash`) by `identity`.
    public init(source: String, sourceHash: String, identity: GeneratorIdentity, questions: [Question]) {
        self.init(source: source, sourceHash: sourceHash, generator: identity.name, model: identity.model,
                  promptVersion: identity.promptVersion, questions: questions)
    }

    public init(source: String, sourceHash: String, generator: String, model: String, promptVersion: String,
                pinned: Bool = false, questions: [Question], writtenQuestionsHash: String? = nil) {
        self.source = source
        self.sourceHash = sourceHash
        self.generator = generator
        self.model = model
        self.promptVersion = promptVersion
        self.pinned = pinned
        self.questions = questions
        self.writtenQuestionsHash = writtenQuestionsHash
    }

    /// SHA-256 of the questions as printed: what deckgen wrote, so a later difference means a person edited them.
    public var questionsHash: String {
        Self.questionsHash(ofPrinted: questions.map(QuizBlockPrinter.text(of:)))
    }

    /// The `questions-sha256` of questions printed as `printed`, each text ending with its newline.
    static func questionsHash(ofPrinted printed: [String]) -> String {
        SHA256.hex(printed.joined(separator: "\n"))
    }

    /// True when someone changed the questions after deckgen wrote them: such an entry is kept like a pinned one.
    public var isEditedByHand: Bool {
        writtenQuestionsHash.map { $0 != questionsHash } ?? false
    }

    /// Who made the questions and how.
    public var identity: GeneratorIdentity {
        GeneratorIdentity(name: generator, model: model, promptVersion: promptVersion)
    }

    /// The file's text: a comment header a person can read, then one quiz block per question.
    public var fileText: String {
        // Each question printed once, for the hash and for the blocks.
        let printed = questions.map(QuizBlockPrinter.text(of:))
        let header = [
            "<!-- deckgen question store",
            "# The questions deckgen shows for \(source). Edit them as you like; `deckgen check` validates them.",
            "# They are made again when the note changes, unless you set `pinned: true` or edit them (an edit pins them too).",
            "source: \(source)",
            "source-sha256: \(sourceHash)",
            "generator: \(generator)",
            "model: \(model)",
            "prompt-version: \(promptVersion)",
            "pinned: \(pinned)",
        ] + (modelFailure.map { ["model-failed: \($0.text)"] } ?? []) + [
            "questions-sha256: \(Self.questionsHash(ofPrinted: printed))",
            "-->",
        ]
        // Appended into one string of about the right size: an array of lines joined at the end cost a store file
        // twice its copying.
        var text = ""
        text.reserveCapacity(printed.reduce(600) { $0 + $1.utf8.count + 16 } + source.utf8.count * 2)
        for line in header {
            text += line
            text += "\n"
        }
        // A printed question ends with its one line feed, which closes its last line inside the block.
        for block in printed {
            text += "\n```quiz\n"
            text += block
            text += "```\n"
        }
        return text
    }
}
