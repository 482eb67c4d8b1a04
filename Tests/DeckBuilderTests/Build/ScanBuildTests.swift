import Foundation
import Testing
@testable import DeckBuilder

@Suite("Scanned pages and text files in a build")
struct ScanBuildTests {
    /// A 64×64 white PNG: a valid image with no text on it.
    static let blankPNG = Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAEAAAABAAQAAAACCEkxzAAAAEklEQVQoz2P4DwUMo4xRBukMAOPT/hB1CzVqAAAAAElFTkSuQmCC") ?? Data()

    static func build(_ folder: TemporaryFolder, path: String? = nil, check: Bool = false) -> BuildSummary {
        var environment = ProcessInfo.processInfo.environment
        if let path { environment["PATH"] = path }
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"),
                                   site: folder.url.appendingPathComponent("site"), environment: environment)
        return check ? Builder(options: options).check() : Builder(options: options).build()
    }

    @Test("a text file becomes a deck titled by its file name, with questions from the offline generator")
    func textNote() throws {
        let folder = try TemporaryFolder([
            "content/notes/water-cycle.txt": """
                Evaporation turns liquid water into water vapour. Transpiration is the loss of water from the
                leaves of plants. Condensation turns water vapour into the droplets that make clouds.

                Infiltration is the process by which water soaks into the soil. An aquifer is a layer of porous
                rock that holds groundwater.
                """,
        ])
        let summary = Self.build(folder)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let page = try folder.read("site/decks/notes-water-cycle.html")
        #expect(page.contains("water cycle"))
        #expect(page.contains("aquifer"))
        #expect(folder.exists("content/.deckgen/questions/notes/water-cycle.txt.md"))
    }

    @Test("bad text files and images are warnings, and the rest of the site builds")
    func badInputs() throws {
        let folder = try TemporaryFolder(["content/fine.md": "# Fine\n\nA normal note.\n"])
        try folder.write(Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00]), to: "content/binary.txt")
        try folder.write(Data("Le caf".utf8) + Data([0xE9]) + Data(" est cr".utf8) + Data([0xE8, 0x6D, 0x65, 0x0D, 0x0A]), to: "content/latin1.txt")
        try folder.write(Data(), to: "content/empty.txt")
        try folder.write(Data("\n  \n".utf8), to: "content/blank.txt")
        try folder.write(Data(repeating: UInt8(ascii: "a"), count: 20 * 1024 * 1024), to: "content/huge.txt")
        try folder.write(Data([0x89, 0x50, 0x4E, 0x47]) + Data("garbage".utf8), to: "content/scans/corrupt.png")
        try folder.write(Data(), to: "content/scans/empty.png")
        let summary = Self.build(folder)
        let byFile = Dictionary(grouping: summary.diagnostics, by: \.path)

        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(summary.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(byFile["binary.txt"]?.first?.message.contains("binary data (a NUL byte at byte offset 6), not text; skipped;") == true)
        #expect(byFile["latin1.txt"]?.first?.message == "not UTF-8 (byte 0xE9 at byte offset 6); read as Windows-1252 (Latin-1); expected UTF-8 text")
        #expect(byFile["empty.txt"]?.first?.message.hasPrefix("empty file; skipped;") == true)
        #expect(byFile["blank.txt"]?.first?.message.hasPrefix("no text") == true)
        #expect(byFile["huge.txt"]?.first?.message == "file is 20 MB; skipped; expected a text under 16 MB")
        #expect(byFile["scans/empty.png"]?.first?.message.hasPrefix("empty image; skipped;") == true)
        #expect(byFile["scans/corrupt.png"]?.isEmpty == false)
        #expect(try folder.read("site/decks/latin1.html").contains("Le café est crème"))
        #expect(folder.exists("site/decks/fine.html"))
        #expect(!folder.exists("site/decks/binary.html"))
        #expect(summary.seconds < 60)
    }

    @Test("without tesseract: one warning naming the package, the build goes on, a linked scan is still copied")
    func withoutTesseract() throws {
        let folder = try TemporaryFolder([
            "content/note.md": "# Note\n\nSee ![the first page](scans/page1.png).\n",
            "content/images/photo.png": "not really a png",
        ])
        try folder.write(Self.blankPNG, to: "content/scans/page1.png")
        try folder.write(Self.blankPNG, to: "content/scans/page2.png")
        try folder.write(Self.blankPNG, to: "content/chapter.scan.jpg")
        let summary = Self.build(folder, path: "/nonexistent")
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let tesseract = summary.diagnostics.filter { $0.message.contains("tesseract") }
        #expect(tesseract.count == 1)
        #expect(tesseract.first?.path == "chapter.scan.jpg")
        #expect(tesseract.first?.message == "this and 2 more scanned images not read: tesseract is not installed; expected the tesseract-ocr package (apt-get install tesseract-ocr)")
        #expect(folder.exists("site/files/scans/page1.png"))
        #expect(try folder.read("site/decks/note.html").contains("../files/scans/page1.png"))
        #expect(try folder.listing("site/decks") == ["note.html"])
    }

    @Test("only images in a scans folder or named *.scan.* are scanned pages")
    func scanRule() {
        #expect(SourceFile.kind(ofPath: "scans/page1.png") == .scanImage)
        #expect(SourceFile.kind(ofPath: "biology/Scans/leaf.JPG") == .scanImage)
        #expect(SourceFile.kind(ofPath: "page1.scan.tiff") == .scanImage)
        #expect(SourceFile.kind(ofPath: "images/photo.png") == .other)
        #expect(SourceFile.kind(ofPath: "scans.png") == .other)
        #expect(SourceFile.kind(ofPath: "scans/notes.csv") == .other)
        #expect(SourceFile.kind(ofPath: "notes/lecture.txt") == .scanText)
        #expect(SourceFile.kind(ofPath: ".deckgen/ocr/abc-eng.txt") == .internalData)
        #expect(QuestionStore.path(forNote: "scans/page1.png") == ".deckgen/questions/scans/page1.png.md")
        #expect(Slug.unique(forPaths: ["scans/page1.md", "scans/page1.png"])["scans/page1.png"]?.hasPrefix("scans-page1-") == true)
    }

    @Test("a scanned page is read once, cached, and builds from the cache without tesseract",
          .enabled(if: TesseractReader.isInstalled))
    func scannedPage() throws {
        let folder = try TemporaryFolder()
        let image = try Data(contentsOf: TesseractReaderTests.samplePage())
        try folder.write(image, to: "content/scans/water-cycle.png")
        let cache = "content/" + OCRCache.path(forImage: [UInt8](image), lang: "eng")

        // `check` reads the page (and fails, since no questions are stored yet) but writes nothing.
        _ = Self.build(folder, check: true)
        #expect(!folder.exists(cache))

        let first = Self.build(folder)
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(try folder.read(cache).contains("Aquifer - a layer of rock"))
        #expect(try folder.read("site/decks/scans-water-cycle.html").contains("Aquifer - a layer of rock"))

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site"))
        let second = Self.build(folder, path: "/nonexistent")
        #expect(second.succeeded, "\(second.diagnostics)")
        #expect(!second.diagnostics.contains { $0.message.contains("tesseract") })
        #expect(try folder.read("site/decks/scans-water-cycle.html").contains("Aquifer - a layer of rock"))
    }

    @Test("a word tesseract was unsure of becomes no answer and no wrong choice, and knowing it remakes the questions")
    func unsureWordsKeptOutOfChoices() throws {
        let folder = try TemporaryFolder()
        let image = try Data(contentsOf: TesseractReaderTests.samplePage())
        try folder.write(image, to: "content/scans/water-cycle.png")
        // The page's text as tesseract read it, cached: the build needs no tesseract.
        let cached = try String(contentsOf: PackageFolders.root().appendingPathComponent("content/.deckgen/ocr")
            .appendingPathComponent(PathParts.split(OCRCache.path(forImage: [UInt8](image), lang: "eng")).name), encoding: .utf8)
        let cache = "content/" + OCRCache.path(forImage: [UInt8](image), lang: "eng")
        try folder.write(cached, to: cache)
        func choices() throws -> [String] {
            try folder.read("content/" + QuestionStore.path(forNote: "scans/water-cycle.png"))
                .split(separator: "\n").filter { $0.hasPrefix("- [") }.map { String($0.dropFirst(6)) }
        }

        let before = Self.build(folder, path: "/nonexistent")
        #expect(before.succeeded, "\(before.diagnostics)")
        #expect(try choices().contains { $0.contains("Aquifer") })

        try folder.write("aquifer\n", to: "content/" + OCRCache.unsurePath(forText: String(cache.dropFirst("content/".count))))
        let after = Self.build(folder, path: "/nonexistent")
        #expect(after.succeeded, "\(after.diagnostics)")
        let kept = try choices()
        #expect(!kept.isEmpty)
        #expect(!kept.contains { $0.lowercased().contains("aquifer") }, "\(kept)")
        #expect(!after.diagnostics.contains { $0.message.contains("was unsure of") }, "one word of many is no reason to warn")

        // Most of its words unsure: the scan is likely misread, and the build says so.
        let words = Set(cached.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        try folder.write(words.sorted().joined(separator: "\n") + "\n",
                         to: "content/" + OCRCache.unsurePath(forText: String(cache.dropFirst("content/".count))))
        let smudged = Self.build(folder, path: "/nonexistent")
        let warning = smudged.diagnostics.first { $0.message.contains("was unsure of") }
        #expect(warning?.path == "scans/water-cycle.png" && warning?.severity == .warning, "\(smudged.diagnostics)")
        #expect(warning?.message.contains("expected a sharper scan or photo") == true)
    }

    @Test("a language tesseract lacks is one warning naming its package; a blank page is a warning",
          .enabled(if: TesseractReader.isInstalled))
    func missingLanguageAndBlankPage() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "ocr:\n  lang: eng+zzz\n"])
        try folder.write(Self.blankPNG, to: "content/scans/a.png")
        try folder.write(Self.blankPNG, to: "content/scans/b.png")
        let missing = Self.build(folder)
        #expect(missing.succeeded, "\(missing.diagnostics)")
        #expect(missing.diagnostics.filter { $0.message.contains("tesseract") }.map(\.description) == [
            "scans/a.png: warning: this and 1 more scanned images not read: tesseract has no `zzz` language installed; expected the tesseract-ocr-zzz package (apt-get install tesseract-ocr-zzz)",
        ])

        try folder.write("ocr:\n  lang: eng\n", to: "content/deckgen.yml")
        let blank = Self.build(folder)
        #expect(blank.succeeded, "\(blank.diagnostics)")
        #expect(blank.diagnostics.contains { $0.path == "scans/a.png" && $0.message.hasPrefix("tesseract found no text on this image; skipped;") })
    }

    @Test("a bad ocr setting is an error at its line")
    func badSetting() throws {
        let folder = try TemporaryFolder(["content/deckgen.yml": "ocr:\n  lang: english please\n", "content/a.md": "# A\n\ntext\n"])
        let summary = Self.build(folder)
        #expect(summary.diagnostics.contains { $0.severity == .error && $0.path == "deckgen.yml" && $0.line == 2 })
    }

    @Test("a sidecar gives a text file its title, language and tags; a bad sidecar is an error at its line")
    func textSidecar() throws {
        let folder = try TemporaryFolder([
            "content/notes/cycle.txt": "Evaporation turns liquid water into water vapour. Condensation makes the clouds.\n",
            "content/notes/cycle.txt.yml": "title: The water cycle\nlang: fr\ntags: [water]\n",
        ])
        let summary = Self.build(folder)
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let page = try folder.read("site/decks/notes-cycle.html")
        #expect(page.contains("<title>The water cycle"))
        #expect(page.contains("lang=\"fr\""))

        try folder.write("title: [unclosed\n", to: "content/notes/cycle.txt.yml")
        let bad = Self.build(folder)
        #expect(!bad.succeeded)
        #expect(bad.diagnostics.contains { $0.severity == .error && $0.path == "notes/cycle.txt.yml" && $0.line != nil }, "\(bad.diagnostics)")
    }

    @Test("an image's sidecar language picks tesseract's language and the page's",
          .enabled(if: TesseractReader.isInstalled))
    func imageSidecarLanguage() throws {
        let folder = try TemporaryFolder(["content/scans/a.png.yml": "lang: ja\n"])
        try folder.write(Self.blankPNG, to: "content/scans/a.png")
        let summary = Self.build(folder)
        // The blank page is read (and found empty) in Japanese: the cache entry is named for `jpn`.
        #expect(folder.exists("content/" + OCRCache.path(forImage: [UInt8](Self.blankPNG), lang: "jpn")), "\(summary.diagnostics)")
        #expect(summary.diagnostics.contains { $0.message.contains("`jpn` text") })
    }

    @Test("tesseract names for language tags", arguments: [
        ("en", "eng"), ("en-GB", "eng"), ("zh", "chi_sim"), ("zh-Hans", "chi_sim"), ("zh-TW", "chi_tra"), ("zh-Hant", "chi_tra"),
        ("ja", "jpn"), ("ko", "kor"), ("de", "deu"), ("xx", "eng"),
    ])
    func tesseractNames(_ tag: String, _ name: String) {
        #expect(OCRLanguage.tesseractName(for: tag) == name)
    }
}
