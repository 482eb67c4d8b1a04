/// The report's first page: the last months month by month, the thresholds they reached, and their days charted.
extension DiaryReportData {
    /// Null for an empty report.
    var recent: TemplateValue {
        guard let window = report.recent else { return .null }
        let sustained: [TemplateValue] = window.sustained(in: report).map { run in
            .string("\(Self.capitalised(run.flag.sentence)): held for \(run.months) months in a row (\(run.from) to \(run.to)).")
        }
        let flagged: [TemplateValue] = window.months.filter { !$0.flags.isEmpty }.map { month in
            ["month": .string(Self.monthLabel(month)), "sentences": .string(month.flags.map(\.sentence).joined(separator: "; "))]
        }
        let totals = window.totals
        func rate(_ count: Int) -> TemplateValue { .string(ReportText.decimal(window.perThirtyDays(count))) }
        return [
            "heading": .string(window.months.count < RecentWindow.monthCount ? "The whole period, month by month"
                : "The last \(RecentWindow.monthCount) months"),
            "range": .string(ChartText.short(window.days)),
            "dayCount": .number(Double(window.dayCount)),
            "months": .list(window.months.map { month in
                var row = monthRow(month)
                row["label"] = .string(Self.monthLabel(month))
                return .object(row)
            }),
            "rate": [
                "headache": rate(totals.headacheDays),
                "migraine": rate(totals.migraineDays),
                "attacks": rate(window.months.reduce(0) { $0 + $1.attacks }),
                "classes": .list(MedicationClass.allCases.map { rate(totals.medicationDays[$0] ?? 0) }),
                "any": rate(totals.anyMedicationDays),
            ],
            "anyFlag": .bool(!flagged.isEmpty || !sustained.isEmpty),
            "flagged": .list(flagged),
            "sustained": .list(sustained),
            "chart": .string(DiaryCharts.recent(report, window: window)),
        ]
    }

    /// `November 2026`, or `November 2026 (28 of 30 days)` for a month the period holds only part of.
    static func monthLabel(_ month: MonthSummary) -> String {
        let name = ReportText.monthName(month.month)
        guard month.isPartial, month.days > 0 else { return name }
        return "\(name) (\(month.days) of \(month.month.length) days)"
    }
}
