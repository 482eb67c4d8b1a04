/// The report's lower half: each month's days, what was recorded with the attacks, and what could not be read.
extension DiaryReportData {
    /// The most skipped rows the page lists; the JSON lists every one.
    static let skippedListLimit = 2_000

    /// The months shown in detail: the last `DiaryStats.detailMonthCount` of the period, or all of a shorter one.
    var detailMonths: ArraySlice<MonthSummary> { report.months.suffix(DiaryStats.detailMonthCount) }

    var details: [String: TemplateValue] {
        let listed = report.listedAttacks
        let skipped = report.skipped.prefix(Self.skippedListLimit)
        return [
            "dailies": .list(detailMonths.map(daily)),
            "detailCut": detailCut(earlierAttacks: report.overall.attacks - report.detailAttackCount),
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
            "durations": spread(report.overall.pattern.durations, labels: AttackPattern.durationBands.map(\.label)),
            "startTimes": spread(report.overall.pattern.starts, labels: AttackPattern.dayParts),
            "preventives": preventives,
            "hasPreventives": .bool(!report.preventives.isEmpty),
            "menstrual": menstrual,
            "attackCount": .number(Double(listed.count)),
            "attackCaption": .string((report.detailAttackCount > listed.count ? "The \(listed.count) most recent attacks" : "Every attack")
                + (report.months.count > detailMonths.count ? " of the last \(DiaryStats.detailMonthCount) months" : " in the period")),
            "attackListCut": attackListCut(listed: listed.count),
            "attackMonths": .list(attackMonths(listed)),
            "redactNotes": .bool(redactNotes),
            "hasSkipped": .bool(!report.skipped.isEmpty),
            "hasDoubtful": .bool(!report.doubtful.isEmpty),
            "fileDoubts": .list(report.fileDoubts.map { .string($0) }),
            "doubtful": .list(report.doubtful.prefix(Self.skippedListLimit).map { row in
                ["line": .number(Double(row.line)), "column": .string(row.column), "problem": .string(row.problem)]
            }),
            "hasUnknown": .bool(!report.unknownMedications.isEmpty),
            "unusedColumns": .string(report.unusedColumns.joined(separator: ", ")),
            "skipped": .list(skipped.map { row in
                ["line": .number(Double(row.line)), "column": .string(row.column), "problem": .string(row.problem)]
            }),
            "skippedCut": report.skipped.count > skipped.count
                ? .string("The first \(ReportText.count(skipped.count, "skipped row")) are listed; \(report.skipped.count - skipped.count) more were skipped, "
                    + "and deckgen report --format json lists them all.")
                : .null,
            "unknownMedications": .list(report.unknownMedications.map { .string($0) }),
        ]
    }

    /// Each preventive's period with migraine days per 30 days before and during; null when the diary names none.
    var preventives: TemplateValue {
        guard !report.preventives.isEmpty else { return .null }
        func rate(_ rate: PreventivePeriod.Rate?) -> String {
            guard let rate else { return "too few days of diary" }
            let days = rate.days.upperBound.ordinal - rate.days.lowerBound.ordinal + 1
            return "\(ReportText.decimal(rate.perThirtyDays)) (\(rate.days.lowerBound) to \(rate.days.upperBound), \(days) days)"
        }
        return .list(report.preventives.map { period in
            let taken = period.stop.map { "\(period.start) to \($0)" } ?? "from \(period.start)"
            let reduction = period.reduction
            return [
                "name": .string(period.name),
                "taken": .string(taken + (period.fromColumn ? " (first and last rows naming it)" : "")),
                "before": .string(rate(period.before)),
                "during": .string(rate(period.during)),
                "change": .string(reduction.map { "\($0 >= 0 ? "−" : "+")\(Int((abs($0) * 100).rounded()))%" } ?? "–"),
                "halved": .string(reduction.map { $0 >= 0.5 ? "yes" : "no" } ?? "–"),
            ]
        })
    }

    /// The menstrual association in sentences; null when the diary records no menstruation.
    var menstrual: TemplateValue {
        guard let association = report.menstrual else { return .null }
        let share = Self.percent(association.cyclesWithAttack, of: association.cycles)
        let pattern: String
        switch association.pattern {
        case nil:
            pattern = "With fewer than \(MenstrualAssociation.fewestCycles) cycles recorded, no pattern is given: ICHD-3 asks for three."
        case .notMenstrual?:
            pattern = "Fewer than two cycles in three had an attack from day −2 to +3: the diary shows no menstrual pattern by ICHD-3 A1.1."
        case .pureMenstrual?:
            pattern = "The diary fits the pattern ICHD-3 A1.1.1 calls pure menstrual migraine: attacks from day −2 to +3 in at least two cycles in three, and at no other time of the cycle."
        case .menstruallyRelated?:
            pattern = "The diary fits the pattern ICHD-3 A1.1.2 calls menstrually related migraine: attacks from day −2 to +3 in at least two cycles in three, and at other times of the cycle as well."
        }
        return [
            "cycles": .string("Menstruation is recorded for \(ReportText.count(association.cycles, "cycle")) in the period. A migraine attack began "
                + "from day −2 to day +3 of menstruation (ICHD-3's day 1 ± 2; there is no day 0) in \(association.cyclesWithAttack) of them (\(share)); "
                + "\(ReportText.count(association.otherAttackDays, "other day")) of those cycles had a migraine attack begin."),
            "pattern": .string(pattern),
        ]
    }

    /// Rows of a spread table (label, attacks, share of those counted); null when no attack gave the value.
    func spread(_ counts: [Int], labels: [String]) -> TemplateValue {
        let total = counts.reduce(0, +)
        guard total > 0 else { return .null }
        return [
            "total": .number(Double(total)),
            "rows": .list(zip(labels, counts).map { label, count in
                ["label": .string(label), "count": .number(Double(count)), "share": .string(Self.percent(count, of: total))]
            }),
        ]
    }

    /// The sentence under the attack list when it holds only the most recent attacks; null when it holds them all.
    func attackListCut(listed: Int) -> TemplateValue {
        guard report.detailAttackCount > listed else { return .null }
        let left = report.detailAttackCount - listed
        return .string("Only the \(ReportText.count(listed, "most recent attack")) of the \(report.detailAttackCount) in these months "
            + "\(listed == 1 ? "is" : "are") listed. The other \(left) \(left == 1 ? "is" : "are") counted in every figure above, "
            + "and the diary file holds them all.")
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
        return .string("Daily charts and the attack list cover the last \(DiaryStats.detailMonthCount) months (\(span)); "
            + "the \(ReportText.count(earlierAttacks, "attack")) before \(earlierAttacks == 1 ? "is" : "are") counted in the "
            + "summary, the monthly table and the charts above. Use --from and --to for the detail of another period.")
    }

    /// `42%`, rounded to a whole percent.
    static func percent(_ count: Int, of total: Int) -> String {
        "\(Int((Double(count) * 100 / Double(max(1, total))).rounded()))%"
    }

    func frequencies(_ counts: [NameCount]) -> [TemplateValue] {
        let attacks = max(1, report.overall.attacks)
        return counts.map { entry in
            [
                "name": .string(entry.name),
                "count": .number(Double(entry.count)),
                "share": .string(Self.percent(entry.count, of: attacks)),
            ]
        }
    }

    // MARK: - Attacks

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
            if let effect = dose.effect { notes.append(effect) }
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
