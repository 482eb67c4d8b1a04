import Foundation

/// A batch submitted to OpenAI's Batch API and not yet collected, kept in the content folder's
/// `.deckgen/llm-batch.json` so that any later build (after a crash, or on another day) collects its answers.
struct PendingBatch: Codable, Equatable {
    var id: String
    /// The generator identity line of the model asked; a build asking another model forgets the batch.
    var generator: String
    var submitted: Date
    var pieces: [Piece]

    /// One request of the batch: which piece of which note, as its text was when submitted.
    struct Piece: Codable, Equatable {
        var id: String
        var path: String
        var sourceHash: String
        var part: Int
        var parts: Int
        var count: Int
    }

    static let relativePath = ".deckgen/llm-batch.json"

    static func url(in contentFolder: URL) -> URL {
        contentFolder.appendingPathComponent(relativePath)
    }

    /// The pending batch, if there is one; a file that cannot be read is an error at its path.
    static func read(contentFolder: URL) throws(Diagnostic) -> PendingBatch? {
        guard let data = FileManager.default.contents(atPath: url(in: contentFolder).path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let batch = try? decoder.decode(PendingBatch.self, from: data) else {
            throw .error("not a batch record deckgen wrote; expected it to be left as written, or removed to forget the batch (which may still be billed)",
                         path: relativePath)
        }
        return batch
    }

    func write(contentFolder: URL) throws(Diagnostic) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try AtomicFile.write(encoder.encode(self), to: Self.url(in: contentFolder), createFolders: true)
        } catch {
            throw .error("could not record the batch \(id): \(error.localizedDescription); expected a writable .deckgen folder",
                         path: Self.relativePath)
        }
    }

    static func remove(contentFolder: URL) {
        try? FileManager.default.removeItem(at: url(in: contentFolder))
    }
}
