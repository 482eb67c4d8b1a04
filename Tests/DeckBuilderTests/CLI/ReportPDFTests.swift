import Foundation
import Testing
@testable import DeckBuilder

@Suite("deckgen report --pdf")
struct ReportPDFTests {
    static let chromiumInstalled = ChromiumPrinter.executable() != nil

    func run(_ arguments: [String], in folder: URL, chromiumSearchPath: String? = nil) throws -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        guard let chromiumSearchPath else {
            return (CommandLineInterface(arguments: arguments, console: captured.console, workingDirectory: folder).run(), captured)
        }
        var command = try ReportCommand(arguments: Array(arguments.dropFirst()), workingDirectory: folder)
        command.chromiumSearchPath = chromiumSearchPath
        return (command.run(console: captured.console).rawValue, captured)
    }

    func sampleDiary() throws -> URL {
        try PackageFolders.root().appendingPathComponent("content/diary/headache-diary.csv")
    }

    /// The numbers of every `/MediaBox [x0 y0 x1 y1]`.
    func mediaBoxes(_ text: String) throws -> [[Double]] {
        try NSRegularExpression(pattern: #"/MediaBox\s*\[([^\]]*)\]"#)
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range(at: 1), in: text) }
            .map { text[$0].split(separator: " ").compactMap { Double($0) } }
    }

    @Test("prints the report on the paper asked for, with real text", .enabled(if: chromiumInstalled),
          arguments: [(nil, PaperSize.a4), ("a4", .a4), ("letter", .letter), ("Letter", .letter)] as [(String?, PaperSize)])
    func printsPDF(paperArgument: String?, paper: PaperSize) throws {
        let folder = try TemporaryFolder(["out/.keep": ""])
        let diary = try sampleDiary().path
        let (status, captured) = try run(["report", diary, "--pdf", "out/report.pdf"] + (paperArgument.map { ["--paper", $0] } ?? []),
                                         in: folder.url)
        #expect(status == 0, "\(captured.standardError)")
        #expect(captured.standardOutput.isEmpty)
        #expect(captured.standardError.contains("as a PDF (\(paper.title), "))
        #expect(captured.standardError.hasSuffix("→ out/report.pdf\n"))
        let data = try Data(contentsOf: folder.url.appendingPathComponent("out/report.pdf"))
        #expect(data.starts(with: Data("%PDF-".utf8)))
        let text = String(decoding: data, as: UTF8.self)
        #expect(PDFPages.count(in: data) >= 1)
        let boxes = try mediaBoxes(text)
        #expect(!boxes.isEmpty)
        for box in boxes {
            #expect(box.count == 4)
            guard box.count == 4 else { continue }
            // Chromium rounds A4 to 594.96 × 841.92 points.
            #expect(abs(box[2] - box[0] - paper.points.width) < 1.5, "\(box)")
            #expect(abs(box[3] - box[1] - paper.points.height) < 1.5, "\(box)")
        }
        // Text is set in embedded fonts, not painted as pictures of text.
        #expect(text.contains("/Font"))
        #expect(text.contains("/FontFile2") || text.contains("/FontFile3"))
        // Nothing is left behind in the output folder but the PDF.
        #expect(folder.listing("out") == [".keep", "report.pdf"])
    }

    @Test("-o with --pdf writes both, and the HTML has no paper rule of its own", .enabled(if: chromiumInstalled))
    func htmlAndPDF() throws {
        let folder = try TemporaryFolder()
        let (status, captured) = try run(["report", try sampleDiary().path, "-o", "report.html", "--pdf", "report.pdf", "--paper", "letter"],
                                         in: folder.url)
        #expect(status == 0, "\(captured.standardError)")
        #expect(!(try folder.read("report.html")).contains("@page{size:letter}"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("report.pdf")).starts(with: Data("%PDF".utf8)))
    }

    @Test("without Chromium it exits 1, says which package to install, and writes nothing")
    func chromiumMissing() throws {
        let folder = try TemporaryFolder()
        let (status, captured) = try run(["report", try sampleDiary().path, "--pdf", "report.pdf"], in: folder.url,
                                         chromiumSearchPath: folder.url.path)
        #expect(status == 1)
        #expect(captured.standardError == "report: error: --pdf needs Chromium, which is not installed; expected the chromium package (apt-get install chromium)\n")
        #expect(folder.listing(".").isEmpty)
    }

    @Test("Chromium is looked for under each of its names, in order")
    func findsChromium() throws {
        let folder = try TemporaryFolder(["bin/google-chrome": "#!/bin/sh\n", "bin/chromium-browser": "#!/bin/sh\n", "bin/chromium": "not executable"])
        for name in ["google-chrome", "chromium-browser"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("bin/\(name)").path)
        }
        let found = ChromiumPrinter.executable(searchPath: "/nonexistent:" + folder.url.appendingPathComponent("bin").path)
        #expect(found?.lastPathComponent == "chromium-browser")
    }

    @Test("Chromium runs headless, with its own profile, no network and no page header or footer")
    func arguments() {
        let arguments = ChromiumPrinter.arguments(page: URL(fileURLWithPath: "/tmp/x y/report.html"), output: URL(fileURLWithPath: "/tmp/x y/report.pdf"),
                                                  profile: URL(fileURLWithPath: "/tmp/x y/profile"), sandboxed: true)
        #expect(arguments.contains("--headless=new") && arguments.contains("--no-pdf-header-footer") && arguments.contains("--disable-gpu"))
        #expect(arguments.contains("--user-data-dir=/tmp/x y/profile"))
        #expect(arguments.contains("--print-to-pdf=/tmp/x y/report.pdf"))
        #expect(arguments.contains("--disable-background-networking") && arguments.contains("--host-resolver-rules=MAP * ~NOTFOUND"))
        #expect(arguments.last == "file:///tmp/x%20y/report.html")
        #expect(!arguments.contains("--no-sandbox"))
        #expect(ChromiumPrinter.arguments(page: URL(fileURLWithPath: "/a"), output: URL(fileURLWithPath: "/b"), profile: URL(fileURLWithPath: "/c"),
                                          sandboxed: false).first == "--no-sandbox")
    }

    @Test("the paper rule is part of the page's one stylesheet, which its Content-Security-Policy allows by hash")
    func paperRuleAllowed() throws {
        let read = DiaryFile.report(try sampleDiary(), path: "diary.csv", settings: DiarySettings(), stats: DiaryStats(), strict: false)
        let report = try #require(read.0)
        for paper in PaperSize.allCases {
            var page = DiaryReportPage(report: report, name: nil, redactNotes: false)
            page.paper = paper
            let html = page.html()
            let style = try #require(html.firstRange(of: "<style>").flatMap { open in
                html[open.upperBound...].firstRange(of: "</style>").map { String(html[open.upperBound..<$0.lowerBound]) }
            })
            #expect(style.hasSuffix(paper.pageRule))
            #expect(html.contains("sha256-\(SHA256.base64(style))"))
        }
    }

    @Test("usage errors exit 64", arguments: [
        ["--paper", "letter", "-o", "r.html"], ["--pdf", "r.pdf", "--format", "json"], ["--pdf", "r.pdf", "--paper", "a5"], ["--pdf", "-"], ["--pdf"],
    ])
    func usage(options: [String]) throws {
        let folder = try TemporaryFolder()
        let (status, captured) = try run(["report", try sampleDiary().path] + options, in: folder.url)
        #expect(status == 64)
        #expect(captured.standardError.hasPrefix("Error: "))
        #expect(folder.listing(".").isEmpty)
    }
}
