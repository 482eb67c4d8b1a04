import Foundation

/// Makes notes of scanned text: `.txt` files are decoded and cleaned, scanned images are read by tesseract
/// (through the OCR cache) and cleaned; every problem is a warning, so one bad scan never stops the site.
struct ScanNoteLoader {
    let cache: OCRCache
    /// The content folder's edge, which no sidecar is read across.
    let boundary: ContentBoundary
    let settings: OCRSettings
    /// The site's language, for text files and for OCR languages deckgen has no tag for.
    let siteLang: String
    /// Whether text tesseract reads is stored in the cache (not for `check`, which writes nothing).
    let writesCache: Bool
    /// Where to look for tesseract (`PATH` syntax): the build's environment, so a test can hide it.
    let searchPath: String?
    var cleaner = ScanCleaner()

    /// Images larger than this are not sent to tesseract: a scanned page at 600 dpi is a few megabytes.
    static let maximumImageBytes = 64 * 1024 * 1024

    /// Tesseract and its languages, looked up once, on the first image that is not in the cache.
    private var tesseract: (command: URL?, languages: Set<String>)?
    /// Images left unread because tesseract is missing, and languages it lacks with the images that needed them:
    /// each becomes one warning in `finish()`, not one per image.
    private var unreadWithoutTesseract = [String]()
    private var unreadByLanguage = [String: [String]]()
    /// Poppler's commands, looked up once, on the first PDF; and the PDFs left unread because they are missing.
    private var poppler: PDFReader.Commands??
    private var unreadWithoutPoppler = [String]()
    /// The pages of each `….pages` document, by its folder's path.
    var documentPages: [String: [SourceFile]] = [:]

    /// PDFs larger than this are not read: a scanned chapter at 300 dpi is tens of megabytes.
    static let maximumPDFBytes = 256 * 1024 * 1024

    init(contentFolder: URL, settings: OCRSettings, siteLang: String, writesCache: Bool, searchPath: String?) {
        boundary = ContentBoundary(contentFolder: contentFolder)
        cache = OCRCache(boundary: boundary)
        self.settings = settings
        self.siteLang = siteLang
        self.writesCache = writesCache
        self.searchPath = searchPath
    }

    /// The note made from `file` (a `.scanText`, `.scanImage` or `.scanPDF`), or nil with the reason among the diagnostics.
    mutating func load(_ file: SourceFile, slug: String) -> (note: Note?, diagnostics: [Diagnostic]) {
        switch file.kind {
        case .scanImage: loadImage(file, slug: slug)
        case .scanPDF: loadPDF(file, slug: slug)
        case .scanPages: loadPages(file, slug: slug)
        default: loadText(file, slug: slug)
        }
    }

    /// Whether some images were left unread for want of tesseract or a language: a later build may read them.
    var leftImagesUnread: Bool { !unreadWithoutTesseract.isEmpty || !unreadByLanguage.isEmpty || !unreadWithoutPoppler.isEmpty }

    /// The warnings about what was missing to read images, one per missing thing.
    func finish() -> [Diagnostic] {
        var warnings = [Diagnostic]()
        if let first = unreadWithoutTesseract.first {
            let count = unreadWithoutTesseract.count
            let which = count > 1 ? "this and \(count - 1) more scanned images" : "this scanned image"
            warnings.append(.warning(
                "\(which) not read: tesseract is not installed; expected the \(TesseractReader.package) package (apt-get install \(TesseractReader.package))",
                path: first))
        }
        if let first = unreadWithoutPoppler.first {
            let count = unreadWithoutPoppler.count
            let which = count > 1 ? "this and \(count - 1) more scanned PDFs" : "this scanned PDF"
            warnings.append(.warning(
                "\(which) not read: poppler's pdftotext and pdftoppm are not installed; expected the \(PDFReader.package) package (apt-get install \(PDFReader.package))",
                path: first))
        }
        for (language, images) in unreadByLanguage.sorted(by: { $0.key < $1.key }) {
            let package = TesseractReader.package(forLanguage: language)
            let which = images.count > 1 ? "this and \(images.count - 1) more scanned images" : "this scanned image"
            warnings.append(.warning(
                "\(which) not read: tesseract has no `\(language)` language installed; expected the \(package) package (apt-get install \(package))",
                path: images[0]))
        }
        return warnings
    }
}

// MARK: - Text files

private extension ScanNoteLoader {
    func loadText(_ file: SourceFile, slug: String) -> (note: Note?, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        switch Self.read(file, limit: NoteLoader.maximumBytes, what: "file", expected: "scanned or plain text", under: "a text") {
        case .success(let read): bytes = read
        case .failure(let problem): return (nil, [problem])
        }
        var diagnostics = [Diagnostic]()
        let text: String
        do throws(Diagnostic) {
            // Latin-1 and Windows-1252 are what older OCR tools and Windows editors write.
            let decoded = try Windows1252.decodedText(bytes)
            diagnostics += decoded.warnings.map { $0.located(in: file.path) }
            text = decoded.text
        } catch {
            // A NUL byte: a binary file that happens to end in `.txt`. A warning, not an error: a stray binary
            // beside the notes is no reason to refuse the whole site.
            var warning = error.located(in: file.path)
            warning.severity = .warning
            warning.message = warning.message.replacingOccurrences(of: ", not text;", with: ", not text; skipped;")
            return (nil, [warning])
        }
        let sidecar: FrontMatter
        switch sidecarSettings(of: file) {
        case .success(let settings): sidecar = settings
        case .failure(let problem): return (nil, diagnostics + [problem])
        }
        return note(from: text, unsure: [], file: file, slug: slug, settings: sidecar, ocrLang: nil, diagnostics: diagnostics)
    }
}

// MARK: - Images

private extension ScanNoteLoader {
    mutating func loadImage(_ file: SourceFile, slug: String) -> (note: Note?, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        switch Self.read(file, limit: Self.maximumImageBytes, what: "image", expected: "a scanned page (PNG, JPEG or TIFF)", under: "a scanned page") {
        case .success(let read): bytes = read
        case .failure(let problem): return (nil, [problem])
        }
        let sidecar: FrontMatter, lang: String
        do throws(Diagnostic) { (sidecar, lang) = try pageSettings(of: file) } catch { return (nil, [error]) }
        var diagnostics = [Diagnostic]()
        let reading: PageReading
        switch ocrReading(of: file.url, bytes: bytes, path: file.path, lang: lang, diagnostics: &diagnostics) {
        case .success(let read)?: reading = read
        case .failure(let problem)?: return (nil, diagnostics + [problem])
        case nil: return (nil, diagnostics)
        }
        guard !reading.text.trimmingWhitespace.isEmpty else {
            diagnostics.append(.warning("tesseract found no text on this image; skipped; expected a scanned page of `\(lang)` text", path: file.path))
            return (nil, diagnostics)
        }
        return note(from: reading.text, unsure: reading.unsureWords, file: file, slug: slug, settings: sidecar, ocrLang: lang,
                    diagnostics: diagnostics)
    }

    /// What tesseract reads on `image` in `lang`, from the cache or from tesseract (then cached); nil when tesseract or
    /// the language is missing (noted for `finish()`), or with the reason it could not be read.
    mutating func ocrReading(of image: URL, bytes: [UInt8], path: String, lang: String,
                             diagnostics: inout [Diagnostic]) -> Result<PageReading, Diagnostic>? {
        let cachePath = OCRCache.path(forImage: bytes, lang: lang)
        let cached = cache.reading(at: cachePath)
        if case .failure(var problem) = cached {
            // The image is read again instead; the link is only named.
            problem.severity = .warning
            diagnostics.append(problem)
        }
        if case .success(let found?) = cached { return .success(found) }
        guard let command = readyToRead(path, lang: lang) else { return nil }
        let reading: PageReading
        do throws(TesseractReader.Failure) {
            reading = try TesseractReader.read(image, lang: lang, timeout: TesseractReader.timeout, command: command)
        } catch {
            return .failure(.warning(error.message, path: path))
        }
        // Blank pages are cached too, so tesseract is not asked about them on every build.
        if writesCache {
            do {
                try cache.store(reading, at: cachePath)
            } catch {
                diagnostics.append(.warning("OCR text not cached (\(error.localizedDescription)); expected a writable \(cachePath)", path: path))
            }
        }
        return .success(reading)
    }

    /// The tesseract command when it and every language of `lang` are installed; when not, nil, and the image
    /// is noted for `finish()`.
    mutating func readyToRead(_ path: String, lang: String) -> URL? {
        if tesseract == nil {
            let command = TesseractReader.executable(searchPath: searchPath)
            tesseract = (command, command.map { (try? TesseractReader.installedLanguages(command: $0)) ?? [] } ?? [])
        }
        guard let tesseract, let command = tesseract.command else {
            unreadWithoutTesseract.append(path)
            return nil
        }
        // An empty list means `--list-langs` itself failed: let tesseract try, and say what it says.
        guard !tesseract.languages.isEmpty else { return command }
        let missing = lang.split(separator: "+").map(String.init).filter { !tesseract.languages.contains($0) }
        for language in missing { unreadByLanguage[language, default: []].append(path) }
        return missing.isEmpty ? command : nil
    }
}

// MARK: - PDFs

private extension ScanNoteLoader {
    /// A scanned PDF as one note: each page's text layer, or the page rendered and read by tesseract (through the
    /// cache, keyed by the rendered page, so a page changed alone is read alone), joined with page breaks so that
    /// running heads and page numbers are still found. A page that cannot be read leaves the whole document out:
    /// a deck missing a page in its middle would teach from half a chapter without saying so.
    mutating func loadPDF(_ file: SourceFile, slug: String) -> (note: Note?, diagnostics: [Diagnostic]) {
        // Only its size is checked here: poppler reads the file itself.
        guard file.size > 0 else { return (nil, [.warning("empty PDF; skipped; expected a scanned document", path: file.path)]) }
        guard file.size <= Self.maximumPDFBytes else {
            return (nil, [.warning("PDF is \(file.size / 1_048_576) MB; skipped; expected a scanned PDF under \(Self.maximumPDFBytes / 1_048_576) MB",
                                   path: file.path)])
        }
        let sidecar: FrontMatter, lang: String
        do throws(Diagnostic) { (sidecar, lang) = try pageSettings(of: file) } catch { return (nil, [error]) }
        var diagnostics = [Diagnostic]()
        guard let read = pdfPages(file, lang: lang, diagnostics: &diagnostics) else { return (nil, diagnostics) }
        return note(from: read.pages.joined(separator: "\u{0C}"), unsure: read.unsure, file: file, slug: slug, settings: sidecar,
                    ocrLang: read.byTesseract ? lang : nil, diagnostics: diagnostics)
    }

    /// A `….pages` folder as one note: its images and PDFs in natural order of their names (`page2` before
    /// `page10`), each read as a scanned page or PDF is, joined with page breaks. As with a PDF, a page that cannot
    /// be read leaves the document out.
    mutating func loadPages(_ folder: SourceFile, slug: String) -> (note: Note?, diagnostics: [Diagnostic]) {
        let sidecar: FrontMatter, lang: String
        do throws(Diagnostic) { (sidecar, lang) = try pageSettings(of: folder) } catch { return (nil, [error]) }
        let parts = (documentPages[folder.path] ?? []).sorted {
            $0.path.compare($1.path, options: [.numeric, .caseInsensitive]) == .orderedAscending
        }
        var diagnostics = [Diagnostic]()
        var pages = [String]()
        var unsure = Set<String>()
        var byTesseract = false
        for part in parts {
            if SourceFile.lastDotSeparated(part.path)?.lowercased() == "pdf" {
                guard let read = pdfPages(part, lang: lang, diagnostics: &diagnostics) else { return (nil, diagnostics) }
                pages += read.pages
                unsure.formUnion(read.unsure)
                byTesseract = byTesseract || read.byTesseract
                continue
            }
            let bytes: [UInt8]
            switch Self.read(part, limit: Self.maximumImageBytes, what: "image", expected: "a scanned page (PNG, JPEG or TIFF)", under: "a scanned page") {
            case .success(let read): bytes = read
            case .failure(let problem): return (nil, diagnostics + [problem])
            }
            byTesseract = true
            switch ocrReading(of: part.url, bytes: bytes, path: part.path, lang: lang, diagnostics: &diagnostics) {
            case .success(let reading)?:
                pages.append(reading.text)
                unsure.formUnion(reading.unsureWords)
            case .failure(let problem)?: return (nil, diagnostics + [problem])
            case nil: return (nil, diagnostics)
            }
        }
        return note(from: pages.joined(separator: "\u{0C}"), unsure: unsure, file: folder, slug: slug, settings: sidecar,
                    ocrLang: byTesseract ? lang : nil, diagnostics: diagnostics)
    }

    /// Every page of a PDF as text, the words tesseract was unsure of, and whether it read any page; nil when the PDF
    /// cannot be read whole (the reason is in `diagnostics`, or poppler is missing and the PDF is noted for `finish()`).
    mutating func pdfPages(_ file: SourceFile, lang: String,
                           diagnostics: inout [Diagnostic]) -> (pages: [String], unsure: Set<String>, byTesseract: Bool)? {
        let path = file.path
        if poppler == nil { poppler = PDFReader.Commands(searchPath: searchPath) }
        guard let commands = poppler ?? nil else {
            unreadWithoutPoppler.append(path)
            return nil
        }
        let pages: [PDFReader.Page]?
        do throws(PDFReader.Failure) {
            pages = try PDFReader.pages(of: file.url, commands: commands) { page, image in
                let bytes = (try? [UInt8](Data(contentsOf: image))) ?? []
                switch ocrReading(of: image, bytes: bytes, path: path, lang: lang, diagnostics: &diagnostics) {
                case .success(let reading)?: return reading
                case .failure(var problem)?:
                    problem.message = "page \(page): " + problem.message
                    diagnostics.append(problem)
                    return nil
                case nil: return nil
                }
            }
        } catch {
            diagnostics.append(.warning(error.message + "; skipped", path: path))
            return nil
        }
        guard let pages else { return nil }
        return (pages.map(\.text), pages.reduce(into: Set()) { $0.formUnion($1.unsureWords) }, pages.contains(where: \.fromImage))
    }
}

// MARK: - Cleaning

private extension ScanNoteLoader {
    /// The cleaned text as a note with the sidecar's settings; its language is the sidecar's, else the one
    /// tesseract read it in (`ocrLang`) when deckgen knows its tag, else the site's. Of the words tesseract was
    /// unsure of, those left in the cleaned text go with it.
    func note(from text: String, unsure: Set<String>, file: SourceFile, slug: String, settings: FrontMatter, ocrLang: String?,
              diagnostics: [Diagnostic]) -> (note: Note?, diagnostics: [Diagnostic]) {
        let lang = settings.lang ?? ocrLang.flatMap(OCRLanguage.tag(for:))
        var diagnostics = diagnostics
        guard !text.trimmingWhitespace.isEmpty else {
            diagnostics.append(.warning("no text (only blank space); skipped; expected scanned or plain text", path: file.path))
            return (nil, diagnostics)
        }
        let cleaned = cleaner.clean(text, lang: lang ?? siteLang).markdown
        guard !cleaned.trimmingWhitespace.isEmpty else {
            diagnostics.append(.warning("nothing left after cleanup (only page numbers and running heads); skipped; expected a page of text",
                                        path: file.path))
            return (nil, diagnostics)
        }
        var frontMatter = settings
        frontMatter.lang = lang
        let lowered = cleaned.lowercased()
        let unsure = unsure.filter(lowered.contains)
        if let warning = Self.mostlyUnsure(cleaned, unsure: unsure) { diagnostics.append(warning.located(in: file.path)) }
        // The hash is of the cleaned text, which is what questions are made from, and of the words they may not use:
        // a better cleanup or reading makes stored questions stale, as an edit to a note does.
        let hashed = unsure.isEmpty ? cleaned : cleaned + "\n" + unsure.sorted().joined(separator: " ")
        var note = Note(path: file.path, slug: slug, frontMatter: frontMatter, body: cleaned, bodyFirstLine: 1,
                        sourceHash: Note.sourceHash(of: hashed))
        note.unsureWords = unsure
        return (note, diagnostics)
    }
}

private extension ScanNoteLoader {
    /// A warning when tesseract was unsure of a quarter or more of the different words of a scan of some length:
    /// its deck then teaches from text that is likely misread, and makes few questions or none.
    static func mostlyUnsure(_ text: String, unsure: Set<String>) -> Diagnostic? {
        guard !unsure.isEmpty else { return nil }
        let words = Set(text.split(whereSeparator: \.isWhitespace).map { UnsureWords.form(of: $0) }.filter { !$0.isEmpty })
        let count = words.intersection(unsure).count
        guard words.count >= 20, count * 4 >= words.count else { return nil }
        return .warning("tesseract was unsure of \(count) of its \(words.count) different words (\(count * 100 / words.count)%), so its deck likely "
                        + "shows misread text, and no question is made from those words; expected a sharper scan or photo (`deckgen scan` lists them by line)")
    }

    /// The settings in the file's sidecar, and the tesseract language they pick: a page's own language (its sidecar's
    /// `lang: ja`) wins over the site's `ocr: lang:`.
    func pageSettings(of file: SourceFile) throws(Diagnostic) -> (sidecar: FrontMatter, lang: String) {
        let sidecar = try sidecarSettings(of: file).get()
        return (sidecar, sidecar.lang.map(OCRLanguage.tesseractName(for:)) ?? settings.lang)
    }

    /// The settings in the file's sidecar (`page1.png.yml` beside `page1.png`), which takes the keys of a
    /// note's front matter (`title`, `lang`, `tags`, `questions`, `order`); none when there is no sidecar.
    func sidecarSettings(of file: SourceFile) -> Result<FrontMatter, Diagnostic> {
        let path = file.path + ".yml"
        let real: String
        switch boundary.place(of: path) {
        case .missing: return .success(FrontMatter())
        case .outside(let target):
            return .failure(.warning("links to \(target), outside the content folder; not read, and its page is skipped; expected the settings file itself", path: path))
        case .inside(let found): real = found
        }
        guard let data = FileManager.default.contents(atPath: real) else { return .success(FrontMatter()) }
        do throws(Diagnostic) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw .error("not UTF-8 text; expected YAML settings such as `lang: ja`", line: 1)
            }
            return .success(try FrontMatter(yaml: YAMLReader.parse(text)))
        } catch {
            return .failure(error.located(in: path))
        }
    }

    /// The file's bytes, or the warning that skips it: empty, over `limit`, or unreadable.
    static func read(_ file: SourceFile, limit: Int, what: String, expected: String, under: String) -> Result<[UInt8], Diagnostic> {
        guard file.size > 0 else {
            return .failure(.warning("empty \(what); skipped; expected \(expected)", path: file.path))
        }
        guard file.size <= limit else {
            return .failure(.warning("\(what) is \(file.size / 1_048_576) MB; skipped; expected \(under) under \(limit / 1_048_576) MB",
                                     path: file.path))
        }
        do {
            return .success(try [UInt8](Data(contentsOf: file.url)))
        } catch {
            return .failure(.warning("cannot be read (\(error.localizedDescription)); skipped; expected a readable file", path: file.path))
        }
    }
}
