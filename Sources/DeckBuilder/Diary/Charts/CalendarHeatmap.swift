/// A calendar of every reported day, one row per month and one column per day of the month, each day coloured by
/// its highest intensity in five steps, with a dot on days with acute medication.
struct CalendarHeatmap {
    var months: [CalendarMonth]
    var days: [CalendarDay: DaySummary]
    var id: String

    init(_ report: DiaryReport) {
        months = report.months.map(\.month)
        days = report.days
        id = "dc-" + (months.first.map(ChartText.idStamp) ?? "none")
    }

    func svg() -> String {
        guard !months.isEmpty else {
            return EmptyChart.svg(id: id, title: "Calendar of headache intensity", message: "No attacks recorded")
        }
        let legend = self.legend
        let grid = Grid(months: months.count, top: 14 + Double(legend.rows(width: 700)) * ChartLegend.rowHeight + 18)
        let frame = ChartFrame(id: id, height: grid.bottom + 8, title: title, description: description)
        var writer = SVGWriter()
        frame.open(into: &writer)
        legend.draw(into: &writer, x: 10, y: 14, width: 700)
        drawLabels(into: &writer, grid)
        drawEmptyCells(into: &writer, grid)
        drawDays(into: &writer, grid)
        writer.close("svg")
        return writer.markup
    }

    /// Where cells go: up to two years one under the other; beyond that two panels side by side, so eight years
    /// still fit one A4 page.
    struct Grid {
        var panels: Int
        var rowsPerPanel: Int
        var top: Double
        var pitch: Double
        var labelWidth: Double
        var fontSize: Double

        init(months: Int, top: Double) {
            panels = months > 24 ? 2 : 1
            rowsPerPanel = (months + panels - 1) / panels
            self.top = top
            pitch = panels == 1 ? 20 : 9.5
            labelWidth = panels == 1 ? 64 : 46
            fontSize = panels == 1 ? 11 : 8
        }

        var cell: Double { pitch - (panels == 1 ? 3 : 1) }
        var bottom: Double { top + Double(rowsPerPanel) * pitch }
        var panelWidth: Double { labelWidth + 31 * pitch }
        /// The left edge of day 1's column in the panel of month number `index`.
        func cellsLeft(_ index: Int) -> Double { 8 + Double(index / rowsPerPanel) * (panelWidth + 22) + labelWidth }
        func rowTop(_ index: Int) -> Double { top + Double(index % rowsPerPanel) * pitch }
        func x(_ day: CalendarDay, _ index: Int) -> Double { cellsLeft(index) + Double(day.day - 1) * pitch }
    }
}

// MARK: - Drawing

private extension CalendarHeatmap {
    static func tenths(_ value: Int) -> String { (Double(value) / 10).svg }

    func drawLabels(into writer: inout SVGWriter, _ grid: Grid) {
        writer.open("g", ["font-size": grid.fontSize.svg, "fill": ChartStyle.axis])
        for (index, month) in months.enumerated() {
            writer.element("text", ["x": (grid.cellsLeft(index) - grid.labelWidth).svg,
                                    "y": (grid.rowTop(index) + grid.cell / 2 + grid.fontSize * 0.36).svg],
                           text: ChartText.short(month))
        }
        writer.close("g")
        writer.open("g", ["font-size": grid.fontSize.svg, "fill": ChartStyle.axis, "text-anchor": "middle"])
        for panel in 0..<grid.panels {
            for day in [1, 5, 10, 15, 20, 25, 31] {
                let x = grid.cellsLeft(panel * grid.rowsPerPanel) + Double(day - 1) * grid.pitch + grid.cell / 2
                writer.element("text", ["x": x.svg, "y": (grid.top - 5).svg], text: day.svg)
            }
        }
        writer.close("g")
    }

    /// Every day of every month as a light cell, drawn as one dashed path (a dash per day) rather than thousands
    /// of rectangles: eight years of days would otherwise outweigh the rest of the page.
    func drawEmptyCells(into writer: inout SVGWriter, _ grid: Grid) {
        let path = months.enumerated().map { index, month in
            "M\(grid.cellsLeft(index).svg) \((grid.rowTop(index) + grid.cell / 2).svg)h\((Double(month.length) * grid.pitch).svg)"
        }.joined()
        writer.leaf("path", ["d": path, "stroke": ChartStyle.heat[0], "stroke-width": grid.cell.svg,
                             "stroke-dasharray": "\(grid.cell.svg) \((grid.pitch - grid.cell).svg)"])
    }

    /// Recorded days as cells grouped by step (`class="s0"`…`"s4"`); then a dot on each day with acute medication.
    /// The cells carry the data, so the dots can be two plain paths: a dot per day would double the markup.
    func drawDays(into writer: inout SVGWriter, _ grid: Grid) {
        let recorded = months.enumerated().flatMap { index, month in
            month.days.compactMap { day in days[day].map { (day: day, summary: $0, row: index) } }
        }
        for step in ChartStyle.heat.indices {
            let cells = recorded.filter { ChartStyle.heatStep($0.summary.maxIntensity ?? 0) == step }
            guard !cells.isEmpty else { continue }
            writer.open("g", ["class": "s\(step)", "fill": ChartStyle.heat[step]])
            for (day, summary, row) in cells {
                // A day with medication but no attack still gets a cell, without a value, to carry its data-med.
                writer.leaf("rect", ["data-day": day.description], summary.maxIntensity.map { ["data-value": $0.svg] } ?? [:],
                            summary.classes.isEmpty ? [:] : ["data-med": "1"],
                            ["x": grid.x(day, row).svg, "y": grid.rowTop(row).svg, "width": grid.cell.svg, "height": grid.cell.svg])
            }
            writer.close("g")
        }
        // Relative moves (`m28.5 0`) from dot to dot are about half the bytes of absolute ones; counted in whole
        // tenths so rounding never adds up along the path.
        var dots = "", last = (x: 0, y: 0)
        for (day, summary, row) in recorded where !summary.classes.isEmpty {
            let point = (x: Int(((grid.x(day, row) + grid.cell / 2) * 10).rounded()), y: Int(((grid.rowTop(row) + grid.cell / 2) * 10).rounded()))
            let move = dots.isEmpty ? "M\(Self.tenths(point.x)) \(Self.tenths(point.y))"
                                    : "m\(Self.tenths(point.x - last.x)) \(Self.tenths(point.y - last.y))"
            dots += move + "h0"
            last = point
        }
        guard !dots.isEmpty else { return }
        // Round caps on zero-length lines draw dots; black on a white ring shows on the palest and darkest cell alike.
        let size = grid.cell * 0.36
        writer.leaf("path", ["d": dots, "stroke": "#fff", "stroke-width": (size + 1.4).svg, "stroke-linecap": "round"])
        writer.leaf("path", ["class": "mark", "d": dots, "stroke": "#000", "stroke-width": size.svg, "stroke-linecap": "round"])
    }
}
