import Foundation

/// One digest of everything a build reads: every content file's path and bytes (the question store and OCR
/// cache included), the templates, the options that change output, which API key variables are set (their
/// names, never their values), and the deckgen binary itself. Equal fingerprints mean an equal site.
enum InputFingerprint {
    /// The fingerprint with the digests it was made from.
    struct Inputs: Sendable {
        var digest: String
        /// Content path → SHA-256 of its bytes.
        var files: [String: String]
        /// A digest of what every page is made with: the binary, the options, `deckgen.yml` and the templates.
        var settings: String
    }

    /// The fingerprint of what a build with `options` would read; nil when the content cannot be walked.
    /// With `contents` false, files count by size and modification time instead of bytes: cheap enough to
    /// poll twice a second (`serve`), where hashing thousands of notes each time would keep a core busy.
    static func of(_ options: BuildOptions, contents: Bool = true) -> String? {
        inputs(options, contents: contents)?.digest
    }

    /// `of`, with the digests of each file and of the settings kept apart. `known` gives the digests of files
    /// already hashed, by standardized path; they are not read again.
    static func inputs(_ options: BuildOptions, contents: Bool = true, known: [String: String] = [:]) -> Inputs? {
        var lines = ["deckgen-inputs 1", "binary " + binaryIdentity()]
        lines.append("templates \(options.templates?.path ?? "-") strict \(options.strictDiaries)")
        let llm = options.llm
        lines.append("llm \(llm.provider.map { "\($0)" } ?? "-") \(llm.model ?? "-") \(llm.baseURL?.absoluteString ?? "-") \(llm.offline)")
        let keyNames = options.environment.filter { $0.key.hasSuffix("_KEY") && !$0.value.isEmpty }.keys.sorted()
        lines.append("keys " + keyNames.joined(separator: " "))
        guard let content = fileDigests(under: options.content, skipping: options.site, contents: contents, known: known) else {
            return nil
        }
        var settings = lines + content.filter { line in
            ["deckgen.yml ", "deckgen.yaml ", "templates/"].contains { line.hasPrefix($0) }
        }
        lines += content
        if let templates = options.templates, let digests = fileDigests(under: templates, skipping: options.site, contents: contents) {
            lines += digests.map { "template " + $0 }
            settings += digests.map { "template " + $0 }
        }
        var files = [String: String]()
        for line in content where contents {
            guard let space = line.lastIndex(of: " ") else { continue }
            files[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return Inputs(digest: SHA256.hex(lines.joined(separator: "\n")), files: files,
                      settings: SHA256.hex(settings.joined(separator: "\n")))
    }

    /// `path digest` for every file under `root`, sorted; hidden folders other than `.deckgen` are left out
    /// (a `.git` folder changes with every commit and is never read), and so is the site folder.
    /// Walked with POSIX calls and hashed on every core: Foundation's URL resource values cost more than hashing.
    static func fileDigests(under root: URL, skipping site: URL, contents: Bool = true,
                            known: [String: String] = [:]) -> [String]? {
        let rootPath = root.standardizedFileURL.path
        let sitePath = site.standardizedFileURL.path
        guard let files = regularFiles(under: rootPath, skipping: sitePath) else { return nil }
        // Known digests are taken on this thread: after a build, while every core writes pages, that is all of
        // them but a few files, and the rest wait for a free core.
        var lines = contents ? files.compactMap { file in known[file.path].map { file.relative + " " + $0 } } : []
        let unknown = contents ? files.filter { known[$0.path] == nil } : files
        lines += ParallelWork.map(unknown) { file -> String? in
            if contents {
                guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
                return file.relative + " " + SHA256.hex(bytes: data)
            }
            var info = stat()
            guard stat(file.path, &info) == 0 else { return nil }
            return "\(file.relative) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.compactMap { $0 }
        return lines.sorted()
    }

    /// Every regular file under `root` (links followed, each folder entered once), with its path relative to `root`.
    private static func regularFiles(under root: String, skipping site: String) -> [(relative: String, path: String)]? {
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0, (rootInfo.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var files = [(relative: String, path: String)]()
        var visited: Set<[UInt64]> = [[UInt64(rootInfo.st_dev), UInt64(rootInfo.st_ino)]]
        var pending = [(relative: "", path: root)]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder.path) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = folder.path + "/" + name
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                // A regular file the folder's entry says is one needs no `stat`: thousands of notes and store files
                // cost one call each. Folders are looked up for their identity, links to learn what they point to.
                if entry.pointee.d_type == UInt8(DT_REG) {
                    files.append((relative, path))
                    continue
                }
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    guard path != site, !name.hasPrefix(".") || name == ".deckgen",
                          visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
                    pending.append((relative, path))
                case S_IFREG:
                    files.append((relative, path))
                default:
                    continue
                }
            }
        }
        return files
    }

    /// The running binary's size and modification time: a rebuilt deckgen may render differently.
    private static func binaryIdentity() -> String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return path }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }
}
