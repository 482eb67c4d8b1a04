import Foundation

/// Runs a program deckgen uses but does not need (tesseract, poppler's tools), stopping it after a time limit.
enum ExternalCommand {
    /// What one run gave.
    struct Result {
        var status: Int32
        var output: Data
        var error: Data
        var timedOut: Bool

        /// The last lines of stderr, where such tools say what went wrong, on one short line.
        var errorSummary: String {
            let lines = String(decoding: error, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("Estimating resolution") && !$0.hasPrefix("Tesseract Open Source") }
            let text = lines.suffix(3).joined(separator: "; ")
            let summary = text.count > 300 ? String(text.prefix(300)) + "…" : text
            return summary.isEmpty ? (timedOut ? "timed out" : "exit status \(status)") : summary
        }
    }

    /// Why the program could not be started.
    struct Failure: Error {
        var message: String
    }

    /// `name` in the folders of `searchPath` (`PATH` syntax; the process's own `PATH` when nil).
    static func find(_ name: String, searchPath: String? = nil) -> URL? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    /// Runs `command` with `arguments` and `environment` over this process's, stopping it after `timeout`.
    static func run(_ command: URL, _ arguments: [String], timeout: Duration,
                    environment: [String: String] = [:]) throws(Failure) -> Result {
        // Output goes to files rather than pipes: a pipe that nobody drains while we wait for the timeout would
        // fill and stall the program, and files need no reader threads.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deckgen-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout"), errorURL = folder.appendingPathComponent("stderr")
        let process = Process()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
            let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
            defer { try? output.close(); try? error.close() }
            process.executableURL = command
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = error
            let timedOut = try ChildProcess.runWithin(process, timeout: timeout, grace: .seconds(2))
            return Result(status: process.terminationStatus,
                          output: (try? Data(contentsOf: outputURL)) ?? Data(),
                          error: (try? Data(contentsOf: errorURL)) ?? Data(),
                          timedOut: timedOut)
        } catch {
            throw Failure(message: error.localizedDescription)
        }
    }
}
