/// One month's days: a bar per day at its highest intensity (hatched on migraine days), and below the axis a row of
/// markers per medication group.
struct DailyChart {
    var month: CalendarMonth
    /// The month's days that have anything recorded, in order.
    var days: [(day: CalendarDay, summary: DaySummary)]
    var summary: MonthSummary?
    var id: String

    init(_ report: DiaryReport, month: CalendarMonth) {
        self.month = month
        days = month.days.compactMap { day in report.days[day].map { (day, $0) } }
        summary = report.months.first { $0.month == month }
        id = "dd-" + ChartText.idStamp(month)
    }

    /// 15 px per intensity step keeps bar heights to whole pixels for whole intensities.
    static let pixelsPerUnit = 15.0
    static let markerRowHeight = 11.0

    func svg() -> String {
        guard !days.isEmpty else {
            return EmptyChart.svg(id: id, title: title, message: "No attacks recorded in \(ChartText.long(month))")
        }
        let legend = self.legend
        let plotTop = 14 + Double(legend.rows(width: 700)) * ChartLegend.rowHeight + 20
        let plotBottom = plotTop + 10 * Self.pixelsPerUnit
        let rows = Double(MedicationGroup.allCases.count)
        let frame = ChartFrame(id: id, height: plotBottom + 18 + rows * Self.markerRowHeight, title: title,
                               description: description)
        let bands = ChartBands(start: 28, width: 684, count: month.length)
        let scale = ChartScale(domain: 0...10, range: (plotBottom, plotTop))

        var writer = SVGWriter()
        frame.open(into: &writer)
        frame.hatchPattern(into: &writer)
        legend.draw(into: &writer, x: 10, y: 14, width: 700)
        drawAxes(into: &writer, bands: bands, scale: scale)
        drawBars(into: &writer, bands: bands, scale: scale, hatch: frame.hatchID)
        drawMarkers(into: &writer, bands: bands, top: plotBottom + 22)
        writer.close("svg")
        return writer.markup
    }
}

// MARK: - Drawing

private extension DailyChart {
    func drawAxes(into writer: inout SVGWriter, bands: ChartBands, scale: ChartScale) {
        let ticks: [Double] = [0, 2, 4, 6, 8, 10]
        let right = bands.start + bands.width, bottom = scale.range.from
        ChartAxis.grid(into: &writer, scale: scale, ticks: Array(ticks.dropFirst()), from: bands.start, to: right)
        ChartAxis.baseline(into: &writer, y: bottom, from: bands.start, to: right)
        ChartAxis.labels(into: &writer, scale: scale, ticks: ticks, x: bands.start - 5, onLeft: true)
        // Above the axis rather than turned along it: ninety-six charts make every byte count.
        writer.element("text", ["x": "4", "y": (scale.range.to - 12).svg, "font-weight": "600", "fill": ChartStyle.migraine],
                       text: "Intensity")
        writer.open("text", ["y": (bottom + 12).svg, "font-size": "10", "text-anchor": "middle", "fill": ChartStyle.axis])
        for day in [1, 5, 10, 15, 20, 25, month.length] {
            writer.element("tspan", ["x": bands.centre(day - 1).svg], text: day.svg)
        }
        writer.close("text")
    }

    func drawBars(into writer: inout SVGWriter, bands: ChartBands, scale: ChartScale, hatch: String) {
        let width = bands.step * 0.72
        for migraine in [false, true] {
            writer.open("g", migraine ? ["class": "bar migraine", "fill": "url(#\(hatch))", "stroke": ChartStyle.migraine]
                                      : ["class": "bar headache", "fill": ChartStyle.headache, "stroke": ChartStyle.headacheEdge])
            for (day, summary) in days where summary.migraine == migraine {
                guard let value = summary.maxIntensity else { continue }
                let height = value * Self.pixelsPerUnit
                writer.leaf("rect", ["data-day": day.description,
                                     "data-value": value.svg, "x": (bands.centre(day.day - 1) - width / 2).svg,
                                     "y": (scale.range.from - height).svg, "width": width.svg, "height": height.svg],
                            tooltip: "\(ChartText.short(day)): intensity \(value.svg)")
            }
            writer.close("g")
        }
    }

    /// One row per medication group, in the legend's order, so shape and row both say which group it is.
    func drawMarkers(into writer: inout SVGWriter, bands: ChartBands, top: Double) {
        for (row, group) in MedicationGroup.allCases.enumerated() {
            let marked = days.filter { MedicationGroup.groups(of: $0.summary).contains(group) }
            guard !marked.isEmpty else { continue }
            let y = top + Double(row) * Self.markerRowHeight
            writer.open("g", ["class": "mark \(group.className)", "fill": group.colour])
            for (day, _) in marked {
                group.marker.draw(into: &writer, x: bands.centre(day.day - 1), y: y, size: 4,
                                  ["data-day": day.description])
            }
            writer.close("g")
        }
    }
}
