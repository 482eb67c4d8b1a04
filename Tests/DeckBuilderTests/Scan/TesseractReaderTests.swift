import Foundation
import Testing
@testable import DeckBuilder

/// Runs the real `tesseract` where it is installed (CI installs it through scripts/install-deps.sh test).
@Suite("Tesseract reader")
struct TesseractReaderTests {
    /// The sample site's scanned page, rendered by bench/ocr_fixtures/make_fixtures.py --sample.
    static func samplePage() throws -> URL {
        try PackageFolders.root().appendingPathComponent("content/scans/water-cycle.png")
    }

    @Test("reads the text of a scanned page", .enabled(if: TesseractReader.isInstalled))
    func readsPage() throws {
        let text = try TesseractReader.read(Self.samplePage(), lang: "eng").text
        #expect(text.contains("The water cycle describes how water moves"))
        #expect(text.contains("Aquifer - a layer of rock"))
    }

    @Test("words misread on a blurred page are unsure; the same page sharp has fewer",
          .enabled(if: TesseractReader.isInstalled && ExternalCommand.find("convert") != nil))
    func unsureWords() throws {
        let folder = try TemporaryFolder()
        let blurred = folder.url.appendingPathComponent("blurred.jpg")
        let process = Process()
        process.executableURL = ExternalCommand.find("convert")
        process.arguments = [try Self.samplePage().path, "-blur", "0x2", "-quality", "30", blurred.path]
        try process.run()
        process.waitUntilExit()
        let sharp = try TesseractReader.read(Self.samplePage(), lang: "eng")
        let smudged = try TesseractReader.read(blurred, lang: "eng")
        #expect(smudged.unsureWords.count >= 10, "\(smudged.unsureWords)")
        #expect(sharp.unsureWords.count < smudged.unsureWords.count / 4, "\(sharp.unsureWords)")
        // Each is a word of the text as read, in lower case.
        #expect(smudged.unsureWords.allSatisfy(smudged.text.lowercased().contains))
    }

    @Test("lists the installed languages", .enabled(if: TesseractReader.isInstalled))
    func languages() throws {
        let languages = try TesseractReader.installedLanguages()
        #expect(languages.contains("eng"))
        #expect(!languages.contains { $0.contains(" ") || $0.contains("/") })
    }

    @Test("a corrupt image is a failure that says what tesseract said", .enabled(if: TesseractReader.isInstalled))
    func corruptImage() throws {
        let folder = try TemporaryFolder()
        try folder.write(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("garbage".utf8), to: "bad.png")
        #expect {
            try TesseractReader.read(folder.url.appendingPathComponent("bad.png"), lang: "eng")
        } throws: { error in
            let message = (error as? TesseractReader.Failure)?.message ?? ""
            return message.hasPrefix("tesseract cannot read the image (") && message.contains("; expected a PNG, JPEG or TIFF")
        }
    }

    @Test("a command that takes too long is stopped at the time limit")
    func timeout() throws {
        let folder = try TemporaryFolder()
        try folder.write("#!/bin/sh\nexec sleep 30\n", to: "tesseract")
        let command = folder.url.appendingPathComponent("tesseract")
        #expect(chmod(command.path, 0o755) == 0)
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try TesseractReader.read(folder.url.appendingPathComponent("page.png"), lang: "eng",
                                     timeout: .milliseconds(300), command: command)
        } throws: { error in
            (error as? TesseractReader.Failure)?.message.contains("was stopped") == true
        }
        #expect(clock.now - start < .seconds(10))
    }

    @Test("a language setting that is not a tesseract language is refused before running anything")
    func badLanguage() {
        #expect(TesseractReader.isLanguageList("eng"))
        #expect(TesseractReader.isLanguageList("chi_sim+eng"))
        #expect(!TesseractReader.isLanguageList(""))
        #expect(!TesseractReader.isLanguageList("eng+"))
        #expect(!TesseractReader.isLanguageList("--psm"))
        #expect(throws: TesseractReader.Failure.self) {
            try TesseractReader.read(URL(fileURLWithPath: "/nonexistent.png"), lang: "-l eng")
        }
    }

    @Test("missing languages name their Debian package")
    func packages() {
        #expect(TesseractReader.package(forLanguage: "chi_sim") == "tesseract-ocr-chi-sim")
        #expect(TesseractReader.package(forLanguage: "jpn") == "tesseract-ocr-jpn")
        #expect(TesseractReader.package(forLanguage: "jpn_vert") == "tesseract-ocr-jpn-vert")
    }

    @Test("no tesseract on the search path")
    func notInstalled() {
        #expect(TesseractReader.executable(searchPath: "/nonexistent") == nil)
        #expect(throws: TesseractReader.Failure.self) {
            try TesseractReader.read(URL(fileURLWithPath: "/x.png"), lang: "eng", timeout: .seconds(1),
                                     command: URL(fileURLWithPath: "/nonexistent/tesseract"))
        }
    }
}

@Suite("Windows-1252")
struct Windows1252Tests {
    @Test("Latin-1 text is recognised and decoded, C1 bytes as Windows-1252")
    func decodes() {
        let bytes: [UInt8] = Array("Caf".utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x80, 0x35]
        #expect(Windows1252.isLikely(bytes))
        #expect(Windows1252.decode(bytes) == "Café “q” €5")
        #expect(Windows1252.decode([0x81]) == "\u{FFFD}")
    }

    @Test("UTF-8, even with a damaged byte, is not taken for Windows-1252")
    func utf8() {
        #expect(!Windows1252.isLikely(Array("Café".utf8)))
        #expect(!Windows1252.isLikely(Array("Café ".utf8) + [0xFF]))
        #expect(!Windows1252.isLikely(Array("plain ASCII".utf8)))
    }
}
