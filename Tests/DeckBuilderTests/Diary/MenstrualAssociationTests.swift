import Foundation
import Testing
@testable import DeckBuilder

@Suite("Migraine and menstruation (ICHD-3 A1.1)")
struct MenstrualAssociationTests {
    static let first = CalendarDay(year: 2024, month: 1, day: 3)!

    /// Four cycles of 28 days from 3 January 2024, each first day on a row of its own; migraine attacks on the given
    /// offsets from the cycle's first day (in cycles 0–3), and any further rows.
    static func diary(attacks: [(cycle: Int, offset: Int)], extra: String = "") -> String {
        var text = "start,end,intensity,type,menstruation\n"
        for cycle in 0..<4 { text += "\(first.adding(days: cycle * 28)),,,,yes\n" }
        for (cycle, offset) in attacks {
            let day = first.adding(days: cycle * 28 + offset)
            text += "\(day)T08:00,\(day)T16:00,7,migraine,\n"
        }
        return text + extra
    }

    /// Cycles, cycles with an attack, other days with one.
    static func counts(_ report: DiaryReport) -> [Int]? {
        report.menstrual.map { [$0.cycles, $0.cyclesWithAttack, $0.otherAttackDays] }
    }

    func read(_ text: String) throws -> (DiaryReport, DiaryReader.Leftovers) {
        var tally = DiaryTally(stats: DiaryStats())
        let leftovers = try DiaryReader().read(text, fileExtension: "csv") { tally.add($0) }
        return (tally.report(path: "d.csv", leftovers: leftovers), leftovers)
    }

    @Test("attacks from day −2 to +3 in at least two of three cycles and never else: pure menstrual; with others: related")
    func patterns() throws {
        let (pure, leftovers) = try read(Self.diary(attacks: [(0, 0), (1, -2), (2, 2), (3, 10)].dropLast().map { $0 }))
        #expect(leftovers.skipped.isEmpty, "menstruation rows with no intensity are no attacks and no problems")
        #expect(pure.attacksRead == 3)
        #expect(Self.counts(pure) == [4, 3, 0])
        #expect(pure.menstrual?.pattern == .pureMenstrual)
        let related = try read(Self.diary(attacks: [(0, 0), (1, -2), (2, 2), (3, 10)])).0
        #expect(Self.counts(related) == [4, 3, 1])
        #expect(related.menstrual?.pattern == .menstruallyRelated)
        // Day +4 (offset 3) is outside the window.
        let none = try read(Self.diary(attacks: [(0, 3), (1, 0), (2, 14)])).0
        #expect(none.menstrual?.cyclesWithAttack == 1)
        #expect(none.menstrual?.pattern == .notMenstrual)
    }

    @Test("a day of the bleed counts back to its first day; a repeated start is one cycle; fewer than three cycles give no pattern")
    func marks() throws {
        let text = "start,end,intensity,menstruation\n2024-01-04,,,day 2\n2024-01-05,,,heavy\n2024-01-10T08:00,2024-01-10T16:00,6,no\n"
            + "2024-01-31T07:00,2024-01-31T20:00,8,1\n2024-02-01T09:00,2024-02-01T10:00,3,maybe\n"
        let (report, leftovers) = try read(text)
        #expect(leftovers.menstruationStarts == [CalendarDay(year: 2024, month: 1, day: 3)!, CalendarDay(year: 2024, month: 1, day: 5)!,
                                                 CalendarDay(year: 2024, month: 1, day: 31)!])
        #expect(report.menstrual?.cycles == 2)
        #expect(report.menstrual?.pattern == nil)
        #expect(leftovers.doubtful.map(\.line) == [6])
        #expect(leftovers.doubtful.first?.problem.contains("`maybe` is not a menstruation mark") == true)
        #expect(report.attacksRead == 3)
        let html = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        #expect(html.contains("Menstruation is recorded for 2 cycles in the period."))
        #expect(html.contains("no pattern is given"))
    }

    @Test("the page names the pattern for discussion; the JSON carries the counts; no menstruation, no section")
    func page() throws {
        let report = try read(Self.diary(attacks: [(0, 0), (1, -2), (2, 2)])).0
        let html = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        #expect(html.contains("<h2 id=\"menstrual\">Migraine and menstruation</h2>"))
        #expect(html.contains("in 3 of them (75%)"))
        #expect(html.contains("ICHD-3 A1.1.1 calls pure menstrual migraine"))
        #expect(html.contains("it is not a diagnosis"))
        #expect(DiaryReportJSON.text(of: report).contains("\"pattern\" : \"pure menstrual migraine\""))
        let plain = DiaryStats().report(try DiaryReader().read("start,intensity\n2024-01-04T08:00,5\n", path: "d.csv", fileExtension: "csv"))
        #expect(plain.menstrual == nil)
        #expect(!DiaryReportPage(report: plain, name: nil, redactNotes: false).html().contains("Migraine and menstruation"))
    }
}
