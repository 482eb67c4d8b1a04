import Foundation
import Testing
@testable import DeckBuilder

@Suite("Preventive periods")
struct PreventivePeriodTests {
    static let start = CalendarDay(year: 2024, month: 4, day: 1)!

    /// A migraine every third day for the 90 days before April 2024, every tenth day after; `column` fills a
    /// preventive column on the rows from the start.
    static func diary(column: String? = nil) -> String {
        var text = "start,end,intensity,type" + (column == nil ? "" : ",preventive") + "\n"
        for offset in -90..<150 {
            let day = start.adding(days: offset)
            guard offset < 0 ? (offset + 90) % 3 == 0 : offset % 10 == 0 else { continue }
            text += "\(day)T08:00,\(day)T14:00,7,migraine" + (column.map { offset < 0 ? "," : ",\($0)" } ?? "") + "\n"
        }
        return text
    }

    func report(_ text: String, preventives: [PreventiveSetting] = []) throws -> DiaryReport {
        var stats = DiaryStats()
        stats.preventives = preventives
        return stats.report(try DiaryReader().read(text, path: "d.csv", fileExtension: "csv"))
    }

    @Test("migraine days per 30 days in the 90 days before and from day 31 for 90 days; a fall of half or more is marked")
    func beforeAndDuring() throws {
        let report = try report(Self.diary(), preventives: [PreventiveSetting(name: "Topiramate", start: Self.start, stop: nil)])
        let period = try #require(report.preventives.first)
        #expect(period.before?.perThirtyDays == 10)
        #expect(period.before?.days == Self.start.adding(days: -90)...Self.start.adding(days: -1))
        // Days 30–119 after the start: a migraine on 30, 40, … 110: 9 in 90 days.
        #expect(period.during?.days == Self.start.adding(days: 30)...Self.start.adding(days: 119))
        #expect(period.during?.perThirtyDays == 3)
        #expect(abs((period.reduction ?? 0) - 0.7) < 1e-9)
        let html = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        #expect(html.contains("<h2 id=\"preventives\">Preventive treatment</h2>"))
        #expect(html.contains("<tr><th scope=\"row\">Topiramate<td>from 2024-04-01<td>10.0 (2024-01-02 to 2024-03-31, 90 days)"
            + "<td>3.0 (2024-05-01 to 2024-07-29, 90 days)<td>−70%<td>yes"))
        let json = DiaryReportJSON.text(of: report)
        #expect(json.contains("\"reduction\" : 0.7"))
        #expect(json.contains("\"dates_from\" : \"settings\""))
    }

    @Test("a preventive column gives the period from the first to the last row naming the drug, whatever the dose; settings win for the same drug")
    func fromTheColumn() throws {
        let report = try report(Self.diary(column: "propranolol 80 mg"))
        let period = try #require(report.preventives.first)
        #expect(period.fromColumn && period.name == "propranolol")
        #expect(period.start == Self.start && period.stop == Self.start.adding(days: 140))
        let doses = Self.diary(column: "propranolol 40 mg") + "2024-09-01T08:00,2024-09-01T14:00,7,migraine,Propranolol 80 mg\n"
        #expect(try self.report(doses).preventives.map(\.name) == ["propranolol"])
        let set = try self.report(Self.diary(column: "propranolol 80 mg"),
                                  preventives: [PreventiveSetting(name: "Propranolol 80 mg", start: Self.start.adding(days: -10), stop: nil)])
        #expect(set.preventives.count == 1 && set.preventives.first?.fromColumn == false)
    }

    @Test("too few days of diary before or during give no rate and no verdict; no preventive, no section")
    func tooFewDays() throws {
        let report = try report(Self.diary(), preventives: [PreventiveSetting(name: "Early", start: Self.start.adding(days: -80), stop: nil),
                                                            PreventiveSetting(name: "Brief", start: Self.start, stop: Self.start.adding(days: 40))])
        let early = try #require(report.preventives.first { $0.name == "Early" })
        #expect(early.before == nil && early.reduction == nil)
        let brief = try #require(report.preventives.first { $0.name == "Brief" })
        #expect(brief.during == nil)
        #expect(DiaryReportPage(report: report, name: nil, redactNotes: false).html().contains("too few days of diary"))
        let none = DiaryReportPage(report: try self.report(Self.diary()), name: nil, redactNotes: false).html()
        #expect(!none.contains("Preventive treatment"))
    }

    @Test("deckgen.yml's preventives: a list of name, start and stop; mistakes are errors at their line")
    func settings() throws {
        let yaml = "preventives:\n  - name: topiramate\n    start: 2024-01-10\n    stop: 2024-07-01\n  - name: candesartan\n    start: 2024-08-01\n"
        let settings = try DiarySettings(yaml: #require(try YAMLReader.parse(yaml)))
        #expect(settings.preventives == [PreventiveSetting(name: "topiramate", start: CalendarDay(year: 2024, month: 1, day: 10)!,
                                                           stop: CalendarDay(year: 2024, month: 7, day: 1)!),
                                         PreventiveSetting(name: "candesartan", start: CalendarDay(year: 2024, month: 8, day: 1)!, stop: nil)])
        for (bad, line, words) in [("preventives:\n  - name: x\n    start: 10/01/2024\n", 3, "expected YYYY-MM-DD"),
                                   ("preventives:\n  - name: x\n", 2, "needs a name and a start"),
                                   ("preventives:\n  - name: x\n    start: 2024-02-01\n    stop: 2024-01-01\n", 2, "before"),
                                   ("preventives: topiramate\n", 1, "expected a list")] {
            #expect { try DiarySettings(yaml: #require(try YAMLReader.parse(bad))) } throws: { error in
                let diagnostic = error as? Diagnostic
                return diagnostic?.line == line && diagnostic?.message.contains(words) == true
            }
        }
    }
}

@Suite("deckgen report beside a deckgen.yml")
struct ReportSettingsTests {
    @Test("a deckgen.yml with an error stops the report, since counts without its settings cannot be trusted")
    func brokenSettings() throws {
        let folder = try TemporaryFolder([
            "diary.csv": "start,end,intensity,medication\n2024-03-01T08:00,2024-03-01T10:00,5,mylocalbrand\n",
            "deckgen.yml": "diary:\n  medications:\n    mylocalbrand: triptan\n  preventives: [\n",
        ])
        let captured = CapturedConsole()
        let status = CommandLineInterface(arguments: ["report", "diary.csv", "--format", "json"], console: captured.console,
                                          workingDirectory: folder.url).run()
        #expect(status == 1)
        #expect(captured.standardOutput.isEmpty)
        #expect(captured.standardError.contains("deckgen.yml:"))
        #expect(captured.standardError.contains("Report failed; nothing was written."))
        try "diary:\n  medications:\n    mylocalbrand: triptan\n".write(to: folder.url.appendingPathComponent("deckgen.yml"), atomically: true, encoding: .utf8)
        let fixed = CapturedConsole()
        #expect(CommandLineInterface(arguments: ["report", "diary.csv", "--format", "json"], console: fixed.console, workingDirectory: folder.url).run() == 0)
        #expect(fixed.standardOutput.contains("\"triptan\" : 1"))
    }
}
