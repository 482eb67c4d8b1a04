/// A moment as a diary wrote it: a calendar day and clock time, with the UTC offset if one was written.
///
/// Days are counted as written: a time with an offset stays on its written day. Offsets matter only for
/// durations, which are elapsed time when both ends carry one.
public struct DiaryTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var day: CalendarDay
    /// Seconds since the day's midnight, as written.
    public var secondOfDay: Int
    /// Seconds east of UTC, when written.
    public var offset: Int?

    public init(day: CalendarDay, secondOfDay: Int = 0, offset: Int? = nil) {
        self.day = day
        self.secondOfDay = secondOfDay
        self.offset = offset
    }

    /// Seconds since 1970-01-01 00:00 on the written clock, ignoring the offset.
    public var wallSeconds: Int { day.ordinal * 86_400 + secondOfDay }

    /// Seconds from `start` to `self`: elapsed time when both carry an offset, else the difference on the clock.
    public func seconds(since start: DiaryTime) -> Int {
        if let offset, let startOffset = start.offset {
            return (wallSeconds - offset) - (start.wallSeconds - startOffset)
        }
        return wallSeconds - start.wallSeconds
    }

    /// The moment `seconds` later on the written clock, with the same offset.
    public func adding(seconds: Int) -> DiaryTime {
        let total = secondOfDay + seconds
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        return DiaryTime(day: day.adding(days: days), secondOfDay: total - days * 86_400, offset: offset)
    }

    /// Midnight at the start of `day`.
    public static func midnight(_ day: CalendarDay) -> DiaryTime { DiaryTime(day: day) }

    /// `2024-03-05 14:30`, with the offset when written.
    public var description: String {
        let hours = secondOfDay / 3600, minutes = secondOfDay % 3600 / 60
        var text = "\(day) \(CalendarDay.padded(hours, 2)):\(CalendarDay.padded(minutes, 2))"
        if let offset {
            let sign = offset < 0 ? "-" : "+"
            text += "\(sign)\(CalendarDay.padded(abs(offset) / 3600, 2)):\(CalendarDay.padded(abs(offset) % 3600 / 60, 2))"
        }
        return text
    }

    /// Ordered by the written clock.
    public static func < (lhs: DiaryTime, rhs: DiaryTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }
}
