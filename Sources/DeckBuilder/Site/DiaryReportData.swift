/// The values `report.mustache` renders: every number and text of a diary report, ready to escape.
///
/// Numbers are formatted here, not in the template, so the page, its tables and the tests agree to the digit.
/// Charts are SVG from `DiaryCharts` and are the only raw markup.
struct DiaryReportData {
    let report: DiaryReport
    let name: String?
    let redactNotes: Bool
    let generated: String?

    /// The whole context; `page` holds what the layout adds (stylesheet, policy, link back to a site).
    func context(page: [String: TemplateValue]) -> TemplateValue {
        var fields: [String: TemplateValue] = [
            "name": name.map { .string($0) } ?? .null,
            "period": .string(periodText),
            "hasPeriod": .bool(report.period != nil),
            "generated": generated.map { .string($0) } ?? .null,
            // The file's name only: a path as typed could tell the reader about the patient's computer.
            "diaryFile": .string(report.path.split(separator: "/").last.map(String.init) ?? report.path),
            "cut": cut,
            "cards": .list(cards),
            "flags": flags,
            "classes": .list(MedicationClass.allCases.map { kind in
                ["title": .string(kind.title), "label": .string(ReportText.label(kind)), "threshold": .number(Double(kind.overuseDays))]
            }),
            "monthlyChart": .string(DiaryCharts.monthly(report)),
            "months": .list(report.months.map(monthRow)),
            "totals": totals,
            "calendarChart": .string(DiaryCharts.calendar(report)),
        ]
        fields.merge(page) { _, layout in layout }
        fields.merge(details) { _, detail in detail }
        return .object(fields)
    }

    /// `2024-01-03 to 2024-03-28`, or `an empty diary`, after "Report of".
    var periodText: String {
        guard let period = report.period else { return "an empty diary" }
        return "\(period.lowerBound) to \(period.upperBound)"
    }

    /// What the header says when the diary was too long to report whole; null when it was not.
    var cut: TemplateValue {
        guard let cut = report.cut, let period = report.period else { return .null }
        let years = DiaryStats.maximumMonths / 12
        return [
            "heading": .string("Only the last \(years) years of the diary are reported."),
            "text": .string("The diary runs from \(cut.diaryFrom) to \(period.upperBound), more than \(years) years. This report "
                + "covers \(period.lowerBound) to \(period.upperBound); the \(ReportText.count(cut.attacksLeftOut, "attack")) before "
                + "\(period.lowerBound) \(cut.attacksLeftOut == 1 ? "is" : "are") not counted anywhere in it. "
                + "Use deckgen report with --from and --to to report on another period."),
        ]
    }
}

// MARK: - Summary

extension DiaryReportData {
    /// The cards under the header: the figures a doctor asks first.
    var cards: [TemplateValue] {
        let overall = report.overall
        let monthCount = report.months.count
        let perMonth = monthCount == 0 ? nil : Double(overall.headacheDays) / Double(monthCount)
        func card(_ label: String, _ value: String, _ detail: String) -> TemplateValue {
            ["label": .string(label), "value": .string(value), "detail": .string(detail)]
        }
        return [
            card("Months", String(monthCount), ReportText.count(overall.days, "day") + " in all"),
            card("Headache days a month", ReportText.decimal(perMonth), "mean of \(ReportText.count(monthCount, "calendar month"))"),
            card("Headache days", String(overall.headacheDays), "of \(overall.days)"),
            card("Migraine days", String(overall.migraineDays), "of \(overall.days)"),
            card("Attacks", String(overall.attacks), "started in the period"),
            card("Acute-medication days", String(overall.anyMedicationDays), "any class"),
            card("Mean intensity", ReportText.decimal(overall.meanIntensity),
                 "0–10; highest \(overall.maxIntensity.map(ReportText.intensity) ?? "–")"),
            card("Mean duration", overall.meanDurationHours.map { ReportText.duration(seconds: Int(($0 * 3600).rounded())) } ?? "–",
                 "attacks with an end"),
        ]
    }

    /// Each month's thresholds reached, and those held three months or more in a row.
    var flags: TemplateValue {
        let months: [TemplateValue] = report.months.filter { !$0.flags.isEmpty }.map { month in
            ["month": .string(month.month.description), "sentences": .string(month.flags.map(\.sentence).joined(separator: "; "))]
        }
        let sustained: [TemplateValue] = report.sustainedFlags.map { run in
            .string("\(Self.capitalised(run.flag.sentence)): held for \(run.months) months in a row (\(run.from) to \(run.to)).")
        }
        return ["any": .bool(!months.isEmpty), "months": .list(months), "sustained": .list(sustained),
                "hasSustained": .bool(!sustained.isEmpty)]
    }

    static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

// MARK: - Months

extension DiaryReportData {
    func monthRow(_ month: MonthSummary) -> TemplateValue {
        [
            "month": .string(month.month.description),
            "headache": .number(Double(month.headacheDays)),
            "migraine": .number(Double(month.migraineDays)),
            "attacks": .number(Double(month.attacks)),
            "classes": .list(MedicationClass.allCases.map { .number(Double(month.medicationDays[$0] ?? 0)) }),
            "any": .number(Double(month.anyMedicationDays)),
            "flags": .string(month.flags.map(ReportText.shortLabel).joined(separator: ", ")),
            "flagged": .bool(!month.flags.isEmpty),
        ]
    }

    /// The period's totals, as the monthly table's last row.
    var totals: TemplateValue {
        let overall = report.overall
        return [
            "headache": .number(Double(overall.headacheDays)),
            "migraine": .number(Double(overall.migraineDays)),
            "attacks": .number(Double(overall.attacks)),
            "classes": .list(MedicationClass.allCases.map { .number(Double(overall.medicationDays[$0] ?? 0)) }),
            "any": .number(Double(overall.anyMedicationDays)),
        ]
    }
}
