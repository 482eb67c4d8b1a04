/// The report's lower half: each month's days, what was recorded with the attacks, and what could not be read.
extension DiaryReportData {
    /// How many of the latest reported months get daily charts and the attack list. A doctor wants the long-term
    /// overview (monthly table, calendar) and recent detail; eight years of detail would make a page of megabytes.
    static let detailMonthCount = 12

    /// The months shown in detail: the last `detailMonthCount` of the period, or all of a shorter one.
    var detailMonths: ArraySlice<MonthSummary> { report.months.suffix(Self.detailMonthCount) }

    var details: [String: TemplateValue] {
        let all = reportedAttacks
        let first = detailMonths.first?.month
        let attacks = all.filter { attack in first.map { attack.start.day.calendarMonth >= $0 } ?? true }
        return [
            "dailies": .list(detailMonths.map(daily)),
            "detailCut": detailCut(earlierAttacks: all.count - attacks.count),
            "triggers": .list(frequencies(report.overall.triggers)),
            "symptoms": .list(frequencies(report.overall.symptoms)),
            "relief": .list(report.overall.relief.map { entry in
                [
                    "medication": .string(entry.medication),
                    "class": .string(entry.medicationClass.map(ReportText.label) ?? "no class"),
                    "uses": .number(Double(entry.uses)),
                    "relief": .string(entry.relief.map { "\($0.name) \($0.count)" }.joined(separator: ", ")),
                ]
            }),
            "attackCount": .number(Double(attacks.count)),
            "attackCaption": .string(report.months.count > detailMonths.count
                ? "Every attack of the last \(Self.detailMonthCount) months" : "Every attack in the period"),
            "attackMonths": .list(attackMonths(attacks)),
            "redactNotes": .bool(redactNotes),
            "hasSkipped": .bool(!report.diary.skipped.isEmpty),
            "hasUnknown": .bool(!report.diary.unknownMedications.isEmpty),
            "skipped": .list(report.diary.skipped.map { row in
                ["line": .number(Double(row.line)), "column": .string(row.column), "problem": .string(row.problem)]
            }),
            "unknownMedications": .list(report.diary.unknownMedications.map { .string($0) }),
        ]
    }

    // MARK: - Days

    /// One month's chart and the days of it that had an attack or a medication.
    func daily(_ month: MonthSummary) -> TemplateValue {
        let days: [TemplateValue] = month.month.days.compactMap { day in
            guard let summary = report.days[day], summary.maxIntensity != nil || !summary.classes.isEmpty || summary.otherMedication
            else { return nil }
            var medication = summary.classes.sorted().map(ReportText.shortLabel)
            if summary.otherMedication { medication.append("other") }
            return [
                "day": .string(ReportText.dayOfMonth(day)),
                "date": .string(day.description),
                "intensity": .string(summary.maxIntensity.map(ReportText.intensity) ?? ""),
                "counted": .string(summary.migraine ? "migraine" : summary.headache ? "headache" : ""),
                "medication": .string(medication.joined(separator: ", ")),
            ]
        }
        return [
            "month": .string(month.month.description),
            "monthName": .string(ReportText.monthName(month.month)),
            "chart": .string(DiaryCharts.daily(report, month: month.month)),
            "days": .list(days),
            "hasDays": .bool(!days.isEmpty),
        ]
    }

    /// The sentence above the daily charts when they leave months out; null when every month is shown.
    func detailCut(earlierAttacks: Int) -> TemplateValue {
        guard report.months.count > detailMonths.count, let first = detailMonths.first, let last = detailMonths.last else {
            return .null
        }
        let span = "\(ChartText.short(first.month)) – \(ChartText.short(last.month))"
        return .string("Daily charts and the attack list cover the last \(Self.detailMonthCount) months (\(span)); "
            + "the \(ReportText.count(earlierAttacks, "attack")) before \(earlierAttacks == 1 ? "is" : "are") counted in the "
            + "summary, the monthly table and the charts above. Use --from and --to for the detail of another period.")
    }

    func frequencies(_ counts: [NameCount]) -> [TemplateValue] {
        let attacks = max(1, report.overall.attacks)
        return counts.map { entry in
            [
                "name": .string(entry.name),
                "count": .number(Double(entry.count)),
                "share": .string("\(Int((Double(entry.count) * 100 / Double(attacks)).rounded()))%"),
            ]
        }
    }

    // MARK: - Attacks

    /// The attacks that count in the report (those starting in its period), by start, file order breaking ties.
    var reportedAttacks: [Attack] {
        guard let period = report.period else { return [] }
        return report.diary.attacks.enumerated()
            .filter { period.contains($0.element.start.day) }
            .sorted { ($0.element.start.wallSeconds, $0.offset) < ($1.element.start.wallSeconds, $1.offset) }
            .map(\.element)
    }

    /// Attacks grouped by the month they start in, so a long list reads (and prints) month by month.
    func attackMonths(_ attacks: [Attack]) -> [TemplateValue] {
        var groups = [(month: CalendarMonth, attacks: [Attack])]()
        for attack in attacks {
            let month = attack.start.day.calendarMonth
            if groups.last?.month == month { groups[groups.count - 1].attacks.append(attack) } else { groups.append((month, [attack])) }
        }
        return groups.map { group in
            ["month": .string(ReportText.monthName(group.month)), "attacks": .list(group.attacks.map(attackRow))]
        }
    }

    func attackRow(_ attack: Attack) -> TemplateValue {
        let day = attack.start.day
        let medications = attack.medications.map { dose in
            var notes = [dose.medicationClass.map(ReportText.shortLabel) ?? (dose.isUnknown ? "unknown" : "no class")]
            if let taken = dose.takenAt { notes.append("at " + ReportText.time(taken, from: day)) }
            return "\(dose.text) (\(notes.joined(separator: ", ")))"
        }
        var other = [TemplateValue]()
        func add(_ label: String, _ text: String?) {
            guard let text, !text.isEmpty else { return }
            other.append(["label": .string(label), "text": .string(text)])
        }
        add("Aura", attack.aura)
        add("Location", attack.location)
        add("Place", attack.place)
        if !redactNotes { add("Note", attack.note) }
        return [
            "line": .number(Double(attack.line)),
            // The month is the group's heading: the day, its weekday and the clock are enough here.
            "start": .string(ReportText.dayOfMonth(day) + " " + attack.start.description.dropFirst(11)),
            "startDate": .string(attack.start.description),
            "end": .string(attack.end.map { ReportText.time($0, from: day) } ?? "ongoing"),
            "duration": .string(attack.end.map { ReportText.duration(seconds: $0.seconds(since: attack.start)) } ?? ""),
            "intensity": .string(ReportText.intensity(attack.intensity)),
            "type": .string(attack.type ?? ""),
            "medication": .string(medications.joined(separator: "; ")),
            "triggers": .string(attack.triggers.joined(separator: ", ")),
            "symptoms": .string(attack.symptoms.joined(separator: ", ")),
            "relief": .string(attack.relief ?? ""),
            "other": .list(other),
        ]
    }
}
