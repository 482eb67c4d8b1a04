/// How a diary writes dates with slashes, which cannot be read without being told: `05/03/2024` is
/// 5 March in most of the world and May 3 in the United States.
public enum DiaryDateFormat: String, Sendable, Equatable, CaseIterable {
    case dayFirst = "dd/mm/yyyy"
    case monthFirst = "mm/dd/yyyy"
}

/// Reads the dates and times diaries write: ISO 8601 (with `T` or a space, seconds, fractions, `Z` or an
/// offset), and `d/m/yyyy` or `m/d/yyyy` with an optional time and AM/PM when the format is known or the
/// date proves its own order.
public struct DiaryDateParser: Sendable {
    public var format: DiaryDateFormat?

    public init(format: DiaryDateFormat? = nil) {
        self.format = format
    }

    /// A parsed date, and whether it carried a clock time.
    public struct Parsed: Sendable, Equatable {
        public var time: DiaryTime
        public var hasTime: Bool
    }

    /// The moment in `text`, or what is wrong with it.
    public func parse(_ text: String) -> Result<Parsed, DiaryValueError> {
        var scanner = TextScanner(text.trimmingWhitespace)
        guard !scanner.isAtEnd else { return .failure(DiaryValueError("is empty; expected a date such as 2024-03-05T14:30")) }
        let day: CalendarDay
        switch dayPart(&scanner) {
        case .success(let parsed): day = parsed
        case .failure(let error): return .failure(error)
        }
        if scanner.isAtEnd { return .success(Parsed(time: DiaryTime(day: day), hasTime: false)) }
        guard scanner.skip("T") || scanner.skip(" ") else {
            return .failure(DiaryValueError("`\(text)` has something after the date; expected a time such as 2024-03-05T14:30"))
        }
        while scanner.skip(" ") {}
        switch clock(&scanner, original: text) {
        case .success(let (second, offset)):
            // 24:00 is the next day's midnight, so that a day is touched only up to its end.
            let time = second == 86_400 ? DiaryTime(day: day.adding(days: 1), offset: offset)
                                        : DiaryTime(day: day, secondOfDay: second, offset: offset)
            return .success(Parsed(time: time, hasTime: true))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// A clock time alone (`14:30`, `2:30 pm`), as seconds since midnight, for diaries with separate date and time columns.
    public func parseClock(_ text: String) -> Result<(second: Int, offset: Int?), DiaryValueError> {
        var scanner = TextScanner(text.trimmingWhitespace)
        return clock(&scanner, original: text)
    }

    private func dayPart(_ scanner: inout TextScanner) -> Result<CalendarDay, DiaryValueError> {
        let original = scanner.rest
        guard let first = scanner.number(maxDigits: 4) else {
            return .failure(DiaryValueError("`\(original)` is not a date; expected ISO 8601 such as 2024-03-05 or 2024-03-05T14:30"))
        }
        if first.digits == 4, scanner.skip("-") {
            guard let month = scanner.number(maxDigits: 2), scanner.skip("-"), let day = scanner.number(maxDigits: 2),
                  let date = CalendarDay(year: first.value, month: month.value, day: day.value) else {
                return .failure(DiaryValueError("`\(original)` is not a real date; expected YYYY-MM-DD such as 2024-03-05"))
            }
            return .success(date)
        }
        // `05/03/2024` or `05.03.2024`; a two-digit year is 2000–2069 up to 69, else 1970–1999 (as POSIX reads `%y`).
        let separator: Character = scanner.rest.first == "." ? "." : "/"
        guard first.digits <= 2, scanner.skip(separator), let second = scanner.number(maxDigits: 2), scanner.skip(separator),
              let written = scanner.number(maxDigits: 4), written.digits == 4 || written.digits == 2 else {
            return .failure(DiaryValueError("`\(original)` is not a date; expected ISO 8601 such as 2024-03-05 or 2024-03-05T14:30"))
        }
        let year = written.digits == 4 ? written : (value: written.value + (written.value < 70 ? 2000 : 1900), digits: 4)
        let order: DiaryDateFormat
        if let format {
            order = format
        } else if first.value > 12, second.value <= 12 {
            order = .dayFirst
        } else if second.value > 12, first.value <= 12 {
            order = .monthFirst
        } else {
            return .failure(DiaryValueError("`\(original)` could be read day-first or month-first; expected an ISO date such as 2024-03-05, or `date_format: dd/mm/yyyy` (or mm/dd/yyyy) in deckgen.yml, or --date-format"))
        }
        let (day, month) = order == .dayFirst ? (first.value, second.value) : (second.value, first.value)
        guard let date = CalendarDay(year: year.value, month: month, day: day) else {
            return .failure(DiaryValueError("`\(original)` is not a real date read as \(order.rawValue); expected a date that exists"))
        }
        return .success(date)
    }

    private func clock(_ scanner: inout TextScanner, original: String) -> Result<(second: Int, offset: Int?), DiaryValueError> {
        let bad = DiaryValueError("`\(original)` has a time that cannot be read; expected HH:MM such as 14:30, optionally with Z or an offset such as +01:00")
        guard let hours = scanner.number(maxDigits: 2), scanner.skip(":"), let minutes = scanner.number(maxDigits: 2),
              minutes.digits == 2, minutes.value < 60 else { return .failure(bad) }
        var seconds = 0
        if scanner.skip(":") {
            guard let value = scanner.number(maxDigits: 2), value.value < 61 else { return .failure(bad) }
            seconds = min(59, value.value)
            if scanner.skip(".") || scanner.skip(",") { _ = scanner.number(maxDigits: 9) }
        }
        var hour = hours.value
        while scanner.skip(" ") {}
        let meridiem = scanner.rest.lowercased()
        if meridiem.hasPrefix("am") || meridiem.hasPrefix("pm") {
            guard (1...12).contains(hour) else { return .failure(bad) }
            hour = hour % 12 + (meridiem.hasPrefix("pm") ? 12 : 0)
            scanner.advance(2)
            while scanner.skip(" ") {}
        }
        guard hour < 24 || (hour == 24 && minutes.value == 0 && seconds == 0) else { return .failure(bad) }
        var offset: Int?
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.rest.first, sign == "+" || sign == "-" || sign == "\u{2212}" {
            scanner.advance(1)
            guard let offsetHours = scanner.number(maxDigits: 2), offsetHours.value <= 14 else { return .failure(bad) }
            var offsetMinutes = 0
            if offsetHours.digits == 2 {
                _ = scanner.skip(":")
                if let value = scanner.number(maxDigits: 2) {
                    guard value.value < 60 else { return .failure(bad) }
                    offsetMinutes = value.value
                }
            }
            offset = (sign == "+" ? 1 : -1) * (offsetHours.value * 3600 + offsetMinutes * 60)
        }
        guard scanner.isAtEnd else { return .failure(bad) }
        // 24:00 is the end of the day: the next day's midnight.
        return .success((hour * 3600 + minutes.value * 60 + seconds, offset))
    }
}

/// What is wrong with one value in a diary row: the message, after `column:`, of `file:line: column: problem`.
public struct DiaryValueError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Reads numbers and marks off the front of a string.
struct TextScanner {
    private(set) var rest: Substring

    init(_ text: String) { rest = Substring(text) }

    var isAtEnd: Bool { rest.isEmpty }

    mutating func skip(_ mark: Character) -> Bool {
        guard rest.first == mark else { return false }
        rest.removeFirst()
        return true
    }

    mutating func advance(_ count: Int) { rest = rest.dropFirst(count) }

    /// ASCII digits at the front, at most `maxDigits` of them.
    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }.prefix(maxDigits)
        guard !digits.isEmpty, let value = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        return (value, digits.count)
    }
}
