/// The report's lower half: each month's days, what was recorded with the attacks, and what could not be read.
extension DiaryReportData {
    var details: [String: TemplateValue] {
        let attacks = reportedAttacks
        return [
            "dailies": .list(report.months.map(daily)),
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
