import Testing
@testable import DeckBuilder

@Suite("Chart size")
struct ChartSizeTests {
    /// The report page of eight years holds every chart; it must stay under 500 KB with its tables, so the charts
    /// get well under that.
    @Test("eight years of a typical diary: every chart together stays under 420 KB")
    // About 3.2 KB a month for the daily chart (legend, axes, pattern, desc) plus ~150 bytes a recorded day.
    func eightYears() {
        let report = ChartFixtures.dense(years: 8, perMonth: 4)
        let monthly = DiaryCharts.monthly(report).utf8.count, calendar = DiaryCharts.calendar(report).utf8.count
        let daily = report.months.map { DiaryCharts.daily(report, month: $0.month).utf8.count }.reduce(0, +)
        #expect(monthly < 60_000)
        #expect(calendar < 65_000)
        #expect(monthly + calendar + daily < 420_000, "monthly \(monthly), calendar \(calendar), daily \(daily)")
    }
}
