/// The last months of a report's period, which its first page shows: what a neurologist looks at first.
public struct RecentWindow: Sendable, Equatable {
    /// The calendar months shown on the first page.
    public static let monthCount = 3

    /// The window's months, the first and last of which may be cut short by the period.
    public var months: [MonthSummary]
    /// From the first day of the window's first month (or the period's first day) to the period's last day.
    public var days: ClosedRange<CalendarDay>
    /// Day counts over `days`, each day counted once.
    public var totals: OverallSummary

    /// How many days the window holds.
    public var dayCount: Int { days.upperBound.ordinal - days.lowerBound.ordinal + 1 }

    /// `count` days in the window as a rate per 30 days: the unit a month's thresholds are written in.
    public func perThirtyDays(_ count: Int) -> Double { Double(count) * 30 / Double(dayCount) }

    /// Flags held three months or more in a row that reach into the window, with their whole length.
    public func sustained(in report: DiaryReport) -> [SustainedFlag] {
        guard let first = months.first?.month else { return [] }
        return report.sustainedFlags.filter { $0.to >= first }
    }
}

extension DiaryReport {
    /// The last `RecentWindow.monthCount` months of the period; nil for an empty report.
    public var recent: RecentWindow? {
        guard let period else { return nil }
        let months = Array(months.suffix(RecentWindow.monthCount))
        guard let first = months.first else { return nil }
        let window = max(first.month.first, period.lowerBound)...period.upperBound
        let inWindow = days.filter { window.contains($0.key) }.values
        return RecentWindow(months: months, days: window,
                            totals: DiaryStats.totals(inWindow, dayCount: window.upperBound.ordinal - window.lowerBound.ordinal + 1))
    }
}
