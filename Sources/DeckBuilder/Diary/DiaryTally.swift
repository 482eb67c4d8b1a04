/// Counts a diary an attack at a time, as it is read, by `DiaryStats`' definitions.
///
/// What it keeps grows with the days and months the diary covers and by a few numbers per attack (the days it
/// touched), never with the attacks themselves: a million-row diary is counted in tens of megabytes. The days an
/// attack touched are painted onto the calendar only at the end, once the period is known, and attacks still going
/// wait for the diary's latest time.
struct DiaryTally {
    let stats: DiaryStats
    /// The days of each attack whose end is known, and what it counts for on them.
    private var spans: [AttackSpan] = []
    /// Attacks with no end, closed once every attack is read (`closeOngoing`).
    private var ongoing: [(line: Int, start: DiaryTime, intensity: Double, migraine: MigraineRule)] = []
    /// The latest start of any attack: an attack with no end that started before it cannot still be going.
    private var lastStart: DiaryTime?
    /// Days with a medication, from `from` through `to`.
    private var medication: [CalendarDay: DaySummary] = [:]
    /// The latest start or end written anywhere in the diary (a medication's time, which may be a slip, is left out).
    private var latest: DiaryTime?
    /// Attacks starting from `from` through `to`, by the month they start in.
    private var months: [CalendarMonth: MonthTally] = [:]
    private var recent = RecentAttacks(limit: DiaryStats.attackListLimit)
    /// Attacks added so far, which is each one's place in the file.
    private var added = 0
    /// Days (ordinals) on which a migraine attack began, for the menstrual association.
    private var migraineStarts: Set<Int> = []
    /// Each preventive the diary's column names, by drug name (its dose left out), with its first and last day.
    private var preventives: [String: (name: String, days: ClosedRange<CalendarDay>)] = [:]

    init(stats: DiaryStats) {
        self.stats = stats
    }

    mutating func add(_ attack: Attack) {
        if attack.medicationOnly {
            addMedication(of: attack)
            return
        }
        let order = added
        added += 1
        for written in attack.preventives {
            // By drug, whatever the dose: a change from 25 to 50 mg is the same treatment going on.
            let name = MedicationDose.drugName(in: written)
            let day = attack.start.day
            if let seen = preventives[name] {
                preventives[name]?.days = min(seen.days.lowerBound, day)...max(seen.days.upperBound, day)
            } else {
                preventives[name] = (name, day...day)
            }
        }
        latest = max(latest ?? attack.start, attack.start)
        lastStart = max(lastStart ?? attack.start, attack.start)
        if let end = attack.end { latest = max(latest ?? end, end) }
        addMedication(of: attack)
        let rule = MigraineRule(attack)
        if rule.holds(hours: attack.durationKnown ? attack.end.map { Double($0.seconds(since: attack.start)) / 3600 } ?? .infinity : 0) {
            migraineStarts.insert(attack.start.day.ordinal)
        }
        if let end = attack.end {
            spans.append(AttackSpan(from: attack.start, to: end, intensity: attack.intensity, migraine: rule,
                                    durationKnown: attack.durationKnown))
        } else {
            ongoing.append((attack.line, attack.start, attack.intensity, rule))
        }
        guard stats.contains(attack.start.day) else { return }
        months[attack.start.day.calendarMonth, default: MonthTally()].add(attack, order: order)
        recent.add(attack, order: order)
    }

    /// The medication days of `attack`'s drugs: their own `@` day, else the attack's.
    private mutating func addMedication(of attack: Attack) {
        for dose in attack.medications {
            let day = dose.takenAt?.day ?? attack.start.day
            guard stats.contains(day) else { continue }
            if let kind = dose.medicationClass { medication[day, default: DaySummary()].classes.insert(kind) } else { medication[day, default: DaySummary()].otherMedication = true }
        }
    }

    /// The report of everything added, from the diary at `path` with what its reading left.
    mutating func report(path: String, leftovers: DiaryReader.Leftovers) -> DiaryReport {
        var leftovers = leftovers
        leftovers.doubtful += closeOngoing()
        leftovers.doubtful = DiaryReader.inFileOrder(leftovers.doubtful)
        var report = DiaryReport(path: path, skipped: leftovers.skipped, unknownMedications: leftovers.unknownMedications,
                                 attacksRead: added, period: nil, cut: nil, months: [], overall: OverallSummary(),
                                 sustainedFlags: [], days: [:], listedAttacks: [], detailAttackCount: 0)
        report.unusedColumns = leftovers.unusedColumns
        report.preamble = leftovers.preamble
        report.doubtful = leftovers.doubtful
        report.fileDoubts = leftovers.fileDoubts
        guard var period = naturalPeriod(also: leftovers.recordedDays) else { return report }
        let lastMonth = period.upperBound.calendarMonth
        if lastMonth.months(since: period.lowerBound.calendarMonth) > DiaryStats.maximumMonths {
            let firstMonth = lastMonth.adding(months: 1 - DiaryStats.maximumMonths)
            report.cut = PeriodCut(diaryFrom: period.lowerBound,
                                   attacksLeftOut: months.filter { $0.key < firstMonth }.values.reduce(0) { $0 + $1.attacks })
            period = firstMonth.first...period.upperBound
        }
        report.period = period
        report.days = days(in: period)
        report.months = CalendarMonth.range(period.lowerBound.calendarMonth, through: lastMonth).map { month in
            stats.summary(of: month, in: period, days: report.days, attacks: months[month] ?? MonthTally())
        }
        let counted = report.months.compactMap { months[$0.month] }
        report.overall = MonthTally.overall(counted, days: report.days.values,
                                            dayCount: period.upperBound.ordinal - period.lowerBound.ordinal + 1)
        report.sustainedFlags = DiaryStats.sustained(report.months)
        report.preventives = preventivePeriods(report)
        report.menstrual = MenstrualAssociation(firstDays: leftovers.menstruationStarts, attackDays: migraineStarts, period: period)
        let detail = report.months.suffix(DiaryStats.detailMonthCount)
        if let first = detail.first?.month {
            report.listedAttacks = recent.attacks(from: first)
            report.detailAttackCount = detail.reduce(0) { $0 + (months[$1.month]?.attacks ?? 0) }
        }
        return report
    }
}

// MARK: - Attacks with no end

private extension DiaryTally {
    /// Ends the attacks written with no end, saying how each was counted. Only the diary's last attack can still be
    /// going (through `to`, or else the latest start or end written): one with a later attack after it counts on its
    /// start day alone, since its end is unknown, not through every day to the diary's end.
    mutating func closeOngoing() -> [SkippedRow] {
        var doubts = [SkippedRow]()
        for attack in ongoing {
            let later = lastStart.map { attack.start < $0 } ?? false
            let end = later ? attack.start : max(stats.to.map { DiaryTime.midnight($0.adding(days: 1)) } ?? latest ?? attack.start, attack.start)
            spans.append(AttackSpan(from: attack.start, to: end, intensity: attack.intensity, migraine: attack.migraine))
            if later, let lastStart {
                doubts.append(SkippedRow(line: attack.line, column: "end", problem:
                    "is empty, though a later attack starts (\(lastStart)); counted on its start day, \(attack.start.day), alone, as its end is unknown"))
            } else if end.day > attack.start.day {
                doubts.append(SkippedRow(line: attack.line, column: "end", problem:
                    "is empty: the diary's last attack is counted as still going, through \(stats.to.map(\.description) ?? end.day.description)\(stats.to == nil ? ", the latest time the diary writes" : " (--to)")"))
            }
        }
        ongoing = []
        return doubts
    }
}

// MARK: - Preventives

private extension DiaryTally {
    /// The settings' preventives, then those only the diary's column names (from their first to their last row), by start.
    func preventivePeriods(_ report: DiaryReport) -> [PreventivePeriod] {
        let set = Set(stats.preventives.map { MedicationDose.drugName(in: $0.name) })
        let given = stats.preventives.map { PreventivePeriod(name: $0.name, start: $0.start, stop: $0.stop, fromColumn: false, report: report) }
        let written = preventives.filter { !set.contains($0.key) }.values.map {
            PreventivePeriod(name: $0.name, start: $0.days.lowerBound, stop: $0.days.upperBound, fromColumn: true, report: report)
        }
        return (given + written).sorted { ($0.start, $0.name) < ($1.start, $1.name) }
    }
}

// MARK: - Days

private extension DiaryTally {
    /// From `from` (or the first day touched by an attack or a medication, or among `days`, such as menstruation marked
    /// on its own: the diary was kept then) to `to` (or the last such day); nil when neither a bound nor any such day exists.
    func naturalPeriod(also days: Set<CalendarDay>) -> ClosedRange<CalendarDay>? {
        let lowest = stats.from?.ordinal ?? Int.min, highest = stats.to?.ordinal ?? Int.max
        let known = medication.keys.map(\.ordinal) + days.map(\.ordinal).filter { (lowest...highest).contains($0) }
        var first = known.min(), last = known.max()
        for span in spans {
            let start = max(span.first, lowest), end = min(span.last, highest)
            guard start <= end else { continue }
            first = min(first ?? start, start)
            last = max(last ?? end, end)
        }
        guard let from = stats.from?.ordinal ?? first, let to = stats.to?.ordinal ?? last, from <= to else { return nil }
        return CalendarDay(ordinal: from)...CalendarDay(ordinal: to)
    }

    /// Each day of `period` that an attack touched or a medication was taken on.
    mutating func days(in period: ClosedRange<CalendarDay>) -> [CalendarDay: DaySummary] {
        let ordinals = period.lowerBound.ordinal...period.upperBound.ordinal
        var highest = [Double?](repeating: nil, count: ordinals.count)
        var headache = [Bool](repeating: false, count: ordinals.count)
        var migraine = headache
        // Highest first, so that the first attack to reach a day sets its highest intensity.
        spans.sort { $0.intensity > $1.intensity }
        DayPainter.paint(spans, over: ordinals) { day, span in highest[day] = span.intensity }
        DayPainter.paint(spans.lazy.filter { $0.intensity > 0 }, over: ordinals) { day, _ in headache[day] = true }
        DayPainter.paint(spans.lazy.filter { $0.migraine && $0.intensity > 0 }, over: ordinals) { day, _ in migraine[day] = true }
        var result = [CalendarDay: DaySummary]()
        for index in highest.indices where highest[index] != nil {
            result[CalendarDay(ordinal: ordinals.lowerBound + index)] = DaySummary(maxIntensity: highest[index], headache: headache[index],
                                                                                   migraine: migraine[index])
        }
        for (day, taken) in medication where period.contains(day) {
            result[day, default: DaySummary()].classes = taken.classes
            result[day, default: DaySummary()].otherMedication = taken.otherMedication
        }
        return result
    }
}

/// The days an attack touched, and what it counts for on them.
struct AttackSpan {
    /// Day ordinals: from its start's day through its end's, leaving out the end's day when the end is exactly midnight.
    var first: Int
    var last: Int
    var intensity: Double
    var migraine: Bool

    /// With `durationKnown` false (the end stands for a day), the four-hour rule cannot hold.
    init(from start: DiaryTime, to end: DiaryTime, intensity: Double, migraine rule: MigraineRule, durationKnown: Bool = true) {
        var last = end.day.ordinal
        if end.secondOfDay == 0, end.wallSeconds > start.wallSeconds { last -= 1 }
        first = start.day.ordinal
        self.last = max(first, last)
        self.intensity = intensity
        migraine = rule.holds(hours: durationKnown ? Double(end.seconds(since: start)) / 3600 : 0)
    }
}

/// Whether an attack is a migraine, as far as that is known before its end is.
enum MigraineRule {
    case yes, no
    /// Untyped, at intensity 4 or more: a migraine when it lasted 4 hours or more.
    case ifFourHours

    /// Typed attacks are what their type says; untyped ones treated with a triptan or an ergot are migraines.
    init(_ attack: Attack) {
        if let type = attack.type, !type.isEmpty {
            self = attack.typedAsMigraine ? .yes : .no
        } else if attack.medications.contains(where: { $0.medicationClass == .triptan || $0.medicationClass == .ergot }) {
            self = .yes
        } else {
            self = attack.intensity >= 4 ? .ifFourHours : .no
        }
    }

    func holds(hours: Double) -> Bool {
        switch self {
        case .yes: true
        case .no: false
        case .ifFourHours: hours >= 4
        }
    }
}
