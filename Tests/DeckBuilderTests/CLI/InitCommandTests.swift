import Foundation
import Testing
@testable import DeckBuilder

@Suite("deckgen init")
struct InitCommandTests {
    func run(_ arguments: [String], in folder: URL) -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: arguments, console: captured.console, workingDirectory: folder).run()
        return (status, captured)
    }

    @Test("makes the starter in a new folder, lists it and names the next commands")
    func makesStarter() throws {
        let folder = try TemporaryFolder()
        let (status, captured) = run(["init", "notes/starter"], in: folder.url)
        #expect(status == 0, "\(captured.standardError)")
        #expect(captured.standardError.isEmpty)
        for file in StarterFiles.all {
            #expect(try folder.read("notes/starter/" + file.path) == file.text, "\(file.path)")
            #expect(captured.standardOutput.contains("notes/starter/\(file.path)"))
        }
        #expect(folder.listing("notes/starter") == StarterFiles.all.map(\.path).sorted())
        #expect(captured.standardOutput.contains("deckgen build notes/starter"))
        #expect(captured.standardOutput.contains("deckgen serve notes/starter"))
    }

    @Test("the folder defaults to the current one, and paths are shown without ./")
    func currentFolder() throws {
        let folder = try TemporaryFolder()
        let (status, captured) = run(["init"], in: folder.url)
        #expect(status == 0)
        #expect(folder.exists("deckgen.yml"))
        #expect(captured.standardOutput.contains("\n  deckgen.yml "))
        #expect(captured.standardOutput.contains("deckgen build .") && captured.standardOutput.contains("deckgen serve ."))
    }

    @Test("the starter builds with no warning and no error, then checks clean")
    func buildsClean() throws {
        let folder = try TemporaryFolder()
        #expect(run(["init", "starter"], in: folder.url).0 == 0)
        let options = BuildOptions(content: folder.url.appendingPathComponent("starter"), site: folder.url.appendingPathComponent("site"))
        let built = Builder(options: options).build()
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics.map(\.description))")
        #expect(built.succeeded)
        #expect(built.decks == 3 && built.reports == 1)
        #expect(built.questions >= 6)
        #expect(folder.exists("site/reports/diary-headache-diary.html"))
        #expect(folder.exists("site/decks/scans-tides-page.html"))
        let checked = Builder(options: options).check()
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics.map(\.description))")
    }

    @Test("the starter builds inside itself, as the CI workflow and .gitignore expect (site/ beside the notes)")
    func buildsInPlace() throws {
        let folder = try TemporaryFolder()
        #expect(run(["init"], in: folder.url).0 == 0)
        let (status, captured) = run(["build", ".", "-o", "site"], in: folder.url)
        #expect(status == 0, "\(captured.standardError)")
        #expect(!captured.standardError.contains("warning"))
        #expect(run(["check", "."], in: folder.url).0 == 0)
        #expect(try folder.read(".gitignore") == "site/\n")
    }

    @Test("the scanned page shows cleanup: a hyphenated word rejoined and the page number dropped")
    func scannedPageCleans() {
        let cleaned = ScanCleaner().clean(StarterFiles.scannedPage)
        #expect(cleaned.notes.contains("1 page number removed"))
        #expect(cleaned.notes.contains { $0.hasSuffix("hyphenated words rejoined") || $0.hasSuffix("hyphenated word rejoined") })
        #expect(cleaned.markdown.contains("low waters") && cleaned.markdown.contains("right angles"))
        #expect(!cleaned.markdown.contains("17"))
    }

    @Test("deckgen.yml reads cleanly as written, and with every setting uncommented")
    func settingsParse() throws {
        let folder = try TemporaryFolder(["deckgen.yml": StarterFiles.settings])
        let asWritten = SiteSettings.load(from: folder.url)
        #expect(asWritten.diagnostics.isEmpty)
        #expect(asWritten.settings == SiteSettings())
        // `# key:` at any indent is a setting; prose comment lines never look like one.
        let uncommented = StarterFiles.settings.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: #"^# ( *)[a-z_]+:"#, options: .regularExpression) != nil ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        #expect(uncommented.contains("\nllm: ") && uncommented.contains("\n  provider: offline "))
        try folder.write(uncommented, to: "deckgen.yml")
        let (settings, diagnostics) = SiteSettings.load(from: folder.url)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        #expect(settings.title == "Study decks" && settings.lang == "en")
        #expect(settings.llm.provider == .offline && settings.llm.model == "gpt-4o-mini" && settings.llm.keyVariable == "OPENAI_API_KEY")
        #expect(settings.ocr.lang == "eng")
        #expect(settings.diary.dateFormat == .dayFirst)
        #expect(settings.diary.name == "A. Patient")
        #expect(settings.diary.medications["mylocalbrand"] == .some(.triptan))
        // Every top-level key the README documents is there to uncomment.
        for key in SiteSettings.knownKeys { #expect(uncommented.contains("\n\(key):"), "\(key)") }
    }

    @Test("the workflow written is examples/ci/publish.yml with the repository as the content folder")
    func workflowMatchesExample() throws {
        let example = try String(contentsOf: PackageFolders.root().appendingPathComponent("examples/ci/publish.yml"), encoding: .utf8)
        #expect(StarterWorkflow.text(content: "content") == example)
        let starter = try #require(StarterFiles.all.first { $0.path == ".github/workflows/deckgen.yml" })
        #expect(starter.text.contains("\n  CONTENT: .\n"))
        #expect(starter.text == example.replacingOccurrences(of: "\n  CONTENT: content\n", with: "\n  CONTENT: .\n"))
    }

    @Test("an existing file stops it: nothing is written, and the first such file is named", arguments: [
        ["astronomy/the-moon.md"], ["diary/headache-diary.csv", "scans/tides-page.txt"], [".gitignore", "deckgen.yml"],
    ])
    func refusesToOverwrite(existing: [String]) throws {
        let folder = try TemporaryFolder()
        for path in existing { try folder.write("mine\n", to: "starter/" + path) }
        let (status, captured) = run(["init", "starter"], in: folder.url)
        #expect(status == 1)
        #expect(captured.standardOutput.isEmpty)
        let first = try #require(StarterFiles.all.map(\.path).first { existing.contains($0) })
        #expect(captured.standardError.hasPrefix("starter/\(first): error: already exists; expected an empty folder or a new one"))
        #expect(folder.listing("starter") == existing.sorted())
        for path in existing { #expect(try folder.read("starter/" + path) == "mine\n") }
    }

    @Test("a file where the folder or one of its subfolders must go stops it")
    func fileInTheWay() throws {
        let folder = try TemporaryFolder(["taken": "x", "starter/astronomy": "x"])
        let (status, captured) = run(["init", "taken"], in: folder.url)
        #expect(status == 1)
        #expect(captured.standardError.hasPrefix("taken: error: is a file"))
        let (again, second) = run(["init", "starter"], in: folder.url)
        #expect(again == 1)
        #expect(second.standardError.hasPrefix("starter/astronomy: error: is a file"))
        #expect(folder.listing("starter") == ["astronomy"])
    }

    @Test("a dangling symbolic link counts as an existing file")
    func danglingLink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("starter"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("starter/deckgen.yml").path,
                                                   withDestinationPath: "/nonexistent/deckgen.yml")
        let (status, captured) = run(["init", "starter"], in: folder.url)
        #expect(status == 1)
        #expect(captured.standardError.hasPrefix("starter/deckgen.yml: error: already exists"))
    }

    @Test("usage errors exit 64, and help goes to standard output", arguments: [["init", "a", "b"], ["init", "--force"]])
    func usage(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let (status, captured) = run(arguments, in: folder.url)
        #expect(status == 64)
        #expect(captured.standardError.contains("Usage: deckgen init [<folder>]"))
        #expect(folder.listing(".").isEmpty)
        let (helpStatus, help) = run(["init", "--help"], in: folder.url)
        #expect(helpStatus == 0 && help.standardOutput.hasPrefix("OVERVIEW: Create a starter content folder"))
        #expect(run(["help", "init"], in: folder.url).1.standardOutput == help.standardOutput)
        #expect(run(["--help"], in: folder.url).1.standardOutput.contains("\n  init "))
    }
}
