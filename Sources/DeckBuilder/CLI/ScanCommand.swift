import Foundation

/// `deckgen scan FILE… [--lang TAG]`: the cleaned Markdown of each scanned text on standard output, what cleanup
/// did on standard error. Images are read with tesseract when it is installed.
struct ScanCommand: Sendable {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff"]

    let files: [(argument: String, url: URL)]
    let lang: String
    /// How each page of the PDF being read was read (its text layer, or tesseract), said after its diagnostics.
    private let pagesRead = LockedBox([String]())
    /// The words tesseract was unsure of in the file being read.
    private let unsureWords = LockedBox(Set<String>())

    init(arguments: [String], workingDirectory: URL) throws(UsageError) {
        let scanned = try ArgumentScanner(arguments, command: "scan", valueOptions: ["--lang": "lang"], flagOptions: [:])
        guard !scanned.positionals.isEmpty else { throw UsageError("Missing expected argument '<file>'", command: "scan") }
        files = scanned.positionals.map { ($0, ArgumentPath.url($0, from: workingDirectory)) }
        let lang = scanned.values["lang"] ?? "en"
        guard !lang.isEmpty, lang.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "+") }) else {
            throw UsageError("'--lang \(lang)' is not a language tag; expected a tag such as en, zh-Hans or ja", command: "scan")
        }
        self.lang = lang
    }

    func run(console: Console) -> ExitCode {
        var failed = false
        for (number, file) in files.enumerated() {
            if files.count > 1 {
                console.standardOutput((number > 0 ? "\n" : "") + "<!-- \(Self.commentSafe(file.argument)) -->\n\n")
            }
            let (text, diagnostics, textLang) = read(file)
            for diagnostic in diagnostics { console.standardError(diagnostic.description + "\n") }
            for line in pagesRead.withLock({ $0 }) { console.standardError(Diagnostic.printable("\(file.argument): \(line)") + "\n") }
            pagesRead.withLock { $0 = [] }
            guard let text else {
                failed = failed || diagnostics.contains { $0.severity == .error }
                continue
            }
            let result = ScanCleaner().clean(text, lang: textLang)
            console.standardOutput(result.markdown)
            if !result.notes.isEmpty {
                console.standardError(Diagnostic.printable("\(file.argument): \(result.notes.joined(separator: "; "))") + "\n")
            }
            for line in Self.unsureLines(in: result.markdown, unsure: unsureWords.withLock { $0 }) {
                console.standardError(Diagnostic.printable("\(file.argument): \(line)") + "\n")
            }
            unsureWords.withLock { $0 = [] }
        }
        return failed ? .failure : .success
    }

    /// The text of one file, with what reading it found, and the language its lines are joined in.
    private func read(_ file: (argument: String, url: URL)) -> (String?, [Diagnostic], String) {
        if Self.imageExtensions.contains(file.url.pathExtension.lowercased()) { return readImage(file) }
        if file.url.pathExtension.lowercased() == "pdf" { return readPDF(file) }
        if (try? file.url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { return readFolder(file) }
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: file.url))
        } catch {
            return (nil, [.error("cannot be read (\(error.localizedDescription)); expected a readable text file", path: file.argument)], lang)
        }
        do throws(Diagnostic) {
            let decoded = try Windows1252.decodedText(bytes)
            return (decoded.text, decoded.warnings.map { Self.located($0, in: file.argument) }, lang)
        } catch {
            return (nil, [Self.located(error, in: file.argument)], lang)
        }
    }

    private func readImage(_ file: (argument: String, url: URL)) -> (String?, [Diagnostic], String) {
        guard TesseractReader.isInstalled else {
            return (nil, [.error("not read: tesseract is not installed; expected the \(TesseractReader.package) package, or a .txt file", path: file.argument)], lang)
        }
        do throws(TesseractReader.Failure) {
            let reading = try TesseractReader.read(file.url, lang: tesseractLang)
            unsureWords.withLock { $0.formUnion(reading.unsureWords) }
            return (reading.text, [], OCRLanguage.tag(for: tesseractLang) ?? lang)
        } catch {
            return (nil, [.error(error.message, path: file.argument)], lang)
        }
    }

    /// A PDF page by page: each page's text layer, or the page rendered and read by tesseract; how each page was read
    /// is said on standard error.
    private func readPDF(_ file: (argument: String, url: URL)) -> (String?, [Diagnostic], String) {
        guard let commands = PDFReader.Commands(searchPath: nil) else {
            return (nil, [.error("not read: poppler's pdftotext and pdftoppm are not installed; expected the \(PDFReader.package) package", path: file.argument)], lang)
        }
        var failure: Diagnostic?
        let pages: [PDFReader.Page]?
        do throws(PDFReader.Failure) {
            pages = try PDFReader.pages(of: file.url, commands: commands) { page, image in
                guard TesseractReader.isInstalled else {
                    failure = .error("page \(page) has no text layer and tesseract is not installed; expected the \(TesseractReader.package) package", path: file.argument)
                    return nil
                }
                do throws(TesseractReader.Failure) {
                    return try TesseractReader.read(image, lang: tesseractLang)
                } catch {
                    failure = .error("page \(page): " + error.message, path: file.argument)
                    return nil
                }
            }
        } catch {
            return (nil, [.error(error.message, path: file.argument)], lang)
        }
        guard let pages else { return (nil, failure.map { [$0] } ?? [], lang) }
        unsureWords.withLock { words in words = pages.reduce(into: words) { $0.formUnion($1.unsureWords) } }
        pagesRead.withLock { lines in
            for (index, page) in pages.enumerated() {
                let words = page.text.split(whereSeparator: \.isWhitespace).count
                lines.append(page.fromImage ? "page \(index + 1): no text layer, read by tesseract (\(tesseractLang)), \(words) words"
                                            : "page \(index + 1): its text layer, \(words) words")
            }
        }
        return (pages.map(\.text).joined(separator: "\u{0C}"), [], OCRLanguage.tag(for: tesseractLang) ?? lang)
    }

    /// A page folder (`chapter3.pages/`) as the build reads it: its images and PDFs in natural order of their names,
    /// joined with page breaks; how each was read is said on standard error. A page that cannot be read stops it.
    private func readFolder(_ folder: (argument: String, url: URL)) -> (String?, [Diagnostic], String) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
            .filter { name in
                let kind = SourceFile.lastDotSeparated(name)?.lowercased() ?? ""
                return !name.hasPrefix(".") && (Self.imageExtensions.contains(kind) || kind == "pdf")
            }
            .sorted { $0.compare($1, options: [.numeric, .caseInsensitive]) == .orderedAscending }
        guard !names.isEmpty else {
            return (nil, [.error("no page images or PDFs in this folder; expected a page folder such as chapter3.pages/ holding page1.png, page2.png…",
                                 path: folder.argument)], lang)
        }
        var pages = [String]()
        var textLang = lang
        for name in names {
            let part = (argument: folder.argument + (folder.argument.hasSuffix("/") ? "" : "/") + name, url: folder.url.appendingPathComponent(name))
            let before = pagesRead.withLock { $0.count }
            let (text, diagnostics, partLang) = SourceFile.lastDotSeparated(name)?.lowercased() == "pdf" ? readPDF(part) : readImage(part)
            guard let text else { return (nil, diagnostics, lang) }
            pagesRead.withLock { lines in
                let words = text.split(whereSeparator: \.isWhitespace).count
                if lines.count == before { lines.append("read by tesseract, \(words) words") }
                for index in before..<lines.count { lines[index] = name + ": " + lines[index] }
            }
            pages.append(text)
            textLang = partLang
        }
        return (pages.joined(separator: "\u{0C}"), [], textLang)
    }

    /// Where the text holds words tesseract was unsure of, a line of the Markdown at a time: `line 3 of the text:
    /// unsure of "tbe", "c0ll"; expected a check against the page`.
    static func unsureLines(in markdown: String, unsure: Set<String>) -> [String] {
        guard !unsure.isEmpty else { return [] }
        var lines = [String]()
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var found = [String]()
            var rest = String(line)
            // Every unsure word of the line, each once: the first is taken out and the line searched again.
            while let word = UnsureWords.first(in: rest, among: unsure.subtracting(found)) {
                found.append(word)
                rest = rest.lowercased().replacingOccurrences(of: word, with: " ")
            }
            guard !found.isEmpty else { continue }
            lines.append("line \(index + 1) of the text: tesseract was unsure of " + found.map { "\"\($0)\"" }.joined(separator: ", ")
                         + "; expected a check against the page (no question is made from these words)")
        }
        return lines
    }

    /// `--lang` as tesseract names it: a tesseract language list as given (`eng+jpn`), a language tag translated (`ja`).
    private var tesseractLang: String {
        TesseractReader.isLanguageList(lang) && lang.count >= 3 ? lang : OCRLanguage.tesseractName(for: lang)
    }

    private static func located(_ diagnostic: Diagnostic, in path: String) -> Diagnostic {
        var located = diagnostic
        located.path = path
        return located
    }

    /// A file name inside `<!-- … -->`: `--` would end the comment early.
    private static func commentSafe(_ name: String) -> String {
        name.replacingOccurrences(of: "--", with: "-\u{200B}-")
    }
}
