// MARK: - Drawing

extension MonthlyChart {
    func drawAxes(into writer: inout SVGWriter, _ layout: Layout) {
        let dayTicks: [Double] = [0, 5, 10, 15, 20, 25, 30]
        // No grid line at 10 and 15: the reference lines sit there.
        ChartAxis.grid(into: &writer, scale: layout.days, ticks: dayTicks.filter { !Self.references.contains($0) && $0 > 0 },
                       from: layout.left, to: layout.right)
        ChartAxis.baseline(into: &writer, y: layout.bottom, from: layout.left, to: layout.right)
        ChartAxis.labels(into: &writer, scale: layout.days, ticks: dayTicks, x: layout.left - 5, onLeft: true)
        ChartAxis.title("Days in month", into: &writer, x: 12, y: (layout.top + layout.bottom) / 2, colour: ChartStyle.migraine)
        guard hasIntensity else { return }
        let ticks: [Double] = [0, 2, 4, 6, 8, 10]
        let tickMarks = ticks.map { "M\(layout.right.svg) \(layout.intensity($0).svg)h4" }.joined()
        writer.leaf("path", ["d": "M\(layout.right.svg) \(layout.top.svg)V\(layout.bottom.svg)" + tickMarks,
                             "stroke": ChartStyle.intensity])
        ChartAxis.labels(into: &writer, scale: layout.intensity, ticks: ticks, x: layout.right + 7, onLeft: false,
                         colour: ChartStyle.intensity)
        ChartAxis.title("Mean intensity (0–10)", into: &writer, x: 712, y: (layout.top + layout.bottom) / 2,
                        colour: ChartStyle.intensity)
    }

    func drawBars(into writer: inout SVGWriter, _ layout: Layout, hatch: String) {
        let barWidth = min(layout.bands.step * 0.76, 44) / 2
        // An outline makes wide bars crisp but would swallow bars only a few pixels wide.
        let edge = barWidth >= 6 ? ChartStyle.headacheEdge : "none"
        writer.open("g", ["class": "bar headache", "fill": ChartStyle.headache, "stroke": edge])
        for (index, month) in months.enumerated() {
            bar(into: &writer, layout, x: layout.bands.centre(index) - barWidth, width: barWidth, kind: "headache",
                month: month.month, value: month.headacheDays)
        }
        writer.close("g")
        writer.open("g", ["class": "bar migraine", "fill": "url(#\(hatch))", "stroke": barWidth >= 6 ? ChartStyle.migraine : "none"])
        for (index, month) in months.enumerated() {
            bar(into: &writer, layout, x: layout.bands.centre(index), width: barWidth, kind: "migraine",
                month: month.month, value: month.migraineDays)
        }
        writer.close("g")
    }

    private func bar(into writer: inout SVGWriter, _ layout: Layout, x: Double, width: Double, kind: String,
                     month: CalendarMonth, value: Int) {
        let height = Double(value) * Self.pixelsPerDay
        writer.leaf("rect", ["data-month": month.description, "data-value": value.svg,
                             "x": x.svg, "y": (layout.bottom - height).svg, "width": width.svg, "height": height.svg],
                    tooltip: "\(ChartText.long(month)): \(ChartText.days(value, kind))")
    }

    func drawReferences(into writer: inout SVGWriter, _ layout: Layout) {
        for days in Self.references {
            let y = layout.days(days)
            writer.leaf("path", ["class": "ref", "data-value": days.svg, "d": "M\(layout.left.svg) \(y.svg)H\(layout.right.svg)",
                                 "stroke": ChartStyle.ink, "stroke-dasharray": ChartStyle.referenceDash])
            // A white halo keeps the label readable where it crosses a bar.
            writer.element("text", ["x": (layout.right - 3).svg, "y": (y - 3).svg, "text-anchor": "end", "font-size": "10",
                                    "stroke": "#fff", "stroke-width": "3", "paint-order": "stroke"],
                           text: "\(days.svg) days")
        }
    }

    func drawMedication(into writer: inout SVGWriter, _ layout: Layout) {
        let points = months.indices.map { "\(layout.bands.centre($0).svg),\(layout.days(Double(months[$0].anyMedicationDays)).svg)" }
        writer.leaf("polyline", ["points": points.joined(separator: " "), "fill": "none", "stroke": ChartStyle.medication,
                                 "stroke-width": "2", "stroke-linejoin": "round"])
        writer.open("g", ["class": "point medication", "fill": ChartStyle.medication, "stroke": "#fff", "stroke-width": "0.8"])
        for (index, month) in months.enumerated() {
            ChartMarker.circle.draw(into: &writer, x: layout.bands.centre(index), y: layout.days(Double(month.anyMedicationDays)),
                                    size: layout.markerSize, ["data-month": month.month.description,
                                                              "data-value": month.anyMedicationDays.svg])
        }
        writer.close("g")
    }

    /// A dashed line with open diamonds; months without attacks break the line rather than dropping to 0.
    func drawIntensity(into writer: inout SVGWriter, _ layout: Layout) {
        var runs: [[String]] = [[]]
        for (index, month) in months.enumerated() {
            guard let mean = month.meanIntensity else {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                continue
            }
            runs[runs.count - 1].append("\(layout.bands.centre(index).svg) \(layout.intensity(mean).svg)")
        }
        let path = runs.filter { !$0.isEmpty }.map { run in
            "M" + run[0] + (run.count > 1 ? "L" + run.dropFirst().joined(separator: " ") : "")
        }.joined()
        writer.leaf("path", ["d": path, "fill": "none", "stroke": ChartStyle.intensity, "stroke-width": "1.6",
                             "stroke-dasharray": ChartStyle.intensityDash])
        writer.open("g", ["class": "point intensity", "fill": "#fff", "stroke": ChartStyle.intensity, "stroke-width": "1.4"])
        for (index, month) in months.enumerated() {
            guard let mean = month.meanIntensity else { continue }
            ChartMarker.diamond.draw(into: &writer, x: layout.bands.centre(index), y: layout.intensity(mean),
                                     size: layout.markerSize, ["data-month": month.month.description,
                                                               "data-value": mean.svg])
        }
        writer.close("g")
    }

    /// Every month keeps its bars, but with many months only every 2nd, 3rd, 6th or 12th is labelled, on
    /// calendar-aligned months (Jan, Apr, Jul, Oct…) so the labels read as a calendar.
    func drawMonthLabels(into writer: inout SVGWriter, _ layout: Layout) {
        let every = [1, 2, 3, 6, 12].first { layout.bands.step * Double($0) >= 52 } ?? 12
        writer.open("g", ["font-size": "10", "text-anchor": "middle", "fill": ChartStyle.axis])
        var ticks = ""
        for (index, month) in months.enumerated() where every == 1 || (month.month.month - 1) % every == 0 {
            let x = layout.bands.centre(index)
            ticks += "M\(x.svg) \(layout.bottom.svg)v4"
            writer.element("text", ["x": x.svg, "y": (layout.bottom + 16).svg], text: ChartText.short(month.month))
        }
        writer.close("g")
        if !ticks.isEmpty { writer.leaf("path", ["d": ticks, "stroke": ChartStyle.axis]) }
    }
}
