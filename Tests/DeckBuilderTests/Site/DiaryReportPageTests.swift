import Foundation
import Testing
@testable import DeckBuilder

@Suite("The diary report page")
struct DiaryReportPageTests {
    static let header = "start,end,intensity,type,medication,triggers,relief,note\n"

    static let sample = header + """
        2024-01-04T07:10,2024-01-04T15:30,6,migraine,ibuprofen 400 mg,poor sleep,partial,Woke up with it
        2024-01-11T18:40,2024-01-12T09:15,7,,sumatriptan 50 mg @ 2024-01-11T19:05,<b>red wine</b>,good,<script>alert(1)</script>
        2024-02-06T09:20,,8,migraine with aura,sumatriptan 50 mg; mystery pill,"stress; ""bright"" light",,
        2024-02-07T09:20,2024-02-07T10:00,eleven,,,,,

        """

    func report(_ text: String, path: String = "diary.csv") throws -> DiaryReport {
        DiaryStats().report(try DiaryReader().read(text, path: path, fileExtension: "csv"))
    }

    func page(_ text: String = sample, name: String? = nil, redactNotes: Bool = false) throws -> String {
        DiaryReportPage(report: try report(text), name: name, redactNotes: redactNotes).html()
    }

    /// A diary with a headache every day from January to March 2024: 15 or more headache days for three months.
    static var everyDay: String {
        var text = header
        for day in CalendarMonth.range(CalendarMonth(year: 2024, month: 1), through: CalendarMonth(year: 2024, month: 3)).flatMap(\.days) {
            text += "\(day)T08:00,\(day)T12:00,5,,,,,\n"
        }
        return text
    }

    @Test("diary text and the patient's name show as text, never as markup")
    func escapes() throws {
        let html = try page(name: "Alex <img src=x onerror=alert(2)>")
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&lt;b&gt;red wine&lt;/b&gt;"))
        #expect(html.contains("Alex &lt;img src=x onerror=alert(2)&gt;"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>red wine"))
    }

    @Test("notes are left out with redactNotes, and only they")
    func redactsNotes() throws {
        let shown = try page()
        #expect(shown.contains("Woke up with it"))
        let redacted = try page(redactNotes: true)
        #expect(!redacted.contains("Woke up with it"))
        #expect(!redacted.contains("alert(1)"))
        #expect(redacted.contains("Notes are left out of this report."))
        #expect(redacted.contains("poor sleep"))
    }

    @Test("carries a Content-Security-Policy that allows its one stylesheet by hash and no script")
    func contentSecurityPolicy() throws {
        let html = try page().replacingOccurrences(of: "&#39;", with: "'")
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\""))
        #expect(html.contains("default-src 'none'"))
        #expect(html.contains("script-src 'none'"))
        #expect(!html.contains("unsafe-inline"))
        let styles = html.components(separatedBy: "<style>").dropFirst().compactMap { $0.components(separatedBy: "</style>").first }
        #expect(styles.count == 1)
        let style = try #require(styles.first)
        #expect(html.contains("style-src 'sha256-\(SHA256.base64(style))'"))
        #expect(!html.contains("style=\""))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src=\"http"))
    }

    @Test("the same diary gives the same bytes")
    func deterministic() throws {
        let first = try page(name: "Alex")
        let second = try page(name: "Alex")
        #expect(first == second)
        #expect(!first.contains("generated"))
        let dated = DiaryReportPage(report: try report(Self.sample), name: nil, redactNotes: false, generated: "2024-04-01").html()
        #expect(dated.contains("generated 2024-04-01"))
    }

    @Test("the monthly table holds the report's numbers")
    func monthlyTable() throws {
        let report = try report(Self.everyDay + "2024-02-10T08:00,2024-02-10T09:00,3,,sumatriptan 50 mg,,,\n")
        let html = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        let table = try #require(html.components(separatedBy: "id=\"month-table\"").last?.components(separatedBy: "</table>").first)
        let rows = table.components(separatedBy: "<tr").filter { $0.contains("scope=\"row\">20") }
        #expect(rows.count == report.months.count)
        for (row, month) in zip(rows, report.months) {
            let cells = row.components(separatedBy: "<td>").dropFirst().map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            let expected = [month.headacheDays, month.migraineDays, month.attacks]
                + MedicationClass.allCases.map { month.medicationDays[$0] ?? 0 } + [month.anyMedicationDays]
            #expect(Array(cells.prefix(expected.count)) == expected.map(String.init), "\(month.month)")
            #expect(row.contains(">\(month.month)<"))
        }
        // The summary cards agree with the overall figures.
        #expect(html.contains("<dt>Headache days</dt><dd class=\"value\">\(report.overall.headacheDays)</dd>"))
        #expect(html.contains("<dt>Attacks</dt><dd class=\"value\">\(report.overall.attacks)</dd>"))
    }

    @Test("flags are worded for discussion: page one month by month and when held, the whole period a line a flag")
    func flags() throws {
        let flagged = DiaryReportPage(report: try report(Self.everyDay), name: nil, redactNotes: false).html()
        #expect(flagged.contains("For discussion with your doctor."))
        #expect(flagged.contains("not a diagnosis"))
        #expect(flagged.contains("<b>January 2024</b>: \(MonthFlag.headacheDays.sentence)"))
        #expect(flagged.contains("15 or more headache days: held for 3 months in a row (2024-01 to 2024-03)."))
        #expect(flagged.contains("<b>15 or more headache days</b>: 3 of 3 months: 2024-01 to 2024-03 (3 months in a row)"))
        #expect(!flagged.contains("No month reached") && !flagged.contains("No month of these reached"))
        let calm = try page()
        #expect(calm.contains("For discussion with your doctor."))
        #expect(calm.contains("No month of these reached any of the thresholds."))
        #expect(calm.contains("No month reached any of the thresholds."))
        for page in [flagged, calm] {
            #expect(!page.lowercased().contains("you have"))
            #expect(!page.lowercased().contains("diagnosed"))
        }
    }

    @Test("a threshold reached in months apart is one line naming them, runs of three or more marked")
    func flagLines() throws {
        // Headache every day in January–March and in May 2024, none in April.
        var text = Self.everyDay
        for day in CalendarMonth(year: 2024, month: 5).days { text += "\(day)T08:00,\(day)T12:00,5,,,,,\n" }
        let html = DiaryReportPage(report: try report(text), name: nil, redactNotes: false).html()
        #expect(html.contains("<b>15 or more headache days</b>: 4 of 5 months: 2024-01 to 2024-03 (3 months in a row), 2024-05</li>"))
        #expect(DiaryReportData.runs(of: [true, true, false, true, false, false, true]) == [0..<2, 3..<4, 6..<7])
        #expect(DiaryReportData.runs(of: []) == [])
    }

    @Test("page one is the last three months; the whole period follows and the definitions close the page")
    func pageOne() throws {
        // Headache on 89 of the 90 days from 2024-01-01 to 2024-03-30, and one attack in October 2023.
        var text = Self.header + "2023-10-10T08:00,2023-10-10T12:00,5,,,,,\n"
        for day in CalendarMonth.range(CalendarMonth(year: 2024, month: 1), through: CalendarMonth(year: 2024, month: 3)).flatMap(\.days)
        where day.description != "2024-02-10" && day.description != "2024-03-31" {
            text += "\(day)T08:00,\(day)T12:00,5,,,,,\n"
        }
        let html = DiaryReportPage(report: try report(text), name: nil, redactNotes: false).html()
        let recent = try #require(html.range(of: "<section class=\"recent\""))
        let whole = try #require(html.range(of: "<section class=\"long-term\""))
        let definitions = try #require(html.range(of: "<section class=\"definitions\""))
        let problems = try #require(html.range(of: "<section class=\"problems\""))
        #expect(recent.lowerBound < whole.lowerBound && problems.lowerBound < definitions.lowerBound)
        let firstPage = String(html[recent.lowerBound..<whole.lowerBound])
        #expect(firstPage.contains("The last 3 months: 1 Jan to 30 Mar 2024"))
        #expect(firstPage.contains(">January 2024<") && firstPage.contains(">February 2024<"))
        #expect(firstPage.contains(">March 2024 (30 of 31 days)<"))
        #expect(!firstPage.contains("December 2023") && !firstPage.contains("October 2023"))
        // 89 headache days in 90: 29.7 per 30 days, not a mean of calendar months.
        #expect(firstPage.contains("<th scope=\"row\">Per 30 days<td>29.7<td>"))
        #expect(firstPage.contains("<svg") && firstPage.contains("id=\"dr-t\""))
        #expect(html.contains("<dt>Headache days per 30 days</dt><dd class=\"value\">"))
        #expect(html.contains(">2024-03 (30 of 31 days)<"))
    }

    @Test("every attack is listed with its fields; skipped rows and unknown drugs are named")
    func attacksAndProblems() throws {
        let html = try page()
        #expect(html.contains("<td>ongoing<td>"))
        #expect(html.contains("09:15 next day"))
        #expect(html.contains("sumatriptan 50 mg (triptan, at 19:05)"))
        #expect(html.contains("mystery pill (unknown)"))
        #expect(html.contains("stress, &quot;bright&quot; light"))
        #expect(html.contains("<tr><td>5<td>intensity<td>`eleven` is not an intensity"))
        #expect(html.contains("<li>mystery pill</li>"))
        // Print: headers repeat, the attack list starts a page, and the page has no fixed width.
        #expect(html.contains("thead{display:table-header-group}") || html.contains("thead { display: table-header-group; }"))
        #expect(html.contains("@page { size: auto; margin: 15mm; }"))
        #expect(html.contains(".attacks { break-before: page; }"))
    }

    /// One attack on the 5th of each of `months` months from January 2022.
    static func monthly(_ months: Int) -> String {
        header + (0..<months).map { index in
            let month = CalendarMonth(year: 2022 + index / 12, month: index % 12 + 1).first.adding(days: 4)
            return "\(month)T08:00,\(month)T12:00,\(index % 10 + 1),migraine,,,,note \(month)\n"
        }.joined()
    }

    @Test("a two-year diary shows daily charts and attacks of its last 12 months only, and says so")
    func detailOfTheLastYear() throws {
        let html = try page(Self.monthly(24))
        #expect(DiaryStats.detailMonthCount == 12)
        #expect(html.components(separatedBy: "<section class=\"daily\">").count - 1 == 12)
        #expect(html.contains("<h3>January 2023</h3>") && !html.contains("<h3>December 2022</h3>"))
        #expect(html.contains("Daily charts and the attack list cover the last 12 months (Jan 2023 – Dec 2023); the 12 attacks "
            + "before are counted in the summary, the monthly table and the charts above. Use --from and --to"))
        let attacks = try #require(html.components(separatedBy: "<section class=\"attacks\"").last)
        #expect(attacks.contains("12 attacks, by start"))
        #expect(attacks.contains("note 2023-01-05") && attacks.contains("note 2023-12-05"))
        #expect(!attacks.contains("note 2022-"))
        // The long-term parts keep every month.
        let table = try #require(html.components(separatedBy: "id=\"month-table\"").last?.components(separatedBy: "</table>").first)
        #expect(table.contains(">2022-01 (27 of 31 days)<") && table.contains(">2023-12 (5 of 31 days)<"))
        #expect(html.contains("<dt>Attacks</dt><dd class=\"value\">24</dd>"))
    }

    @Test("a diary of 12 months or fewer shows every month in detail, with no sentence about it")
    func detailOfAShortDiary() throws {
        for months in [6, 12] {
            let html = try page(Self.monthly(months))
            #expect(html.components(separatedBy: "<section class=\"daily\">").count - 1 == months)
            #expect(html.contains("note 2022-01-05"))
            #expect(html.contains("\(months) attacks, by start"))
            #expect(!html.contains("Daily charts and the attack list cover"))
        }
    }

    @Test("a diary with no attack is refused rather than reported as an empty page")
    func empty() {
        #expect(throws: DiaryValueError.self) { try page(Self.header) }
    }
}
