import Foundation

/// Prints a self-contained HTML page to PDF with headless Chromium, when it is installed: text stays text and inline
/// SVG stays vectors. The page is loaded from a temporary file, with a throwaway profile and no network.
public enum ChromiumPrinter {
    /// Why no PDF was made, in words a person can act on.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What went wrong and, after a `;`, what was expected.
        public var message: String
        public var description: String { message }
    }

    /// The names Chromium's command goes by: Debian's package, Ubuntu's older one, Google's build.
    public static let commandNames = ["chromium", "chromium-browser", "google-chrome"]
    /// How long one print may take before it is given up.
    public static let timeout: Duration = .seconds(60)
    /// How long the page may take to settle (virtual time: it loads nothing, so this is a ceiling, not a wait).
    static let virtualTimeBudget = 10_000

    /// The first of `commandNames` in the folders of `searchPath` (`PATH` syntax; the process's own `PATH` when nil).
    public static func executable(searchPath: String? = nil) -> URL? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in commandNames {
            for folder in path.split(separator: ":") where !folder.isEmpty {
                let candidate = String(folder) + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
            }
        }
        return nil
    }

    /// Prints `html` to a PDF and returns its bytes; `command` is Chromium's executable.
    public static func pdf(of html: String, command: URL, timeout: Duration = timeout) throws(Failure) -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deckgen-pdf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html"), output = folder.appendingPathComponent("report.pdf")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(html.utf8).write(to: page)
        } catch {
            throw Failure(message: "the page could not be written to a temporary folder (\(error.localizedDescription)); expected a writable \(FileManager.default.temporaryDirectory.path)")
        }
        // Chromium refuses to run as root inside its sandbox; as another user the sandbox stays on, unless the
        // machine (a container, say) has none to give, when the print is tried once more without it.
        var sandboxed = geteuid() != 0
        while true {
            let result = run(arguments(page: page, output: output, profile: folder.appendingPathComponent("profile"), sandboxed: sandboxed),
                             command: command, folder: folder, timeout: timeout)
            if result.timedOut {
                throw Failure(message: "Chromium took more than \(timeout.components.seconds) s to print the report and was stopped; expected a print in a few seconds")
            }
            if let data = try? Data(contentsOf: output), data.starts(with: Data("%PDF".utf8)) { return data }
            if sandboxed && result.error.localizedCaseInsensitiveContains("sandbox") {
                sandboxed = false
                continue
            }
            throw Failure(message: "Chromium made no PDF (\(result.summary)); expected a working chromium package")
        }
    }

    /// Headless, no GPU, no header or footer on the pages, a profile of its own, and nothing sent anywhere: every
    /// host name fails to resolve, and the browser's own background requests are off.
    static func arguments(page: URL, output: URL, profile: URL, sandboxed: Bool) -> [String] {
        (sandboxed ? [] : ["--no-sandbox"]) + [
            "--headless=new",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--user-data-dir=\(profile.path)",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-sync",
            "--disable-breakpad",
            "--disable-domain-reliability",
            "--no-pings",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--no-pdf-header-footer",
            "--virtual-time-budget=\(virtualTimeBudget)",
            "--print-to-pdf=\(output.path)",
            page.absoluteString,
        ]
    }

    /// What one run of Chromium left: its status and the end of what it said.
    struct RunResult {
        var status: Int32
        var error: String
        var timedOut: Bool

        /// The last line Chromium wrote that is not about the desktop bus (it always complains of that when headless).
        var summary: String {
            let lines = error.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let telling = lines.last { !$0.isEmpty && !$0.contains("dbus") && !$0.contains("bytes written to file") }
            return "exit status \(status)" + (telling.map { ": " + Diagnostic.printable(String($0.prefix(300))) } ?? "")
        }
    }

    /// Runs Chromium, stopping it after `timeout`; what it says goes to a file, so no pipe fills while it runs.
    static func run(_ arguments: [String], command: URL, folder: URL, timeout: Duration) -> RunResult {
        let errorURL = folder.appendingPathComponent("chromium.log")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = command
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let timedOut: Bool
        do {
            let error = try FileHandle(forWritingTo: errorURL)
            defer { try? error.close() }
            process.standardError = error
            timedOut = try ChildProcess.runWithin(process, timeout: timeout, grace: .seconds(5))
        } catch {
            return RunResult(status: -1, error: "could not be started: \(error.localizedDescription)", timedOut: false)
        }
        return RunResult(status: process.terminationStatus,
                         error: String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self),
                         timedOut: timedOut)
    }
}
