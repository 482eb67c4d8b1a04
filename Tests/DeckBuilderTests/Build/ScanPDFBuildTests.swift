import Foundation
import Testing
@testable import DeckBuilder

/// Scanned PDFs in a build: a text layer read page by page, image-only pages rendered and read by tesseract
/// through the cache, one deck per document, and a clear warning without poppler.
@Suite("Scanned PDFs in a build")
struct ScanPDFBuildTests {
    static let pages = [
        "Evaporation turns liquid water into water vapour.\nThe sun heats the surface of the sea.",
        "Condensation turns water vapour into the droplets\nthat make clouds high above the land.",
        "Precipitation returns water to the ground as rain,\nsnow or hail, and rivers carry it back.",
    ]

    static var popplerAndMagick: Bool {
        ExternalCommand.find("pdftotext") != nil && ExternalCommand.find("convert") != nil && TesseractReader.isInstalled
    }

    /// A page of `text` drawn in black on white, as 8-bit grey PNG, by ImageMagick.
    static func pagePNG(_ text: String, in folder: TemporaryFolder) throws -> Data {
        let output = folder.url.appendingPathComponent("page-\(UUID().uuidString).png")
        let process = Process()
        process.executableURL = ExternalCommand.find("convert")
        process.arguments = ["-size", "1500x\(text.split(separator: "\n").count > 2 ? 520 : 300)", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "40", "-fill", "black",
                             "-annotate", "+40+100", text, "-type", "Grayscale", "-depth", "8", "-define", "png:color-type=0",
                             "-interlace", "none", output.path]
        try process.run()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: output) }
        return try Data(contentsOf: output)
    }

    @Test("a 3-page PDF with a text layer is one deck with its pages in order", .enabled(if: ExternalCommand.find("pdftotext") != nil))
    func textLayer() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "title: Water\n"])
        try folder.write(TestPDF.withText(Self.pages), to: "content/scans/water-cycle.pdf")
        try folder.write(TestPDF.withText(["A paper linked from a note, not a scan."]), to: "content/papers/paper.pdf")
        let summary = ScanBuildTests.build(folder)
        #expect(summary.succeeded && summary.decks == 1, "\(summary.diagnostics)")
        let page = try folder.read("site/decks/scans-water-cycle.html")
        let order = ["Evaporation", "Condensation", "Precipitation"].compactMap { page.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
        #expect(!folder.exists("content/.deckgen/ocr"), "a text layer needs no OCR")
    }

    @Test("an image-only PDF is read page by page through the cache; a page changed alone is read alone",
          .enabled(if: popplerAndMagick))
    func imageOnly() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "title: Water\n"])
        let lines = Self.pages.map { $0.replacingOccurrences(of: "\n", with: " ") }
        let pngs = try lines.map { try Self.pagePNG(String($0.prefix(60)), in: folder) }
        try folder.write(TestPDF.withImages(pngs), to: "content/scans/water-cycle.pdf")
        let first = ScanBuildTests.build(folder)
        #expect(first.succeeded && first.decks == 1, "\(first.diagnostics)")
        let page = try folder.read("site/decks/scans-water-cycle.html")
        let order = ["Evaporation", "Condensation", "Precipitation"].compactMap { page.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "\(page.count)")
        #expect(folder.listing("content/.deckgen/ocr").filter { $0.hasSuffix(".txt") }.count == 3)

        // Unchanged (another note added, so the build runs), it needs no tesseract: every page's text is cached.
        try folder.write("# Other\n\nAnother note.\n", to: "content/other.md")
        let again = ScanBuildTests.build(folder, path: Self.popplerOnly(folder))
        #expect(again.succeeded && !again.diagnostics.contains { $0.message.contains("tesseract") }, "\(again.diagnostics)")

        // One page changed: one page read.
        var changed = pngs
        changed[1] = try Self.pagePNG("Condensation makes clouds and fog in cold air.", in: folder)
        try folder.write(TestPDF.withImages(changed), to: "content/scans/water-cycle.pdf")
        #expect(ScanBuildTests.build(folder).succeeded)
        #expect(folder.listing("content/.deckgen/ocr").filter { $0.hasSuffix(".txt") }.count == 4)
        #expect(try folder.read("site/decks/scans-water-cycle.html").contains("fog"))
    }

    @Test("without poppler the build still works, with one warning naming the package")
    func withoutPoppler() throws {
        let folder = try TemporaryFolder(["content/note.md": "# Note\n\nA note.\n"])
        try folder.write(TestPDF.withText(Self.pages), to: "content/scans/a.pdf")
        try folder.write(TestPDF.withText(Self.pages), to: "content/b.scan.pdf")
        let summary = ScanBuildTests.build(folder, path: folder.url.path)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let warnings = summary.diagnostics.filter { $0.message.contains("poppler-utils") }
        #expect(warnings.count == 1 && warnings[0].message.contains("this and 1 more scanned PDFs not read"))
    }

    /// A folder holding links to poppler's commands only, to stand for a PATH without tesseract.
    static func popplerOnly(_ folder: TemporaryFolder) -> String {
        let bin = folder.url.appendingPathComponent("poppler-bin")
        try? FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["pdfinfo", "pdftotext", "pdftoppm"] {
            if let command = ExternalCommand.find(name) {
                try? FileManager.default.createSymbolicLink(at: bin.appendingPathComponent(name), withDestinationURL: command)
            }
        }
        return bin.path
    }

    @Test("`deckgen scan` reads a PDF and says how it read each page", .enabled(if: ExternalCommand.find("pdftotext") != nil))
    func scanCommand() throws {
        let folder = try TemporaryFolder([:])
        try folder.write(TestPDF.withText(Self.pages), to: "chapter.pdf")
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: ["scan", "chapter.pdf"], console: captured.console, workingDirectory: folder.url).run()
        #expect(status == 0, "\(captured.standardError)")
        #expect(captured.standardOutput.contains("Evaporation") && captured.standardOutput.contains("Precipitation"))
        for page in 1...3 { #expect(captured.standardError.contains("chapter.pdf: page \(page): its text layer")) }
    }

    @Test("`deckgen scan` reads a page folder in natural order of names and says how it read each page",
          .enabled(if: popplerAndMagick))
    func scanCommandPageFolder() throws {
        let folder = try TemporaryFolder([:])
        try folder.write(TestPDF.withText([Self.pages[2]]), to: "chapter.pages/page10.pdf")
        try folder.write(try Self.pagePNG(Self.pages[0], in: folder), to: "chapter.pages/page2.png")
        try folder.write("not a page", to: "chapter.pages/notes.txt")
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: ["scan", "chapter.pages"], console: captured.console, workingDirectory: folder.url).run()
        #expect(status == 0, "\(captured.standardError)")
        let output = captured.standardOutput
        let order = ["Evaporation", "Precipitation"].compactMap { output.range(of: $0)?.lowerBound }
        #expect(order.count == 2 && order == order.sorted(), "\(output)")
        #expect(captured.standardError.contains("chapter.pages: page2.png: read by tesseract"), "\(captured.standardError)")
        #expect(captured.standardError.contains("chapter.pages: page10.pdf: page 1: its text layer"), "\(captured.standardError)")

        let empty = CapturedConsole()
        try folder.write("x", to: "empty.pages/readme.txt")
        #expect(CommandLineInterface(arguments: ["scan", "empty.pages"], console: empty.console, workingDirectory: folder.url).run() != 0)
        #expect(empty.standardError.contains("empty.pages: error: no page images or PDFs in this folder"), "\(empty.standardError)")
    }

    @Test("a folder of 12 page images named .pages is one deck, pages in natural order; a page changed alone is read alone",
          .enabled(if: popplerAndMagick))
    func pageFolder() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "title: Pages\n"])
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]
        // A sentence a page, each unlike the others, so none is taken for a running head.
        let sentences = ["Rivers carve valleys over many years", "Mountains rise where plates collide", "Forests store carbon in their wood",
                         "Deserts get little rain each year", "Oceans cover most of the planet", "Glaciers move slowly downhill",
                         "Volcanoes release gas and ash", "Islands form in many different ways", "Valleys often hold rich farmland",
                         "Lakes can be fresh or salty", "Plains are wide and mostly flat", "Caves form where water dissolves rock"]
        for (index, word) in words.enumerated() {
            try folder.write(try Self.pagePNG("\(sentences[index]), says \(word).", in: folder),
                             to: "content/scans/chapter.pages/page\(index + 1).png")
        }
        let summary = ScanBuildTests.build(folder)
        #expect(summary.succeeded && summary.decks == 1, "\(summary.diagnostics) \(folder.listing("site/decks"))")
        let page = try folder.read("site/decks/scans-chapter.html")
        let order = words.compactMap { page.range(of: $0)?.lowerBound }
        #expect(order.count == 12 && order == order.sorted(), "page2 before page10")
        #expect(folder.listing("content/.deckgen/ocr").filter { $0.hasSuffix(".txt") }.count == 12)

        try folder.write(try Self.pagePNG("Volcanoes release gas and ash, says zulu.", in: folder), to: "content/scans/chapter.pages/page7.png")
        #expect(ScanBuildTests.build(folder).succeeded)
        #expect(folder.listing("content/.deckgen/ocr").filter { $0.hasSuffix(".txt") }.count == 13, "only the changed page was read")
        #expect(try folder.read("site/decks/scans-chapter.html").contains("zulu"))
    }

    @Test("a multi-page TIFF is one deck with its pages in order", .enabled(if: popplerAndMagick))
    func multiPageTIFF() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "title: Water\n"])
        var pages = [URL]()
        for (index, text) in Self.pages.enumerated() {
            let url = folder.url.appendingPathComponent("p\(index).png")
            try Self.pagePNG(text.replacingOccurrences(of: "\n", with: " ").prefix(60).description, in: folder).write(to: url)
            pages.append(url)
        }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("content/scans"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = ExternalCommand.find("convert")
        process.arguments = pages.map(\.path) + [folder.url.appendingPathComponent("content/scans/water-cycle.tif").path]
        try process.run()
        process.waitUntilExit()
        let summary = ScanBuildTests.build(folder)
        #expect(summary.succeeded && summary.decks == 1, "\(summary.diagnostics)")
        let page = try folder.read("site/decks/scans-water-cycle.html")
        let order = ["Evaporation", "Condensation", "Precipitation"].compactMap { page.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }

    @Test("a page photographed sideways or upside down is turned upright before it is read", .enabled(if: popplerAndMagick),
          arguments: [90, 180, 270])
    func sideways(degrees: Int) throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "title: Water\n"])
        let text = Self.pages.joined(separator: "\n")
        let upright = folder.url.appendingPathComponent("upright.png")
        try Self.pagePNG(text, in: folder).write(to: upright)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("content/scans"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = ExternalCommand.find("convert")
        process.arguments = [upright.path, "-rotate", "\(degrees)", folder.url.appendingPathComponent("content/scans/page.png").path]
        try process.run()
        process.waitUntilExit()
        let summary = ScanBuildTests.build(folder)
        #expect(summary.succeeded && summary.decks == 1, "\(summary.diagnostics)")
        let page = try folder.read("site/decks/scans-page.html")
        #expect(["Evaporation", "Condensation", "Precipitation"].allSatisfy(page.contains))
    }
}
