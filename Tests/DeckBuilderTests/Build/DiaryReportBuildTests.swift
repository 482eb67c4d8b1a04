import Foundation
import Testing
@testable import DeckBuilder

@Suite("Diaries in a site build")
struct DiaryReportBuildTests {
    static let diary = """
        start,end,intensity,medication,triggers
        2024-01-04T07:10,2024-01-04T15:30,6,ibuprofen 400 mg,poor sleep
        2024-01-11T18:40,2024-01-12T09:15,7,sumatriptan 50 mg @ 2024-01-11T19:05,red wine

        """

    func build(_ files: [String: String], strict: Bool = false) throws -> (TemporaryFolder, BuildSummary) {
        let folder = try TemporaryFolder(files.reduce(into: [:]) { $0["content/" + $1.key] = $1.value })
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"),
                                   site: folder.url.appendingPathComponent("site"))
        options.strictDiaries = strict
        return (folder, Builder(options: options).build())
    }

    @Test("a diary becomes a report page, listed under Reports on the index")
    func reportPage() throws {
        let (folder, summary) = try build([
            "notes/cells.md": "# Cells\n\nA note.\n",
            "health/headache-diary.csv": Self.diary,
            "deckgen.yml": "title: Study\ndiary:\n  name: Alex\n",
        ])
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(summary.diagnostics.isEmpty, "\(summary.diagnostics)")
        #expect(summary.reports == 1)
        #expect(summary.pages == 3)
        #expect(folder.listing("site") == [DeckRecords.fileName, SiteManifest.fileName, SiteWriter.markerName, "decks/notes-cells.html", "index.html",
                                           "reports/health-headache-diary.html"])
        let index = try folder.read("site/index.html")
        #expect(index.contains("<h2 class=\"section-title\" id=\"deckgen-reports\">Reports</h2>"))
        #expect(index.contains("<a href=\"reports/health-headache-diary.html\">Headache diary</a>"))
        #expect(index.contains("2024-01-04 to 2024-01-12 · 2 attacks"))
        let page = try folder.read("site/reports/health-headache-diary.html")
        #expect(page.contains("<h1>Headache diary: Alex</h1>"))
        #expect(page.contains("<a href=\"../index.html\">Study</a>"))
        #expect(page.contains("http-equiv=\"Content-Security-Policy\""))
        #expect(!page.contains("<script"))
    }

    @Test("a site of diaries alone builds without a 'no notes' warning")
    func diariesAlone() throws {
        let (folder, summary) = try build(["diary.json": #"[{"start": "2024-03-05T14:30", "intensity": 6}]"#])
        #expect(summary.succeeded && summary.diagnostics.isEmpty, "\(summary.diagnostics)")
        #expect(folder.exists("site/reports/diary.html"))
        #expect(!(try folder.read("site/index.html")).contains("No notes yet"))
    }

    @Test("CSV and JSON files that are not diaries stay ordinary files, copied when linked")
    func notDiaries() throws {
        let (folder, summary) = try build([
            "results.md": "# Results\n\nSee [the scores](data/scores.csv) and [the export](data/export.json).\n",
            "data/scores.csv": "name,score\nAda,\"10\n",
            "data/export.json": "{not json",
            "data/list.json": #"{"items": [1, 2]}"#,
            "data/binary.csv": "\u{FF}\u{FE}\u{00}garbage",
        ])
        #expect(summary.succeeded, "\(summary.diagnostics)")
        #expect(summary.diagnostics.isEmpty, "\(summary.diagnostics)")
        #expect(summary.reports == 0)
        #expect(folder.exists("site/files/data/scores.csv"))
        #expect(folder.exists("site/files/data/export.json"))
        #expect(!folder.exists("site/reports"))
        #expect(!(try folder.read("site/index.html")).contains("Reports"))
    }

    @Test("a diary's bad row is a warning at its line; the report is still written")
    func badRow() throws {
        let (folder, summary) = try build([
            "note.md": "# Note\n",
            "diary.csv": "start,intensity\n2024-01-04T07:10,6\n2024-01-05T07:10,high\n2024-01-06T07:10,4\n",
        ])
        #expect(summary.succeeded, "\(summary.diagnostics)")
        let warning = try #require(summary.diagnostics.first)
        #expect(summary.diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.path == "diary.csv" && warning.line == 3)
        #expect(warning.description.hasPrefix("diary.csv:3: warning: intensity: `high` is not an intensity"))
        let page = try folder.read("site/reports/diary.html")
        #expect(page.contains("<tr><td>3<td>intensity<td>"))
    }

    @Test("with --strict a diary's bad row fails the build at its line and no site is written")
    func strictBadRow() throws {
        let (folder, summary) = try build([
            "note.md": "# Note\n",
            "diary.csv": "start,intensity\n2024-01-04T07:10,6\n2024-01-05T07:10,high\n",
        ], strict: true)
        #expect(!summary.succeeded)
        #expect(summary.diagnostics.map(\.description) == ["diary.csv:3: error: intensity: `high` is not an intensity; expected a number from 0 to 10, or none, mild, moderate or severe"])
        #expect(!folder.exists("site"))
    }

    @Test("a file that is plainly a diary but cannot be read fails the build and keeps the previous site")
    func brokenDiary() throws {
        let (_, summary) = try build([
            "note.md": "# Note\n",
            "diary.csv": "start,end,intensity\n2024-01-04T07:10,,\"6\n",
        ])
        #expect(!summary.succeeded)
        let error = try #require(summary.diagnostics.first { $0.severity == .error })
        #expect(error.path == "diary.csv")
        #expect(error.message.contains("never closed"))
    }

    @Test("deckgen's own data is never read as a diary")
    func internalData() throws {
        let (folder, summary) = try build(["note.md": "# Note\n", ".deckgen/questions/diary.csv": Self.diary])
        #expect(summary.succeeded && summary.reports == 0, "\(summary.diagnostics)")
        #expect(!folder.exists("site/reports"))
    }

    @Test("two builds of the same diary give the same bytes")
    func deterministic() throws {
        let files = ["note.md": "# Note\n", "diary.csv": Self.diary]
        let (first, _) = try build(files)
        let (second, _) = try build(files)
        #expect(try first.read("site/reports/diary.html") == second.read("site/reports/diary.html"))
        #expect(try first.read("site/index.html") == second.read("site/index.html"))
    }

    @Test("a user's report.mustache and report.css replace the built-in ones")
    func overrides() throws {
        let (folder, summary) = try build([
            "diary.csv": Self.diary,
            "templates/report.mustache": "<style>{{{style}}}</style><p>{{period}}</p>",
            "templates/report.css": "p { color: black }",
        ])
        #expect(summary.succeeded, "\(summary.diagnostics)")
        // With deckgen's policy ahead of what the folder's template writes.
        let policy = HTML.escape(ContentSecurityPolicy(styles: ["p { color: black }"]).headerValue)
        #expect(try folder.read("site/reports/diary.html") == "<!DOCTYPE html>\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"
                + "<style>p { color: black }</style><p>2024-01-04 to 2024-01-12</p>")
    }
}
