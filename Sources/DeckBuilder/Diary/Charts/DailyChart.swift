/// A run of days, one month or the first page's last three: a bar per day at its highest intensity (hatched on
/// migraine days), and below the axis a row of markers per medication group.
struct DailyChart {
    var span: ClosedRange<CalendarDay>
    /// The span as titles say it: `March 2024`, `1 Sep to 28 Nov 2026`.
    var name: String
    /// The span's days that have anything recorded, in order.
    var days: [(day: CalendarDay, summary: DaySummary)]
    /// The span's headache, migraine and acute-medication days, for the description; nil to leave them out.
    var counts: OverallSummary?
    var id: String

    init(_ report: DiaryReport, month: CalendarMonth) {
        let summary = report.months.first { $0.month == month }
        self.init(report, span: month.first...month.first.adding(days: month.length - 1), name: ChartText.long(month),
                  counts: summary.map(OverallSummary.init(month:)),
                  id: "dd-" + ChartText.idStamp(month))
    }

    init(_ report: DiaryReport, window: RecentWindow) {
        self.init(report, span: window.days, name: ChartText.short(window.days), counts: window.totals, id: "dr")
    }

    init(_ report: DiaryReport, span: ClosedRange<CalendarDay>, name: String, counts: OverallSummary?, id: String) {
        self.span = span
        self.name = name
        self.counts = counts
        self.id = id
        days = (span.lowerBound.ordinal...span.upperBound.ordinal).compactMap { ordinal in
            let day = CalendarDay(ordinal: ordinal)
            return report.days[day].map { (day, $0) }
        }
    }

    /// 15 px per intensity step keeps bar heights to whole pixels for whole intensities.
    static let pixelsPerUnit = 15.0
    static let markerRowHeight = 11.0

    var dayCount: Int { span.upperBound.ordinal - span.lowerBound.ordinal + 1 }

    /// Whether the span is one calendar month, whose axis is labelled by day of the month.
    var isMonth: Bool { span.lowerBound.day == 1 && span.upperBound.calendarMonth == span.lowerBound.calendarMonth && dayCount == span.lowerBound.calendarMonth.length }

    func svg() -> String {
        guard !days.isEmpty else {
            return EmptyChart.svg(id: id, title: title, message: "No attacks recorded in \(name)")
        }
        let legend = self.legend
        let plotTop = 14 + Double(legend.rows(width: 700)) * ChartLegend.rowHeight + 20
        let plotBottom = plotTop + 10 * Self.pixelsPerUnit
        let rows = Double(MedicationGroup.allCases.count)
        let frame = ChartFrame(id: id, height: plotBottom + 18 + rows * Self.markerRowHeight, title: title,
                               description: description)
        let bands = ChartBands(start: 28, width: 684, count: dayCount)
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

    /// The band of `day`: its days since the span's first.
    func index(_ day: CalendarDay) -> Int { day.ordinal - span.lowerBound.ordinal }
}

private extension OverallSummary {
    /// A month's day counts, as a chart's description gives them.
    init(month: MonthSummary) {
        self.init()
        days = month.days
        headacheDays = month.headacheDays
        migraineDays = month.migraineDays
        anyMedicationDays = month.anyMedicationDays
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
        for (day, label) in axisLabels {
            writer.element("tspan", ["x": bands.centre(index(day)).svg], text: label)
        }
        writer.close("text")
        // A line where each month begins, so three months read as three.
        let starts = axisLabels.map(\.day).filter { $0.day == 1 && $0 != span.lowerBound }
        if !isMonth, !starts.isEmpty {
            let path = starts.map { "M\(bands.left(index($0)).svg) \(scale.range.to.svg)V\(bottom.svg)" }.joined()
            writer.leaf("path", ["d": path, "stroke": ChartStyle.axis, "stroke-dasharray": ChartStyle.referenceDash])
        }
    }

    /// A month's days 1, 5, 10… and its last; a longer span's first of each month by name, and the 15th.
    var axisLabels: [(day: CalendarDay, label: String)] {
        let month = span.lowerBound.calendarMonth
        if isMonth {
            return [1, 5, 10, 15, 20, 25, month.length].map { (month.first.adding(days: $0 - 1), String($0)) }
        }
        return days(where: { $0.day == 1 || $0.day == 15 }).map { day in
            (day, day.day == 1 ? ChartText.short(day) : String(day.day))
        }
    }

    func days(where test: (CalendarDay) -> Bool) -> [CalendarDay] {
        (span.lowerBound.ordinal...span.upperBound.ordinal).map(CalendarDay.init(ordinal:)).filter(test)
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
                                     "data-value": value.svg, "x": (bands.centre(index(day)) - width / 2).svg,
                                     "y": (scale.range.from - height).svg, "width": width.svg, "height": height.svg],
                            tooltip: "\(ChartText.short(day)): intensity \(value.svg)")
            }
            writer.close("g")
        }
    }

    /// One row per medication group, in the legend's order, so shape and row both say which group it is.
    func drawMarkers(into writer: inout SVGWriter, bands: ChartBands, top: Double) {
        let size = min(4, bands.step * 0.45)
        for (row, group) in MedicationGroup.allCases.enumerated() {
            let marked = days.filter { MedicationGroup.groups(of: $0.summary).contains(group) }
            guard !marked.isEmpty else { continue }
            let y = top + Double(row) * Self.markerRowHeight
            writer.open("g", ["class": "mark \(group.className)", "fill": group.colour])
            for (day, _) in marked {
                group.marker.draw(into: &writer, x: bands.centre(index(day)), y: y, size: size,
                                  ["data-day": day.description])
            }
            writer.close("g")
        }
    }
}
