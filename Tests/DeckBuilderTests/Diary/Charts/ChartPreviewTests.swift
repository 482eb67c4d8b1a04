import Foundation
import Testing
@testable import DeckBuilder

/// Writes the charts of a sample report into an HTML page for a look in a browser; runs only when
/// `CHART_PREVIEW` names the file, so ordinary test runs write nothing.
@Suite("Chart preview")
struct ChartPreviewTests {
    @Test("writes a preview page when asked", .enabled(if: ProcessInfo.processInfo.environment["CHART_PREVIEW"] != nil))
    func preview() throws {
        let path = try #require(ProcessInfo.processInfo.environment["CHART_PREVIEW"])
        let report = ProcessInfo.processInfo.environment["CHART_PREVIEW_YEARS"].flatMap(Int.init)
            .map { ChartFixtures.dense(years: $0, perMonth: ProcessInfo.processInfo.environment["CHART_PREVIEW_PER_MONTH"].flatMap(Int.init) ?? 10) } ?? ChartFixtures.spring2024
        var charts = [DiaryCharts.monthly(report), DiaryCharts.calendar(report)]
        charts += report.months.prefix(3).map { DiaryCharts.daily(report, month: $0.month) }
        charts.append(DiaryCharts.monthly(ChartFixtures.report([])))
        let grey = ProcessInfo.processInfo.environment["CHART_PREVIEW_GREY"] != nil ? "filter:grayscale(1);" : ""
        let page = "<!doctype html><meta charset=utf-8><style>body{margin:8px;width:760px;\(grey)} svg{width:100%;height:auto;"
            + "display:block;margin-bottom:12px;border:1px solid #eee}</style>" + charts.joined(separator: "\n")
        try page.write(toFile: path, atomically: true, encoding: .utf8)
        let daily = report.months.map { DiaryCharts.daily(report, month: $0.month).utf8.count }
        print("monthly \(charts[0].utf8.count) calendar \(charts[1].utf8.count) daily \(daily.reduce(0, +)) in \(daily.count)")
    }
}
