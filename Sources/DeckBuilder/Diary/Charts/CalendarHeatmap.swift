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

    /// Recorded days as one path per step (`class="s0"`…`"s4"`), then one path of dots for days with acute medication.
    /// A cell is a stroke as wide as the cell and a run of days in a row is one dashed stroke, so eight years of
    /// days cost about twenty bytes each instead of a hundred for a `<rect>` with its data.
    ///
    /// The data stays machine-readable: the group carries `data-start` (the first day of the first month,
    /// `2024-03-01`), and each step's path and the dots carry `data-days`, the days as offsets from it, space-separated
    /// and ascending (`0 4 31` is the 1st, the 5th and the next month's 1st). A day with medication but no attack is
    /// in step 0; the `<desc>` gives the same counts month by month in words.
    func drawDays(into writer: inout SVGWriter, _ grid: Grid) {
        let recorded = months.enumerated().flatMap { index, month in
            month.days.compactMap { day in days[day].map { (day: day, summary: $0, row: index) } }
        }
        guard let start = months.first?.first else { return }
        func offsets(_ cells: some Sequence<(day: CalendarDay, summary: DaySummary, row: Int)>) -> String {
            cells.map { String($0.day.ordinal - start.ordinal) }.joined(separator: " ")
        }
        writer.open("g", ["class": "days", "data-start": start.description, "stroke-width": grid.cell.svg,
                          "stroke-dasharray": "\(grid.cell.svg) \((grid.pitch - grid.cell).svg)"])
        for step in ChartStyle.heat.indices {
            let cells = recorded.filter { ChartStyle.heatStep($0.summary.maxIntensity ?? 0) == step }
            guard !cells.isEmpty else { continue }
            var path = RelativePath(), first = 0
            while first < cells.count {
                var last = first
                while last + 1 < cells.count, cells[last + 1].row == cells[first].row,
                      cells[last + 1].day.ordinal == cells[last].day.ordinal + 1 {
                    last += 1
                }
                let (day, _, row) = cells[first]
                path.move(grid.x(day, row), grid.rowTop(row) + grid.cell / 2)
                path.across(Double(last - first + 1) * grid.pitch - (grid.pitch - grid.cell))
                first = last + 1
            }
            writer.leaf("path", ["class": "s\(step)", "stroke": ChartStyle.heat[step], "data-days": offsets(cells), "d": path.text])
        }
        writer.close("g")
        let medicated = recorded.filter { !$0.summary.classes.isEmpty }
        guard !medicated.isEmpty else { return }
        var dots = RelativePath()
        for (day, _, row) in medicated {
            dots.move(grid.x(day, row) + grid.cell / 2, grid.rowTop(row) + grid.cell / 2)
            dots.across(0)
        }
        // Round caps on zero-length lines draw dots; black on a white ring shows on the palest and darkest cell alike.
        // The path is written once and drawn twice with `<use>`.
        let size = grid.cell * 0.36, dotsID = id + "-m"
        writer.open("defs")
        writer.leaf("path", ["id": dotsID, "d": dots.text])
        writer.close("defs")
        writer.leaf("use", ["href": "#" + dotsID, "stroke": "#fff", "stroke-width": (size + 1.4).svg, "stroke-linecap": "round"])
        writer.leaf("use", ["class": "mark", "data-days": offsets(medicated), "href": "#" + dotsID, "stroke": "#000",
                            "stroke-width": size.svg, "stroke-linecap": "round"])
    }
}

/// Path data of moves and horizontal lines, each move relative to where the last line ended (`m28.5 0`): about half
/// the bytes of absolute ones. Counted in whole tenths, so rounding never adds up along the path.
private struct RelativePath {
    private(set) var text = ""
    private var x = 0, y = 0

    mutating func move(_ toX: Double, _ toY: Double) {
        let point = (x: Self.tenths(toX), y: Self.tenths(toY))
        text += text.isEmpty ? "M\(Self.svg(point.x)) \(Self.svg(point.y))" : "m\(Self.svg(point.x - x)) \(Self.svg(point.y - y))"
        (x, y) = point
    }

    mutating func across(_ length: Double) {
        let tenths = Self.tenths(length)
        text += "h" + Self.svg(tenths)
        x += tenths
    }

    private static func tenths(_ value: Double) -> Int { Int((value * 10).rounded()) }
    private static func svg(_ tenths: Int) -> String { (Double(tenths) / 10).svg }
}
