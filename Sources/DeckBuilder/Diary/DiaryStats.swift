/// Counts days the way the report's definitions say (shown on every report):
///
/// - days are calendar days as written; an attack touches every day from its start to its end, except that an
///   end at exactly 00:00 does not touch that day; an attack still going counts through `to`, or else through
///   the latest time recorded anywhere in the diary;
/// - a headache day is touched by an attack with intensity above 0; a migraine day is a headache day touched by an
///   attack typed as migraine, or, untyped, one of 4 hours or more at intensity 4 or more, or treated with a triptan
///   or an ergot;
/// - a medication day of a class is the day a drug of that class was taken (its own `@` time, else the
///   attack's start day);
/// - months run from the first to the last day touched by an attack or a medication (or from `from` to `to`),
///   empty months included, and at most the last `maximumMonths` of them; an attack counts in the month it starts.
///
/// `DiaryTally` does the counting, an attack at a time.
public struct DiaryStats: Sendable {
    /// The longest period a report covers: 30 years. A longer diary is reported over its last 30 years, and says so.
    public static let maximumMonths = 360
    /// How many of the latest reported months get daily charts and the attack list. A doctor wants the long-term
    /// overview (monthly table, calendar) and recent detail; eight years of detail would make a page of megabytes.
    public static let detailMonthCount = 12
    /// The most attacks the page lists: the most recent of the detail months. Every count is still made from all.
    public static let attackListLimit = 2_000

    /// Only days from `from` through `to` count, and only attacks that start in them.
    public var from: CalendarDay?
    public var to: CalendarDay?
    /// Preventive treatments with their dates, from deckgen.yml: compared before and during.
    public var preventives: [PreventiveSetting] = []

    public init(from: CalendarDay? = nil, to: CalendarDay? = nil) {
        self.from = from
        self.to = to
    }

    /// The report of `diary`, whose attacks are all in memory.
    public func report(_ diary: Diary) -> DiaryReport {
        var tally = DiaryTally(stats: self)
        for attack in diary.attacks { tally.add(attack) }
        return tally.report(path: diary.path, leftovers: diary.leftovers)
    }

    /// The report of the diary in `text`, counted row by row as `reader` reads it: the rows are never all held.
    public func report(reading text: String, fileExtension: String, path: String,
                       with reader: DiaryReader) throws(DiaryValueError) -> DiaryReport {
        var tally = DiaryTally(stats: self)
        let leftovers = try reader.read(text, fileExtension: fileExtension) { tally.add($0) }
        return tally.report(path: path, leftovers: leftovers)
    }

    func contains(_ day: CalendarDay) -> Bool {
        (from.map { day >= $0 } ?? true) && (to.map { day <= $0 } ?? true)
    }

    // MARK: - Months

    func summary(of month: CalendarMonth, in period: ClosedRange<CalendarDay>, days: [CalendarDay: DaySummary],
                 attacks: MonthTally) -> MonthSummary {
        let inMonth = month.days.compactMap { days[$0] }
        let totals = Self.totals(inMonth, dayCount: month.length)
        var summary = MonthSummary(month: month)
        summary.days = month.days.filter(period.contains).count
        summary.headacheDays = totals.headacheDays
        summary.migraineDays = totals.migraineDays
        summary.medicationDays = totals.medicationDays
        summary.anyMedicationDays = totals.anyMedicationDays
        summary.attacks = attacks.attacks
        summary.meanIntensity = attacks.meanIntensity
        summary.flags = MonthFlag.allCases.filter { flag in
            let days = switch flag {
            case .headacheDays: totals.headacheDays
            // ICHD-3 8.2.6: overuse of several classes together; one class alone has its own threshold.
            case .any: totals.medicationDays.values.filter { $0 > 0 }.count >= 2 ? totals.anyMedicationDays : 0
            default: flag.medicationClass.map { totals.medicationDays[$0] ?? 0 } ?? 0
            }
            return days >= flag.threshold
        }
        return summary
    }

    static func totals(_ days: some Collection<DaySummary>, dayCount: Int) -> OverallSummary {
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

    // MARK: - Order

    static func mostFirst(_ lhs: NameCount, _ rhs: NameCount) -> Bool {
        lhs.count != rhs.count ? lhs.count > rhs.count : lhs.name < rhs.name
    }
}
