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
            "months": .list(report.months.map { .object(monthRow($0)) }),
            "recent": recent,
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
        // Per 30 days of the period, not per calendar month: a first or last month cut short would pull a mean down.
        let perThirtyDays = overall.days == 0 ? nil : Double(overall.headacheDays) * 30 / Double(overall.days)
        func card(_ label: String, _ value: String, _ detail: String) -> TemplateValue {
            ["label": .string(label), "value": .string(value), "detail": .string(detail)]
        }
        return [
            card("Months", String(monthCount), ReportText.count(overall.days, "day") + " in all"),
            card("Headache days per 30 days", ReportText.decimal(perThirtyDays), "over \(ReportText.count(overall.days, "day"))"),
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

    /// Each threshold the period reached: in how many months, and when, runs of three months or more marked as held.
    /// One line a flag, however long the diary: eight years of months listed one by one filled two pages.
    var flags: TemplateValue {
        let lines: [TemplateValue] = MonthFlag.allCases.compactMap { flag in
            let runs = Self.runs(of: report.months.map { $0.flags.contains(flag) })
            guard !runs.isEmpty else { return nil }
            let reached = runs.reduce(0) { $0 + $1.count }
            let when = runs.map { run in
                let first = report.months[run.lowerBound].month, last = report.months[run.upperBound - 1].month
                return run.count == 1 ? first.description
                    : "\(first) to \(last)" + (run.count >= 3 ? " (\(run.count) months in a row)" : "")
            }
            return ["sentence": .string(Self.capitalised(flag.sentence)),
                    "count": .string("\(reached) of \(ReportText.count(report.months.count, "month"))"),
                    "when": .string(when.joined(separator: ", "))]
        }
        return ["any": .bool(!lines.isEmpty), "lines": .list(lines)]
    }

    /// The index ranges where `holds` is true, in order.
    static func runs(of holds: [Bool]) -> [Range<Int>] {
        var runs = [Range<Int>](), start: Int?
        for (index, value) in (holds + [false]).enumerated() {
            if value, start == nil { start = index }
            if !value, let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        return runs
    }

    static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

// MARK: - Months

extension DiaryReportData {
    func monthRow(_ month: MonthSummary) -> [String: TemplateValue] {
        [
            "month": .string(month.month.description + (month.isPartial ? " (\(month.days) of \(month.month.length) days)" : "")),
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
