// MARK: - Text

extension CalendarHeatmap {
    var title: String {
        guard let first = months.first, let last = months.last else { return "Calendar of headache intensity" }
        let span = first == last ? ChartText.long(first) : "\(ChartText.long(first)) to \(ChartText.long(last))"
        return "Calendar of each day's highest intensity, \(span)"
    }

    /// Per month: days with an attack, how many fell in each intensity step, and days with acute medication.
    var description: String {
        let perMonth = months.map { month in
            let summaries = month.days.compactMap { days[$0] }
            let intensities = summaries.compactMap(\.maxIntensity)
            var steps = [Int](repeating: 0, count: ChartStyle.heat.count)
            for value in intensities { steps[ChartStyle.heatStep(value)] += 1 }
            let counted = steps.indices.dropFirst().filter { steps[$0] > 0 }.map { "\(ChartStyle.heatLabels[$0]): \(steps[$0])" }
            let medicated = summaries.filter { !$0.classes.isEmpty }.count
            return "\(ChartText.long(month)): \(intensities.count) with an attack"
                + (counted.isEmpty ? "" : " (" + counted.joined(separator: ", ") + ")") + ", \(medicated) with acute medication"
        }
        return "One row per month, one square per day, shaded by the day's highest intensity: none, 1 to 3, 4 to 6, "
            + "7 to 8, 9 to 10; a dot marks days with acute medication. Days per month: " + perMonth.joined(separator: "; ") + "."
    }

    var legend: ChartLegend {
        let steps = ChartStyle.heat.indices.map { step in
            ChartLegend.Entry.box(step == 0 ? "No attack" : "Intensity \(ChartStyle.heatLabels[step])", fill: ChartStyle.heat[step])
        }
        let dot = ChartLegend.Entry(label: "Acute medication") { writer, x, y in
            writer.leaf("rect", ["x": (x - 6).svg, "y": (y - 5).svg, "width": "12", "height": "10", "fill": ChartStyle.heat[2]])
            writer.leaf("circle", ["cx": x.svg, "cy": y.svg, "r": "2.5", "fill": "#000", "stroke": "#fff", "stroke-width": "0.7"])
        }
        return ChartLegend(entries: steps + [dot])
    }
}
