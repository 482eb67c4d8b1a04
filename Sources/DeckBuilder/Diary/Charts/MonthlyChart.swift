/// The monthly combined chart: headache and migraine days as bars side by side, acute-medication days as a line,
/// 10- and 15-day reference lines, and mean intensity on a right-hand 0–10 axis when any month has one.
struct MonthlyChart {
    var months: [MonthSummary]
    var id: String

    init(_ report: DiaryReport) {
        months = report.months
        id = "dm-" + (report.months.first.map { ChartText.idStamp($0.month) } ?? "none")
    }

    /// Days run 0–31 whatever the data, so months and reports compare; 8 px a day keeps bar heights whole pixels.
    static let maxDays = 31.0
    static let pixelsPerDay = 8.0
    static let references = [10.0, 15.0]

    var hasIntensity: Bool { months.contains { $0.meanIntensity != nil } }

    func svg() -> String {
        guard !months.isEmpty else {
            return EmptyChart.svg(id: id, title: "Headache days per month", message: "No attacks recorded")
        }
        let legend = self.legend
        let plotLeft = 44.0, plotRight = hasIntensity ? 680.0 : 704.0
        let plotTop = 14 + Double(legend.rows(width: 700)) * ChartLegend.rowHeight + 10
        let plotBottom = plotTop + Self.maxDays * Self.pixelsPerDay
        let frame = ChartFrame(id: id, height: plotBottom + 34, title: title, description: description)
        let layout = Layout(
            bands: ChartBands(start: plotLeft, width: plotRight - plotLeft, count: months.count),
            days: ChartScale(domain: 0...Self.maxDays, range: (plotBottom, plotTop)),
            intensity: ChartScale(domain: 0...10, range: (plotBottom, plotTop)))

        var writer = SVGWriter()
        frame.open(into: &writer)
        frame.hatchPattern(into: &writer)
        legend.draw(into: &writer, x: 10, y: 14, width: 700)
        drawAxes(into: &writer, layout)
        drawBars(into: &writer, layout, hatch: frame.hatchID)
        drawReferences(into: &writer, layout)
        drawMedication(into: &writer, layout)
        if hasIntensity { drawIntensity(into: &writer, layout) }
        drawMonthLabels(into: &writer, layout)
        writer.close("svg")
        return writer.markup
    }

    /// Where things go: one band per month along x, days and intensity up the two y axes.
    struct Layout {
        var bands: ChartBands
        var days: ChartScale
        var intensity: ChartScale

        var top: Double { days.range.to }
        var bottom: Double { days.range.from }
        var left: Double { bands.start }
        var right: Double { bands.start + bands.width }
        /// Marker half-size: smaller when months are many and bands narrow.
        var markerSize: Double { bands.step >= 16 ? 3.5 : bands.step >= 8 ? 2.5 : 1.8 }
    }
}
