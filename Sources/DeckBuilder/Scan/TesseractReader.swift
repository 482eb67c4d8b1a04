import Foundation

/// Reads the text of a scanned page with the `tesseract` command, when it is installed; deckgen works without it.
public enum TesseractReader {
    /// Why a page could not be read, in words a person can act on.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What went wrong and, after a `;`, what was expected.
        public var message: String
        public var description: String { message }
    }

    /// The Debian package that provides the command.
    public static let package = "tesseract-ocr"
    /// How long one page may take; a page that takes longer is given up rather than hanging the build.
    public static let timeout: Duration = .seconds(60)

    /// Whether `tesseract` is on `PATH`.
    public static var isInstalled: Bool { executable() != nil }

    /// `tesseract` in the folders of `searchPath` (`PATH` syntax; the process's own `PATH` when nil).
    public static func executable(searchPath: String? = nil) -> URL? {
        ExternalCommand.find("tesseract", searchPath: searchPath)
    }

    /// The installed languages (`eng`, `chi_sim`, `jpn`…), as `tesseract --list-langs` names them.
    public static func installedLanguages(command: URL? = nil) throws(Failure) -> Set<String> {
        let result = try run(["--list-langs"], timeout: .seconds(20), command: command)
        guard result.status == 0 else {
            throw Failure(message: "`tesseract --list-langs` failed (\(result.errorSummary)); expected a working \(package) install")
        }
        // The first line is "List of available languages in "…" (N):"; the rest are names, one a line.
        let lines = String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isNewline)
        return Set(lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.contains(" ") })
    }

    /// The Debian package holding the trained data for `language`: `chi_sim` → `tesseract-ocr-chi-sim`.
    public static func package(forLanguage language: String) -> String {
        "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// True for a language setting tesseract accepts: names such as `eng` or `chi_sim`, joined by `+`.
    public static func isLanguageList(_ lang: String) -> Bool {
        let names = lang.split(separator: "+", omittingEmptySubsequences: false)
        return !names.isEmpty && names.allSatisfy { name in
            !name.isEmpty && name.count <= 32 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }

    /// What tesseract reads on the page in `image`, in `lang` (`eng`, `chi_sim`, `eng+jpn`…).
    public static func read(_ image: URL, lang: String) throws(Failure) -> PageReading {
        try read(image, lang: lang, timeout: timeout)
    }

    /// As `read(_:lang:)`, with its own time limit and its own command (one found by `executable(searchPath:)`).
    static func read(_ image: URL, lang: String, timeout: Duration, command: URL? = nil) throws(Failure) -> PageReading {
        guard isLanguageList(lang) else {
            throw Failure(message: "OCR language `\(lang)` is not a tesseract language; expected names such as `eng`, `chi_sim` or `eng+jpn`")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deckgen-page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "no folder for tesseract's output (\(error.localizedDescription)); expected a writable temporary folder")
        }
        // The page prepared by leptonica when it can be (a TIFF may hold many pages, of which leptonica reads one:
        // it goes as it is).
        var page = image
        if !["tif", "tiff"].contains(image.pathExtension.lowercased()),
           let prepared = PagePreparation.prepare(image, into: folder.appendingPathComponent("page.png")) {
            page = prepared
            // A page photographed sideways or upside down is turned upright first.
            if let turns = try? uprightTurns(of: prepared, command: command), turns > 0,
               let upright = PagePreparation.rotated(prepared, quadrants: turns, into: folder.appendingPathComponent("upright.png")) {
                page = upright
            }
        }
        // `--psm 3` (automatic page layout, the default) finds columns; `txt tsv` writes the text and each word's
        // confidence from one reading. The paths are absolute, so neither can be taken for an option.
        let output = folder.appendingPathComponent("read")
        let result = try run([page.standardizedFileURL.path, output.path, "-l", lang, "--psm", "3", "txt", "tsv"],
                             timeout: timeout, command: command)
        if result.timedOut {
            throw Failure(message: "tesseract took more than \(timeout.components.seconds) s and was stopped; expected a page it reads in under a minute (a smaller or cleaner image)")
        }
        guard result.status == 0, let text = try? Data(contentsOf: output.appendingPathExtension("txt")) else {
            throw Failure(message: "tesseract cannot read the image (\(result.errorSummary)); expected a PNG, JPEG or TIFF scan")
        }
        let tsv = (try? Data(contentsOf: output.appendingPathExtension("tsv"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return PageReading(text: String(decoding: text, as: UTF8.self), unsureWords: UnsureWords.inTSV(tsv))
    }
}

/// What tesseract read on a page.
public struct PageReading: Sendable, Equatable {
    public var text: String
    /// The words it was unsure of (`UnsureWords`), in their compared forms.
    public var unsureWords: Set<String>
}

// MARK: - Orientation

extension TesseractReader {
    /// How many quarter turns clockwise make the page in `image` upright, by tesseract's orientation detection
    /// (`--psm 0`, the `osd` data every tesseract install has); 0 when it is upright or tesseract is unsure (too
    /// little text, or a confidence under `orientationConfidence`).
    static func uprightTurns(of image: URL, command: URL? = nil) throws(Failure) -> Int {
        let result = try run([image.standardizedFileURL.path, "stdout", "--psm", "0"], timeout: .seconds(20), command: command)
        guard result.status == 0 else { return 0 }
        var rotate = 0, confidence = 0.0
        for line in String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "Rotate" { rotate = Int(parts[1]) ?? 0 }
            if parts[0] == "Orientation confidence" { confidence = Double(parts[1]) ?? 0 }
        }
        guard [90, 180, 270].contains(rotate), confidence >= orientationConfidence else { return 0 }
        return rotate / 90
    }

    /// The orientation confidence below which a page is left as it is: tesseract's own scale, on which a clear page
    /// of text scores well over 10 and a page of a few words under 2.
    static let orientationConfidence = 2.0
}

// MARK: - Running the command

private extension TesseractReader {
    /// Runs tesseract with `arguments`, stopping it after `timeout`.
    static func run(_ arguments: [String], timeout: Duration, command: URL? = nil) throws(Failure) -> ExternalCommand.Result {
        guard let command = command ?? executable() else {
            throw Failure(message: "tesseract is not installed; expected the \(package) package (apt-get install \(package))")
        }
        do throws(ExternalCommand.Failure) {
            // One thread a page: tesseract's OpenMP threads gain little on one page and crowd out the rest of a
            // build (and of a test run) on a small machine.
            return try ExternalCommand.run(command, arguments, timeout: timeout, environment: ["OMP_THREAD_LIMIT": "1"])
        } catch {
            throw Failure(message: "tesseract could not be started (\(error.message)); expected a working \(package) install")
        }
    }
}
