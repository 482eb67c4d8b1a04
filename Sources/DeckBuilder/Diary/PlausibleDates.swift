import Foundation

/// The dates a diary row may hold: none before 1900 and none more than a year after today. A year such as 2204 or
/// 0024 is a slip of the keyboard, and one such row would stretch a report over centuries of empty months.
///
/// Only a row outside the range depends on the day deckgen runs: a diary whose dates are all plausible gives the same
/// report, to the byte, whenever it is read.
public struct PlausibleDates: Sendable, Equatable {
    /// 1900-01-01: no one keeps a headache diary from before then.
    public static let earliest = CalendarDay(ordinal: -25_567)
    /// The last plausible day: a year after the day it was made for, so an entry dated a little ahead is kept.
    public let latest: CalendarDay
    /// The day it was made for.
    public let today: CalendarDay

    /// The range for a diary read on `today`.
    public init(today: CalendarDay) {
        self.today = today
        latest = CalendarDay(year: today.year + 1, month: today.month, day: today.day)
            ?? CalendarDay(year: today.year + 1, month: 2, day: 28) ?? today
    }

    /// The range for a diary read now (the day in UTC: a year's margin makes the time zone irrelevant).
    public static func now() -> PlausibleDates {
        PlausibleDates(today: CalendarDay(ordinal: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down))))
    }

    /// What is wrong with `day`, as a diary row's problem; nil when it is plausible.
    func problem(with day: CalendarDay) -> String? {
        guard day < Self.earliest || day > latest else { return nil }
        return "\(day) is implausible; expected a date from \(Self.earliest) to \(latest), a year from today"
    }

    /// What is doubtful about a plausible `day` after today (a day's margin for time zones): read, but named.
    func future(_ day: CalendarDay) -> String? {
        guard day > today.adding(days: 1) else { return nil }
        return "\(day) is after today, \(today); the row was read, so check the date"
    }
}
