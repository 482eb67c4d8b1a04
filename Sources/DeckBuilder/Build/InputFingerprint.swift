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

    /// `of`, with the digests of each file and of the settings kept apart.
    static func inputs(_ options: BuildOptions, contents: Bool = true) -> Inputs? {
        var lines = ["deckgen-inputs 1", "binary " + binaryIdentity()]
        lines.append("templates \(options.templates?.path ?? "-") strict \(options.strictDiaries)")
        let llm = options.llm
        lines.append("llm \(llm.provider.map { "\($0)" } ?? "-") \(llm.model ?? "-") \(llm.baseURL?.absoluteString ?? "-") \(llm.offline)")
        let keyNames = options.environment.filter { $0.key.hasSuffix("_KEY") && !$0.value.isEmpty }.keys.sorted()
        lines.append("keys " + keyNames.joined(separator: " "))
        guard let content = fileDigests(under: options.content, skipping: options.site, contents: contents) else { return nil }
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
    static func fileDigests(under root: URL, skipping site: URL, contents: Bool = true) -> [String]? {
        let rootPath = root.standardizedFileURL.path
        let sitePath = site.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey]) else {
            return nil
        }
        var lines = [String]()
        for case let url as URL in walker {
            let path = url.standardizedFileURL.path
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if values?.isDirectory == true {
                let name = url.lastPathComponent
                if path == sitePath || (name.hasPrefix(".") && name != ".deckgen") { walker.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true else { continue }
            let relative = path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
            if contents {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                lines.append(relative + " " + SHA256.hex(bytes: data))
            } else {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                lines.append("\(relative) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            }
        }
        return lines.sorted()
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
