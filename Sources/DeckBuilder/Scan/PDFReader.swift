import Foundation

/// Reads a scanned PDF page by page with poppler's command-line tools (Debian's `poppler-utils`): a page's text
/// layer with `pdftotext` when it has one (scanner apps write one), else the page as an image with `pdftoppm`, for
/// tesseract. The commands rather than the library: poppler's C++ API has no C interface Swift can import, its GLib
/// one pulls in cairo and GObject, and the tools are the same code, each run bounded by a time limit.
enum PDFReader {
    /// The Debian package that provides the commands.
    static let package = "poppler-utils"
    /// How long one page may take to read or render.
    static let timeout: Duration = .seconds(60)
    /// The resolution pages are rendered at for tesseract, which reads best at about 300 dpi.
    static let renderDPI = 300

    /// Why a PDF could not be read, in words a person can act on.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The three commands, when all are installed.
    struct Commands {
        var info: URL
        var text: URL
        var render: URL

        init?(searchPath: String?) {
            guard let info = ExternalCommand.find("pdfinfo", searchPath: searchPath),
                  let text = ExternalCommand.find("pdftotext", searchPath: searchPath),
                  let render = ExternalCommand.find("pdftoppm", searchPath: searchPath) else { return nil }
            self.info = info
            self.text = text
            self.render = render
        }
    }

    /// How many pages the PDF has.
    static func pageCount(of pdf: URL, commands: Commands) throws(Failure) -> Int {
        let result = try run(commands.info, [pdf.standardizedFileURL.path])
        guard result.status == 0 else {
            throw Failure(message: "not a PDF poppler can read (\(result.errorSummary)); expected a PDF from a scanner app")
        }
        let output = String(decoding: result.output, as: UTF8.self)
        guard let line = output.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("Pages:") }),
              let pages = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)), pages > 0 else {
            throw Failure(message: "the PDF has no pages; expected a scanned document")
        }
        return pages
    }

    /// The text layer of page `page` (1-based), empty when the page is only an image.
    static func text(ofPage page: Int, of pdf: URL, commands: Commands) throws(Failure) -> String {
        let result = try run(commands.text, ["-f", "\(page)", "-l", "\(page)", "-enc", "UTF-8", "-eol", "unix",
                                             pdf.standardizedFileURL.path, "-"])
        guard result.status == 0 else {
            throw Failure(message: "page \(page) could not be read (\(result.errorSummary)); expected a readable PDF")
        }
        // pdftotext ends each page with a form feed: the pages are joined with one later.
        return String(decoding: result.output, as: UTF8.self).replacingOccurrences(of: "\u{0C}", with: "")
    }

    /// Page `page` rendered in grey as a PNG file in `folder`.
    static func image(ofPage page: Int, of pdf: URL, into folder: URL, commands: Commands) throws(Failure) -> URL {
        let prefix = folder.appendingPathComponent("page-\(page)")
        let result = try run(commands.render, ["-f", "\(page)", "-l", "\(page)", "-r", "\(renderDPI)", "-gray", "-png",
                                               "-singlefile", pdf.standardizedFileURL.path, prefix.path])
        let image = prefix.appendingPathExtension("png")
        guard result.status == 0, FileManager.default.fileExists(atPath: image.path) else {
            throw Failure(message: "page \(page) could not be rendered (\(result.errorSummary)); expected a readable PDF")
        }
        return image
    }

    /// One page as read: its text, and whether it came from the page rendered as an image rather than its text layer.
    struct Page {
        var text: String
        var fromImage: Bool
        /// The words tesseract was unsure of, for a page it read.
        var unsureWords: Set<String> = []
    }

    /// Every page of `pdf` in order: its text layer, or, for a page without one, what `readImage` makes of the page
    /// rendered as a PNG; nil as soon as `readImage` gives nil (it has said why).
    static func pages(of pdf: URL, commands: Commands, readImage: (_ page: Int, _ image: URL) -> PageReading?) throws(Failure) -> [Page]? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deckgen-pdf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var pages = [Page]()
        for page in 1...(try pageCount(of: pdf, commands: commands)) {
            let layer = try text(ofPage: page, of: pdf, commands: commands)
            if hasText(layer) {
                pages.append(Page(text: layer, fromImage: false))
                continue
            }
            guard let read = readImage(page, try image(ofPage: page, of: pdf, into: folder, commands: commands)) else { return nil }
            pages.append(Page(text: read.text, fromImage: true, unsureWords: read.unsureWords))
        }
        return pages
    }

    /// Whether a text layer holds real text rather than a scanner's stray marks: a few letters at least.
    static func hasText(_ text: String) -> Bool {
        text.unicodeScalars.count { $0.properties.isAlphabetic } >= 8
    }

    private static func run(_ command: URL, _ arguments: [String]) throws(Failure) -> ExternalCommand.Result {
        let result: ExternalCommand.Result
        do throws(ExternalCommand.Failure) {
            result = try ExternalCommand.run(command, arguments, timeout: timeout)
        } catch {
            throw Failure(message: "\(command.lastPathComponent) could not be started (\(error.message)); expected a working \(package) install")
        }
        if result.timedOut {
            throw Failure(message: "\(command.lastPathComponent) took more than \(timeout.components.seconds) s and was stopped; expected a PDF page it reads in under a minute")
        }
        return result
    }
}
