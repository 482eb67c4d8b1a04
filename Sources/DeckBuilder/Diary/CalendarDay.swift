/// A calendar day as written in a diary, with arithmetic on days since 1970-01-01 (proleptic Gregorian).
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless `year-month-day` is a real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.length(ofMonth: month, year: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `ordinal` days after 1970-01-01 (Howard Hinnant's civil-from-days).
    public init(ordinal: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var ordinal: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + days) }

    /// The month this day falls in.
    public var calendarMonth: CalendarMonth { CalendarMonth(year: year, month: month) }

    /// Monday is 0, Sunday 6.
    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

    /// `2024-03-05`.
    public var description: String { "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))" }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A calendar month, the unit doctors count days in.
public struct CalendarMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public var first: CalendarDay { CalendarDay(year: year, month: month, day: 1) ?? CalendarDay(ordinal: 0) }
    public var length: Int { CalendarDay.length(ofMonth: month, year: year) }
    public var days: [CalendarDay] { (0..<length).map { first.adding(days: $0) } }
    public var next: CalendarMonth { month == 12 ? CalendarMonth(year: year + 1, month: 1) : CalendarMonth(year: year, month: month + 1) }

    /// The month `count` months later (earlier when negative).
    public func adding(months count: Int) -> CalendarMonth {
        let index = year * 12 + month - 1 + count
        return CalendarMonth(year: index >= 0 ? index / 12 : (index - 11) / 12, month: (index % 12 + 12) % 12 + 1)
    }

    /// How many months from `first` through `self`, both counted: 1 for the same month.
    public func months(since first: CalendarMonth) -> Int {
        (year * 12 + month) - (first.year * 12 + first.month) + 1
    }

    /// Every month from `first` through `last`.
    public static func range(_ first: CalendarMonth, through last: CalendarMonth) -> [CalendarMonth] {
        var months = [CalendarMonth]()
        var month = first
        while month <= last {
            months.append(month)
            month = month.next
        }
        return months
    }

    /// `2024-03`.
    public var description: String { "\(CalendarDay.padded(year, 4))-\(CalendarDay.padded(month, 2))" }

    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
