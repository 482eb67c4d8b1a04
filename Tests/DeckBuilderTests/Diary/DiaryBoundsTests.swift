import Foundation
import Testing
@testable import DeckBuilder

/// A diary from a stranger cannot make a report of centuries, or one that grows with its rows.
@Suite("Diary bounds")
struct DiaryBoundsTests {
    static let today = PlausibleDates(today: CalendarDay(year: 2024, month: 6, day: 15) ?? CalendarDay(ordinal: 0))

    static func day(_ text: String) -> CalendarDay {
        guard case .success(let parsed) = DiaryDateParser().parse(text) else { return CalendarDay(ordinal: 0) }
        return parsed.time.day
    }

    func read(_ csv: String, plausible: PlausibleDates = today) throws -> Diary {
        try DiaryReader(plausible: plausible).read("start,end,intensity,medication\n" + csv, path: "d.csv", fileExtension: "csv")
    }

    /// The report of `csv` as `deckgen report` makes it, from a file, with its diagnostics.
    func fileReport(_ csv: String, stats: DiaryStats = DiaryStats(), strict: Bool = false) throws -> (DiaryReport?, [Diagnostic], TemporaryFolder) {
        let folder = try TemporaryFolder(["diary.csv": csv])
        let (report, diagnostics) = DiaryFile.report(folder.url.appendingPathComponent("diary.csv"), path: "diary.csv", settings: DiarySettings(),
                                                     stats: stats, strict: strict, plausible: Self.today)
        return (report, diagnostics, folder)
    }

    // MARK: - Implausible dates

    @Test("a date before 1900 or more than a year after today is refused for its row, with its line and column")
    func implausibleDates() throws {
        let diary = try read("""
            2204-03-05T10:00,,5,
            0001-01-01T10:00,0001-01-01T12:00,5,
            1899-12-31T10:00,1899-12-31T12:00,5,
            1900-01-01T10:00,1900-01-01T12:00,5,
            2024-03-05T10:00,2204-03-05T12:00,5,
            2024-03-06T10:00,2024-03-06T12:00,5,sumatriptan 50 mg @ 2204-03-06T11:00
            2025-06-15T10:00,2025-06-15T12:00,5,
            2025-06-16T10:00,2025-06-16T12:00,5,
            """)
        #expect(diary.attacks.map(\.line) == [5, 8])
        #expect(diary.skipped.map(\.line) == [2, 3, 4, 6, 7, 9])
        #expect(diary.skipped.map(\.column) == ["start", "start", "start", "end", "medication", "start"])
        #expect(diary.skipped[0].problem == "2204-03-05 is implausible; expected a date from 1900-01-01 to 2025-06-15, a year from today")
        #expect(diary.skipped[4].problem == "`sumatriptan 50 mg @ 2204-03-06T11:00`: the time after @ is implausible; expected a date from 1900-01-01 to 2025-06-15, a year from today")
    }

    @Test("refused rows are warnings at their lines, listed in the page and the JSON; --strict makes them errors")
    func implausibleRowsAreReported() throws {
        let csv = "start,end,intensity\n2024-03-05T10:00,2024-03-05T12:00,5\n2204-03-05T10:00,,6\n"
        let (report, diagnostics, _) = try fileReport(csv)
        #expect(diagnostics.map(\.description) == [
            "diary.csv:3: warning: start: 2204-03-05 is implausible; expected a date from 1900-01-01 to 2025-06-15, a year from today; the row was skipped",
        ])
        let read = try #require(report)
        #expect(read.period == Self.day("2024-03-05")...Self.day("2024-03-05"))
        #expect(DiaryReportJSON.text(of: read).contains("\"problem\" : \"2204-03-05 is implausible;"))
        #expect(DiaryReportPage(report: read, name: nil, redactNotes: false).html().contains("<tr><td>3<td>start<td>2204-03-05 is implausible;"))
        let (_, strict, _) = try fileReport(csv, strict: true)
        #expect(strict.map(\.severity) == [.error])
    }

    @Test("a diary whose dates are all plausible gives the same bytes whatever day it is read on")
    func plausibleDiariesDoNotDependOnToday() throws {
        let csv = "2024-03-05T10:00,2024-03-05T12:00,5,\n2024-06-15T10:00,,6,\n"
        let pages = try [Self.today, PlausibleDates(today: Self.day("2031-01-01"))].map { plausible in
            DiaryReportPage(report: DiaryStats().report(try read(csv, plausible: plausible)), name: nil, redactNotes: false).html()
        }
        #expect(pages[0] == pages[1])
    }

    @Test("a diary of two rows in years 1 and 9999 no longer makes a page of 73 MB")
    func twoRowsAcrossMillennia() throws {
        let (report, diagnostics, _) = try fileReport("start,intensity\n0001-01-01T10:00,5\n9999-12-31T10:00,6\n")
        // Neither date is plausible, so no row is read: an error naming the first, not an empty page.
        #expect(report == nil)
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.message.contains("has no row that could be read (line 2: start:") == true)
    }

    // MARK: - Thirty years

    @Test("a diary of more than 30 years is reported over its last 360 months, and says so at the top of the page")
    func longDiaryIsCut() throws {
        var csv = "start,end,intensity\n1950-03-01T10:00,1950-03-01T12:00,5\n"
        for year in stride(from: 1960, through: 2024, by: 4) { csv += "\(year)-06-01T10:00,\(year)-06-01T12:00,6\n" }
        let (report, diagnostics, _) = try fileReport(csv)
        let read = try #require(report)
        #expect(read.period == Self.day("1994-07-01")...Self.day("2024-06-01"))
        #expect(read.months.count == 360)
        #expect(read.cut == PeriodCut(diaryFrom: Self.day("1950-03-01"), attacksLeftOut: 10))
        #expect(read.overall.attacks == 8)
        #expect(read.attacksRead == 18)
        #expect(diagnostics.map(\.description) == [
            "diary.csv: warning: the diary runs from 1950-03-01 to 2024-06-01, more than 30 years; the report covers its last 30 years, "
                + "from 1994-07-01, and leaves out the 10 attacks before; expected at most 30 years (`deckgen report --from … --to …` reports another period)",
        ])
        let page = DiaryReportPage(report: read, name: nil, redactNotes: false).html()
        let notice = try #require(page.range(of: "<p><b>Only the last 30 years of the diary are reported.</b></p>"))
        #expect(notice.lowerBound < (page.range(of: "id=\"summary\"")?.lowerBound ?? page.startIndex))
        #expect(page.contains("The diary runs from 1950-03-01 to 2024-06-01, more than 30 years. This report covers 1994-07-01 to 2024-06-01; "
            + "the 10 attacks before 1994-07-01 are not counted anywhere in it."))
        #expect(DiaryReportJSON.text(of: read).contains("\"cut\" : {\n    \"attacks_left_out\" : 10,\n    \"diary_from\" : \"1950-03-01\"\n  }"))
    }

    @Test("a period of exactly 360 months is whole; --from that reaches further back is an error naming the file")
    func boundaryAndFrom() throws {
        let whole = try #require(try fileReport("start,intensity\n1994-07-31T10:00,5\n2024-06-30T10:00,6\n").0)
        #expect(whole.cut == nil && whole.months.count == 360)
        let (_, diagnostics, _) = try fileReport("start,intensity\n1950-01-01T10:00,5\n2024-06-30T10:00,6\n",
                                                 stats: DiaryStats(from: Self.day("1960-01-01")))
        #expect(diagnostics.map(\.description) == [
            "diary.csv:3: warning: start: 2024-06-30 is after today, 2024-06-15; the row was read, so check the date",
            "diary.csv: error: the period from --from 1960-01-01 to 2024-06-30 is more than 30 years; expected at most 30 years: a later --from, or --to as well",
        ])
    }

    @Test("deckgen report: --from and --to over 30 years is a usage error; a long diary reports its last 30 years")
    func reportCommand() throws {
        let folder = try TemporaryFolder(["diary.csv": "start,intensity\n1950-01-01T10:00,5\n2024-06-30T10:00,6\n"])
        func run(_ arguments: [String]) -> (Int32, CapturedConsole) {
            let captured = CapturedConsole()
            return (CommandLineInterface(arguments: ["report", "diary.csv"] + arguments, console: captured.console, workingDirectory: folder.url).run(), captured)
        }
        let (usage, usageOutput) = run(["--format", "json", "--from", "1950-01-01", "--to", "2024-06-30"])
        #expect(usage == 64)
        #expect(usageOutput.standardError.contains("'--from 1950-01-01 --to 2024-06-30' spans 894 months; expected at most 30 years (360 months)"))
        let (cut, cutOutput) = run(["--format", "json"])
        #expect(cut == 0)
        #expect(cutOutput.standardError.contains("diary.csv: warning: the diary runs from 1950-01-01 to 2024-06-30, more than 30 years"))
        #expect(cutOutput.standardOutput.contains("\"from\" : \"1994-07-01\""))
        let (from, fromOutput) = run(["--format", "json", "--from", "1960-01-01"])
        #expect(from == 1)
        #expect(fromOutput.standardError.contains("diary.csv: error: the period from --from 1960-01-01"))
        #expect(fromOutput.standardOutput.isEmpty)
    }

    @Test("deckgen build reports a long diary's last 30 years with a warning, as deckgen report does")
    func buildCutsLikeReport() throws {
        let folder = try TemporaryFolder(["content/diary.csv": "start,intensity\n1950-01-01T10:00,5\n2204-01-01T10:00,7\n2024-06-30T10:00,6\n"])
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), site: folder.url.appendingPathComponent("site"))
        let summary = Builder(options: options).build()
        #expect(summary.succeeded)
        #expect(summary.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(summary.diagnostics.first?.line == 3)
        #expect(summary.diagnostics.last?.message.hasPrefix("the diary runs from 1950-01-01 to 2024-06-30, more than 30 years;") == true)
        #expect(try folder.read("site/reports/diary.html").contains("Only the last 30 years of the diary are reported."))
    }

    // MARK: - Many rows

    /// `count` attacks spread evenly over the year to 2024-06-30, with triggers, drugs and notes.
    static func busyDiary(_ count: Int) -> String {
        var text = "start,end,intensity,type,medication,triggers,note\n"
        let first = day("2023-07-01").ordinal * 1440
        let minutes = 366 * 1440
        for index in 0..<count {
            let start = first + minutes * index / count
            let end = start + 90 + index % 600
            func time(_ minute: Int) -> String {
                let day = CalendarDay(ordinal: minute / 1440)
                return "\(day)T\(CalendarDay.padded(minute % 1440 / 60, 2)):\(CalendarDay.padded(minute % 60, 2))"
            }
            text += "\(time(start)),\(time(end)),\(index % 10 + 1),\(index % 3 == 0 ? "migraine" : ""),"
                + "\(index % 4 == 0 ? "sumatriptan 50 mg" : "ibuprofen 400 mg"),\(index % 5 == 0 ? "stress" : "Stress; sleep"),note \(index)\n"
        }
        return text
    }

    @Test("a diary of many rows is counted from all of them; the page lists the 2,000 most recent and says how many more there are")
    func manyRows() throws {
        let count = 12_000
        let report = try DiaryStats().report(reading: Self.busyDiary(count), fileExtension: "csv", path: "d.csv", with: DiaryReader(plausible: Self.today))
        #expect(report.attacksRead == count)
        #expect(report.overall.attacks == count)
        #expect(report.months.reduce(0) { $0 + $1.attacks } == count)
        #expect(report.overall.triggers == [NameCount(name: "stress", count: count), NameCount(name: "sleep", count: count - count / 5)])
        #expect(report.listedAttacks.count == DiaryStats.attackListLimit)
        #expect(report.listedAttacks.last?.note == "note \(count - 1)")
        #expect(report.listedAttacks.first?.note == "note \(count - DiaryStats.attackListLimit)")
        let html = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        #expect(html.contains("Only the 2000 most recent attacks of the \(report.detailAttackCount) in these months are listed. "
            + "The other \(report.detailAttackCount - 2000) are counted in every figure above, and the diary file holds them all."))
        #expect(html.utf8.count < 1_500_000)
        #expect(!html.contains("note \(count - DiaryStats.attackListLimit - 1)<"))
    }

    @Test("the same report whether the attacks come from memory or are read a row at a time")
    func streamingEqualsInMemory() throws {
        let text = Self.busyDiary(3_000)
        let reader = DiaryReader(plausible: Self.today)
        let streamed = try DiaryStats().report(reading: text, fileExtension: "csv", path: "d.csv", with: reader)
        let collected = DiaryStats().report(try reader.read(text, path: "d.csv", fileExtension: "csv"))
        #expect(DiaryReportJSON.text(of: streamed) == DiaryReportJSON.text(of: collected))
        #expect(DiaryReportPage(report: streamed, name: nil, redactNotes: false).html() == DiaryReportPage(report: collected, name: nil, redactNotes: false).html())
    }

    @Test("thousands of attacks lasting decades are counted in a moment, each day once")
    func longAttacks() throws {
        var csv = "start,end,intensity,type\n"
        for index in 0..<5_000 { csv += "1996-01-\(CalendarDay.padded(index % 28 + 1, 2))T08:00,2024-06-30T08:00,\(index % 10 + 1),migraine\n" }
        let started = ContinuousClock.now
        let report = try DiaryStats().report(reading: csv, fileExtension: "csv", path: "d.csv", with: DiaryReader(plausible: Self.today))
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(report.overall.headacheDays == report.overall.days)
        #expect(report.overall.migraineDays == report.overall.days)
        // Only the attacks of the 1st (every 28th row: intensities 1, 9, 7, 5, 3) touch the 1st; all of them the 28th.
        #expect(report.days[Self.day("1996-01-01")]?.maxIntensity == 9)
        #expect(report.days[Self.day("1996-01-28")]?.maxIntensity == 10)
        #expect(report.days[Self.day("2024-06-30")]?.maxIntensity == 10)
    }

    @Test("painting spans onto days gives what a day-by-day loop gives", arguments: [1, 2, 3])
    func painterAgreesWithLoop(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let period = 100...400
        var spans = (0..<300).map { _ -> AttackSpan in
            let first = Int(random.next() % 500)
            let start = DiaryTime(day: CalendarDay(ordinal: first), secondOfDay: 3600)
            let end = DiaryTime(day: CalendarDay(ordinal: first + Int(random.next() % 60)), secondOfDay: 7200)
            return AttackSpan(from: start, to: end, intensity: Double(random.next() % 11), migraine: .no)
        }
        spans.sort { $0.intensity > $1.intensity }
        var painted = [Int: Double]()
        DayPainter.paint(spans, over: period) { day, span in
            #expect(painted[day] == nil)
            painted[day] = span.intensity
        }
        var looped = [Int: Double]()
        for span in spans {
            let first = max(span.first, period.lowerBound), last = min(span.last, period.upperBound)
            guard first <= last else { continue }
            for day in first...last { looped[day - period.lowerBound] = max(looped[day - period.lowerBound] ?? span.intensity, span.intensity) }
        }
        #expect(painted == looped)
    }
}
