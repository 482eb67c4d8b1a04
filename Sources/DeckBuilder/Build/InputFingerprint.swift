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
        var lines = ["deckgen-inputs 1", "binary " + binaryIdentity(), "katex " + fileIdentity(KaTeX.scriptPath)]
        lines.append("templates \(options.templates?.path ?? "-") strict \(options.strictDiaries)")
        let llm = options.llm
        lines.append("llm \(llm.provider.map { "\($0)" } ?? "-") \(llm.model ?? "-") \(llm.baseURL?.absoluteString ?? "-") \(llm.offline)")
        lines.append("llm-server \(llm.openAIBaseURL?.absoluteString ?? "-") context \(llm.contextTokens.map(String.init) ?? "-")")
        let keyNames = options.environment.filter { $0.key.hasSuffix("_KEY") && !$0.value.isEmpty }.keys.sorted()
        lines.append("keys " + keyNames.joined(separator: " "))
        guard let walked = fileDigests(under: options.content, skipping: options.site, contents: contents, known: known,
                                       staysInside: true) else {
            return nil
        }
        let content = readByBuild(walked.lines, hashed: contents)
        var settings = lines + content.filter { line in
            ["deckgen.yml ", "deckgen.yaml ", "templates/"].contains { line.hasPrefix($0) }
        }
        lines += content
        // Not among the settings decks are kept by: it changes only whether notes held back by a failure are asked.
        lines.append("retry-failed \(llm.retryFailed)")
        // A link is an input of its own: one made or moved may change what is read, or make the build refuse.
        lines += walked.links
        if let templates = options.templates, let digests = fileDigests(under: templates, skipping: options.site, contents: contents) {
            lines += digests.lines.map { "template " + $0 } + digests.links.map { "template " + $0 }
            settings += digests.lines.map { "template " + $0 }
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
    /// `staysInside` leaves out what a link out of `root` leads to, as a build of a content folder does; every link met
    /// is listed as `link PATH -> TARGET`.
    static func fileDigests(under root: URL, skipping site: URL, contents: Bool = true,
                            known: [String: String] = [:], staysInside: Bool = false) -> (lines: [String], links: [String])? {
        let rootPath = root.standardizedFileURL.path
        let sitePath = site.standardizedFileURL.path
        guard let (files, links, _) = regularFiles(under: rootPath, skipping: sitePath, staysInside: staysInside) else { return nil }
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
        return (lines.sorted(), links.sorted())
    }

    /// The `path digest` lines of files a build reads: a store file no note has (its note deleted or renamed) is not
    /// read, nor, when the lines hold contents' digests, a cached page text of an image no longer there; such leftovers
    /// change nothing a build makes.
    static func readByBuild(_ lines: [String], hashed: Bool) -> [String] {
        let store = ".deckgen/questions/", cache = ".deckgen/ocr/"
        guard lines.contains(where: { $0.hasPrefix(store) || $0.hasPrefix(cache) }) else { return lines }
        var storePaths = Set<String>(), images = Set<Substring>()
        for line in lines where !line.hasPrefix(".deckgen/") {
            guard let space = pathEnd(of: line, hashed: hashed) else { continue }
            let path = String(line[..<space])
            switch SourceFile.kind(ofPath: path) {
            case .note, .scanText: storePaths.insert(QuestionStore.path(forNote: path))
            case .scanPage:
                if let document = SourceFile.documentFolder(of: path) { storePaths.insert(QuestionStore.path(forNote: document)) }
                images.insert(line[line.index(after: space)...])
            case .scanImage, .scanPDF:
                storePaths.insert(QuestionStore.path(forNote: path))
                images.insert(line[line.index(after: space)...])
            default: break
            }
        }
        return lines.filter { line in
            guard let space = pathEnd(of: line, hashed: hashed) else { return true }
            if line.hasPrefix(store) { return storePaths.contains(String(line[..<space])) }
            if hashed, line.hasPrefix(cache) {
                return images.contains(line.dropFirst(cache.count).prefix { $0 != "-" })
            }
            return true
        }
    }

    /// Where the path of a `path digest` line ends (`path size time` when the contents were not `hashed`).
    private static func pathEnd(of line: String, hashed: Bool) -> String.Index? {
        guard let last = line.lastIndex(of: " ") else { return nil }
        return hashed ? last : line[..<last].lastIndex(of: " ")
    }

    /// Every regular file under `root` (links followed, each folder entered once), with its path relative to `root`.
    private static func regularFiles(under root: String, skipping site: String, staysInside: Bool)
        -> (files: [(relative: String, path: String)], links: [String], folders: [String])? {
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0, (rootInfo.st_mode & S_IFMT) == S_IFDIR else { return nil }
        let realRoot = RealPath.of(root) ?? root
        var files = [(relative: String, path: String)]()
        var links = [String]()
        var visited: Set<[UInt64]> = [[UInt64(rootInfo.st_dev), UInt64(rootInfo.st_ino)]]
        var pending = [(relative: "", path: root)]
        var folders = [String]()
        while let folder = pending.popLast() {
            folders.append(folder.path)
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
                if entry.pointee.d_type == UInt8(DT_LNK) {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                    links.append("link \(relative) -> \(target)")
                    if staysInside {
                        guard let real = RealPath.of(path), real == realRoot || real.hasPrefix(realRoot + "/") else { continue }
                    }
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
        return (files, links, folders)
    }

    /// Every folder a build of `options` reads files from (the content folder first), as the fingerprint walks them:
    /// what `serve` watches.
    static func folders(_ options: BuildOptions) -> [String] {
        regularFiles(under: options.content.standardizedFileURL.path, skipping: options.site.standardizedFileURL.path,
                     staysInside: true)?.folders ?? []
    }

    /// The running binary's size and modification time: a rebuilt deckgen may render differently.
    private static func binaryIdentity() -> String {
        fileIdentity((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    }

    /// A file's path, size and modification time; the path alone when it is missing. KaTeX's is part of every
    /// page's inputs: installing or upgrading it changes how formulas look.
    private static func fileIdentity(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return path }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }
}
