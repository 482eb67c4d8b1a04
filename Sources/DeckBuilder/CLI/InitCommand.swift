import Foundation

/// `deckgen init [DIR]`: writes a starter content folder (two notes, a scanned page, a diary, a commented
/// `deckgen.yml`, a `.gitignore` and a CI workflow) into DIR, creating it; never overwrites a file.
struct InitCommand: Sendable {
    /// The folder as the user typed it, for messages.
    let folderArgument: String
    let folder: URL

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(arguments, command: "init", valueOptions: [:], flagOptions: [:])
        guard scanned.positionals.count <= 1 else {
            throw UsageError("Unexpected argument '\(scanned.positionals[1])'", command: "init")
        }
        folderArgument = scanned.positionals.first ?? "."
        folder = ArgumentPath.url(folderArgument, from: workingDirectory)
    }

    func run(console: Console) -> ExitCode {
        let files = StarterFiles.all
        if let problem = firstObstacle(to: files) {
            console.standardError(problem.description + "\n")
            return .failure
        }
        var written = [StarterFiles.File]()
        for file in files {
            do {
                try AtomicFile.write(Data(file.text.utf8), to: url(of: file.path), createFolders: true)
                written.append(file)
            } catch {
                console.standardError(Diagnostic.error("cannot be written (\(error.localizedDescription)); expected a writable folder",
                                                       path: shown(file.path)).description + "\n")
                // Leave no half-made starter behind: the files already written are this run's own.
                for done in written { try? FileManager.default.removeItem(at: url(of: done.path)) }
                return .failure
            }
        }
        console.standardOutput(report(of: files))
        return .success
    }

    // MARK: - Checks before writing

    /// The first reason not to write anything: a file that is already there, or a file where a folder must go.
    private func firstObstacle(to files: [StarterFiles.File]) -> Diagnostic? {
        if let kind = Self.kind(of: folder), kind != .folder {
            return .error("is a file; expected a folder to create the starter in (deckgen init FOLDER)", path: shown(""))
        }
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            for depth in 1..<parts.count {
                let parent = parts[..<depth].joined(separator: "/")
                if let kind = Self.kind(of: url(of: parent)), kind != .folder {
                    return .error("is a file; expected a folder here for \(file.path)", path: shown(parent))
                }
            }
            if Self.kind(of: url(of: file.path)) != nil {
                return .error("already exists; expected an empty folder or a new one, since deckgen init never overwrites a file (nothing was written)",
                              path: shown(file.path))
            }
        }
        return nil
    }

    private enum Kind { case folder, other }

    /// What is at `url`, without following a final symbolic link (a dangling link is still in the way); nil when nothing.
    private static func kind(of url: URL) -> Kind? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        if (status.st_mode & S_IFMT) == S_IFDIR { return .folder }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            if stat(url.path, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR { return .folder }
        }
        return .other
    }

    // MARK: - Paths and the closing message

    private func url(of path: String) -> URL {
        path.isEmpty ? folder : folder.appendingPathComponent(path)
    }

    /// `path` inside the folder as the user would type it: `notes/deckgen.yml`, or `deckgen.yml` for `.`.
    private func shown(_ path: String) -> String {
        var base = folderArgument
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        if path.isEmpty { return base }
        return base == "." ? path : (base == "/" ? "/" + path : base + "/" + path)
    }

    private func report(of files: [StarterFiles.File]) -> String {
        let width = files.map { shown($0.path).count }.max() ?? 0
        var lines = ["Created a starter content folder in \(shown("")):"]
        for file in files {
            lines.append("  " + shown(file.path).padding(toLength: width + 2, withPad: " ", startingAt: 0) + file.about)
        }
        let folder = shown("")
        let quoted = folder.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "'\(folder.replacingOccurrences(of: "'", with: "'\\''"))'" : folder
        lines += [
            "",
            "Next:",
            "  deckgen build \(quoted)      build the site into site/",
            "  deckgen serve \(quoted)      look at it in a browser",
            "  deckgen check \(quoted)      check notes and stored questions before you publish",
            "",
            "To publish with GitHub Pages, make the folder a Git repository, build once and commit everything,",
            "the question store in .deckgen/ too; .github/workflows/deckgen.yml then builds and publishes the site",
            "(set DECKGEN_REPOSITORY in it to the repository that holds deckgen's sources).",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
