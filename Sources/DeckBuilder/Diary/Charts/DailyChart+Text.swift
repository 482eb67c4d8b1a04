// MARK: - Text

extension DailyChart {
    var title: String { "Highest headache intensity per day, \(name)" }

    /// The month's counts, then every recorded day with its intensity and medication.
    var description: String {
        var text = "Highest intensity (0 to 10) per day in \(name); hatched: migraine; markers: medication."
        if let counts {
            text += " \(ChartText.days(counts.headacheDays, "headache")), \(ChartText.days(counts.migraineDays, "migraine")), "
                + "\(ChartText.days(counts.anyMedicationDays, "acute-medication"))."
        }
        let perDay = days.map { day, summary in
            var parts = [summary.maxIntensity.map { $0.svg } ?? "no attack"]
            if summary.migraine { parts.append("migraine") }
            let drugs = summary.classes.sorted().map(ChartText.drug) + (summary.otherMedication ? ["other drug"] : [])
            if !drugs.isEmpty { parts.append(drugs.joined(separator: " and ")) }
            return "\(ChartText.short(day)): " + parts.joined(separator: ", ")
        }
        return text + " " + perDay.joined(separator: "; ") + "."
    }

    var legend: ChartLegend {
        let bars: [ChartLegend.Entry] = [
            .box("Headache day", fill: ChartStyle.headache, stroke: ChartStyle.headacheEdge),
            .box("Migraine day", fill: "url(#\(id)-h)", stroke: ChartStyle.migraine),
        ]
        // Only the groups these days have: eight years of monthly charts repeat the legend ninety-six times.
        let groups = MedicationGroup.allCases.filter { group in days.contains { MedicationGroup.groups(of: $0.summary).contains(group) } }
        return ChartLegend(entries: bars + groups.map { .marker($0.label, $0.marker, colour: $0.colour) }, fontSize: 10)
    }
}
