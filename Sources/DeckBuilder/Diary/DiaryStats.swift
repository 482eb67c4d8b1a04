/// Counts days the way the report's definitions say (shown on every report):
///
/// - days are calendar days as written; an attack touches every day from its start to its end, except that an
///   end at exactly 00:00 does not touch that day; an attack still going counts through `to`, or else through
///   the latest time recorded anywhere in the diary;
/// - a headache day is touched by an attack with intensity above 0; a migraine day by an attack typed as
///   migraine, or, untyped, one of 4 hours or more at intensity 4 or more, or treated with a triptan or an ergot;
/// - a medication day of a class is the day a drug of that class was taken (its own `@` time, else the
///   attack's start day);
/// - months run from the first to the last day touched by an attack or a medication (or from `from` to `to`),
///   empty months included; an attack counts in the month it starts.
public struct DiaryStats: Sendable {
    /// Only days from `from` through `to` count, and only attacks that start in them.
    public var from: CalendarDay?
    public var to: CalendarDay?

    public init(from: CalendarDay? = nil, to: CalendarDay? = nil) {
        self.from = from
        self.to = to
    }

    /// The report of `diary`.
    public func report(_ diary: Diary) -> DiaryReport {
        let attacks = diary.attacks
        let latest = Self.latestTime(in: attacks)
        var days = [CalendarDay: DaySummary]()
        var counted = [Attack]()
        var durations = [Double]()
        var relief = [String: (kind: MedicationClass?, uses: Int, relief: [String: Int])]()
        for attack in attacks {
            let end = effectiveEnd(of: attack, latest: latest)
            let hours = Double(end.seconds(since: attack.start)) / 3600
            let migraine = Self.isMigraine(attack, hours: hours)
            for day in Self.touchedDays(from: attack.start, to: end) where contains(day) {
                var summary = days[day] ?? DaySummary()
                summary.maxIntensity = max(summary.maxIntensity ?? attack.intensity, attack.intensity)
                if attack.intensity > 0 { summary.headache = true }
                if migraine { summary.migraine = true }
                days[day] = summary
            }
            for dose in attack.medications {
                let day = dose.takenAt?.day ?? attack.start.day
                guard contains(day) else { continue }
                var summary = days[day] ?? DaySummary()
                if let kind = dose.medicationClass { summary.classes.insert(kind) } else { summary.otherMedication = true }
                days[day] = summary
            }
            guard contains(attack.start.day) else { continue }
            counted.append(attack)
            if let realEnd = attack.end { durations.append(Double(realEnd.seconds(since: attack.start)) / 3600) }
            for dose in attack.medications {
                var entry = relief[dose.name] ?? (dose.medicationClass, 0, [:])
                entry.uses += 1
                entry.relief[attack.relief ?? "not recorded", default: 0] += 1
                relief[dose.name] = entry
            }
        }
        guard let period = period(days: days.keys) else {
            return DiaryReport(diary: diary, period: nil, months: [], overall: OverallSummary(), sustainedFlags: [], days: [:])
        }
        let months = CalendarMonth.range(period.lowerBound.calendarMonth, through: period.upperBound.calendarMonth).map { month in
            summary(of: month, days: days, attacks: counted.filter { $0.start.day.calendarMonth == month })
        }
        var overall = Self.totals(days.values, dayCount: period.upperBound.ordinal - period.lowerBound.ordinal + 1)
        overall.attacks = counted.count
        overall.meanIntensity = counted.isEmpty ? nil : counted.map(\.intensity).reduce(0, +) / Double(counted.count)
        overall.maxIntensity = counted.map(\.intensity).max()
        overall.meanDurationHours = durations.isEmpty ? nil : durations.reduce(0, +) / Double(durations.count)
        overall.triggers = Self.frequencies(counted.map(\.triggers))
        overall.symptoms = Self.frequencies(counted.map(\.symptoms))
        overall.relief = relief.map { name, entry in
            MedicationRelief(medication: name, medicationClass: entry.kind, uses: entry.uses,
                             relief: entry.relief.map { NameCount(name: $0.key, count: $0.value) }.sorted(by: Self.mostFirst))
        }.sorted { ($0.uses, $1.medication) > ($1.uses, $0.medication) }
        return DiaryReport(diary: diary, period: period, months: months, overall: overall,
                           sustainedFlags: Self.sustained(months), days: days)
    }

    // MARK: - Days

    /// Days from the start's through the end's, leaving out the end's day when the end is exactly midnight.
    static func touchedDays(from start: DiaryTime, to end: DiaryTime) -> [CalendarDay] {
        var last = end.day
        if end.secondOfDay == 0, end.wallSeconds > start.wallSeconds { last = last.adding(days: -1) }
        let count = max(0, last.ordinal - start.day.ordinal)
        return (0...count).map { start.day.adding(days: $0) }
    }

    /// The recorded end, or for an attack still going: the day after `to` at 00:00, else the diary's latest time.
    func effectiveEnd(of attack: Attack, latest: DiaryTime) -> DiaryTime {
        if let end = attack.end { return end }
        let through = to.map { DiaryTime.midnight($0.adding(days: 1)) } ?? latest
        return max(through, attack.start)
    }

    /// The latest start, end or medication time written anywhere in the diary.
    static func latestTime(in attacks: [Attack]) -> DiaryTime {
        var latest = attacks.first?.start ?? DiaryTime.midnight(CalendarDay(ordinal: 0))
        for attack in attacks {
            latest = max(latest, attack.start)
            if let end = attack.end { latest = max(latest, end) }
            for dose in attack.medications { if let taken = dose.takenAt { latest = max(latest, taken) } }
        }
        return latest
    }

    static func isMigraine(_ attack: Attack, hours: Double) -> Bool {
        if let type = attack.type, !type.isEmpty { return attack.typedAsMigraine }
        let specific = attack.medications.contains { $0.medicationClass == .triptan || $0.medicationClass == .ergot }
        return (hours >= 4 && attack.intensity >= 4) || specific
    }

    func contains(_ day: CalendarDay) -> Bool {
        (from.map { day >= $0 } ?? true) && (to.map { day <= $0 } ?? true)
    }

    /// From `from` (or the first day with anything) to `to` (or the last); nil when neither bound nor any day exists.
    func period(days: some Collection<CalendarDay>) -> ClosedRange<CalendarDay>? {
        guard let first = from ?? days.min(), let last = to ?? days.max() else { return nil }
        return first <= last ? first...last : nil
    }

    // MARK: - Months

    private func summary(of month: CalendarMonth, days: [CalendarDay: DaySummary], attacks: [Attack]) -> MonthSummary {
        let inMonth = month.days.compactMap { days[$0] }
        let totals = Self.totals(inMonth, dayCount: month.length)
        var summary = MonthSummary(month: month)
        summary.headacheDays = totals.headacheDays
        summary.migraineDays = totals.migraineDays
        summary.medicationDays = totals.medicationDays
        summary.anyMedicationDays = totals.anyMedicationDays
        summary.attacks = attacks.count
        summary.meanIntensity = attacks.isEmpty ? nil : attacks.map(\.intensity).reduce(0, +) / Double(attacks.count)
        summary.flags = MonthFlag.allCases.filter { flag in
            let days = switch flag {
            case .headacheDays: totals.headacheDays
            case .any: totals.anyMedicationDays
            default: flag.medicationClass.map { totals.medicationDays[$0] ?? 0 } ?? 0
            }
            return days >= flag.threshold
        }
        return summary
    }

    private static func totals(_ days: some Collection<DaySummary>, dayCount: Int) -> OverallSummary {
        var totals = OverallSummary()
        totals.days = dayCount
        for day in days {
            if day.headache { totals.headacheDays += 1 }
            if day.migraine { totals.migraineDays += 1 }
            if !day.classes.isEmpty { totals.anyMedicationDays += 1 }
            for kind in day.classes { totals.medicationDays[kind, default: 0] += 1 }
        }
        return totals
    }

    /// Runs of three or more months in a row with the same flag, by flag order, then by start.
    static func sustained(_ months: [MonthSummary]) -> [SustainedFlag] {
        var runs = [SustainedFlag]()
        for flag in MonthFlag.allCases {
            var start: Int?
            for index in months.indices.map({ $0 }) + [months.count] {
                let holds = index < months.count && months[index].flags.contains(flag)
                if holds, start == nil { start = index }
                if !holds, let first = start {
                    if index - first >= 3 {
                        runs.append(SustainedFlag(flag: flag, from: months[first].month, to: months[index - 1].month, months: index - first))
                    }
                    start = nil
                }
            }
        }
        return runs
    }

    // MARK: - Frequencies

    static func frequencies(_ lists: [[String]]) -> [NameCount] {
        var counts = [String: (name: String, count: Int)]()
        for list in lists {
            for key in Set(list.map { $0.lowercased() }) {
                let name = list.first { $0.lowercased() == key } ?? key
                counts[key] = (counts[key]?.name ?? name, (counts[key]?.count ?? 0) + 1)
            }
        }
        return counts.values.map { NameCount(name: $0.name, count: $0.count) }.sorted(by: mostFirst)
    }

    static func mostFirst(_ lhs: NameCount, _ rhs: NameCount) -> Bool {
        lhs.count != rhs.count ? lhs.count > rhs.count : lhs.name < rhs.name
    }
}
