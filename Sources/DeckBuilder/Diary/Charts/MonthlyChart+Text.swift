// MARK: - Text

extension MonthlyChart {
    var title: String {
        guard let first = months.first?.month, let last = months.last?.month else { return "Headache days per month" }
        let span = first == last ? ChartText.long(first) : "\(ChartText.long(first)) to \(ChartText.long(last))"
        return "Headache, migraine and acute-medication days per month, \(span)"
    }

    /// Every number the chart draws, month by month, for readers who cannot see it.
    var description: String {
        let perMonth = months.map { month in
            var text = "\(ChartText.long(month.month)): \(month.headacheDays) headache, \(month.migraineDays) migraine, "
                + "\(ChartText.days(month.anyMedicationDays, "acute-medication"))"
            if let mean = month.meanIntensity { text += ", mean intensity \(mean.oneDecimal)" }
            return text
        }
        var text = "Bars show headache days and migraine days in each calendar month (0 to 31); a line shows days with "
            + "acute medication"
        if hasIntensity { text += "; a dashed line on the right-hand axis shows the mean intensity (0 to 10) of the month's attacks" }
        text += ". Dashed reference lines mark 10 and 15 days. " + perMonth.joined(separator: "; ") + "."
        return text
    }
}

// MARK: - Legend

extension MonthlyChart {
    var legend: ChartLegend {
        var entries: [ChartLegend.Entry] = [
            .box("Headache days", fill: ChartStyle.headache, stroke: ChartStyle.headacheEdge),
            .box("Migraine days", fill: "url(#\(id)-h)", stroke: ChartStyle.migraine),
            .line("Acute-medication days", colour: ChartStyle.medication, marker: .circle),
        ]
        if hasIntensity {
            entries.append(.line("Mean intensity (right axis)", colour: ChartStyle.intensity, dash: ChartStyle.intensityDash,
                                 marker: .diamond, markerFill: "#fff"))
        }
        entries.append(.line("10 and 15 days", colour: ChartStyle.ink, dash: ChartStyle.referenceDash))
        return ChartLegend(entries: entries)
    }
}
