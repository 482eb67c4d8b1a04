/// A preventive treatment taken over a stretch of the diary, and monthly migraine days before it and while it worked:
/// the comparison a neurologist makes to judge it (a 50% fall is the usual mark of response).
public struct PreventivePeriod: Sendable, Equatable {
    /// The 90 days before the start are the baseline.
    public static let baselineDays = 90
    /// The first 30 days of treatment are left out, as trials leave out titration; the next 90 are compared.
    public static let titrationDays = 30
    public static let treatedDays = 90
    /// A rate over fewer days of diary than this is not given.
    public static let fewestDays = 28

    /// As the settings or the diary wrote it.
    public var name: String
    public var start: CalendarDay
    /// Nil while it is still taken.
    public var stop: CalendarDay?
    /// True when the dates are the first and last rows naming it in the diary's preventive column, not settings'.
    public var fromColumn: Bool
    /// Migraine days per 30 days over the baseline, and the days of diary it covers; nil with too few days.
    public var before: Rate?
    /// The same over the treated days after titration, cut at the stop and the period's end.
    public var during: Rate?

    public struct Rate: Sendable, Equatable {
        public var perThirtyDays: Double
        public var days: ClosedRange<CalendarDay>
    }

    /// The fall from before to during as a share of before (0.5 is half); nil without both, or with no migraine before.
    public var reduction: Double? {
        guard let before, let during, before.perThirtyDays > 0 else { return nil }
        return (before.perThirtyDays - during.perThirtyDays) / before.perThirtyDays
    }

    /// The period of `name` from `start` to `stop`, its rates counted from `report`'s days.
    init(name: String, start: CalendarDay, stop: CalendarDay?, fromColumn: Bool, report: DiaryReport) {
        self.name = name
        self.start = start
        self.stop = stop
        self.fromColumn = fromColumn
        before = Self.rate(start.adding(days: -Self.baselineDays)...start.adding(days: -1), in: report)
        let treated = start.adding(days: Self.titrationDays)
        let last = min(treated.adding(days: Self.treatedDays - 1), stop ?? .distantFuture)
        during = treated <= last ? Self.rate(treated...last, in: report) : nil
    }

    /// Migraine days per 30 days over the part of `window` the report covers; nil when that is under `fewestDays`.
    static func rate(_ window: ClosedRange<CalendarDay>, in report: DiaryReport) -> Rate? {
        guard let period = report.period else { return nil }
        let first = max(window.lowerBound, period.lowerBound), last = min(window.upperBound, period.upperBound)
        let count = last.ordinal - first.ordinal + 1
        guard count >= fewestDays else { return nil }
        let migraine = (first.ordinal...last.ordinal).filter { report.days[CalendarDay(ordinal: $0)]?.migraine == true }.count
        return Rate(perThirtyDays: Double(migraine) * 30 / Double(count), days: first...last)
    }
}

/// A preventive as `diary: preventives:` in deckgen.yml gives it.
public struct PreventiveSetting: Sendable, Equatable {
    public var name: String
    public var start: CalendarDay
    public var stop: CalendarDay?

    public init(name: String, start: CalendarDay, stop: CalendarDay?) {
        self.name = name
        self.start = start
        self.stop = stop
    }
}

extension CalendarDay {
    /// Later than any diary's day.
    static let distantFuture = CalendarDay(ordinal: 3_000_000)
}
