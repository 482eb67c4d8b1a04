/// Reads how long an attack lasted, for diaries that write a duration instead of an end: `4h 15m`, `06h 00m`,
/// `255 min`, `1:30`, `2 days`, or a plain number in a column named for its unit (`Duration (hours)`: `4.25`).
enum DiaryDuration {
    /// The longest attack a diary may state: status migrainosus lasts days, not months.
    static let longest = 31 * 86_400

    /// Seconds, nil for an attack still going (`Ongoing`), or what is wrong; `column` is the column's name as written.
    static func seconds(_ text: String, column: String) -> Result<Int?, DiaryValueError> {
        let written = text.trimmingWhitespace.lowercased()
        if ["ongoing", "still going", "not ended", "-", "—"].contains(written) { return .success(nil) }
        let expected = "expected a duration such as 4h 15m, 06h 00m, 255 min or 1:30"
        let bad = DiaryValueError("`\(text)` is not a duration; \(expected)")
        var total = 0.0
        var scanner = TextScanner(written.replacingOccurrences(of: ",", with: "."))
        // `1:30` is hours and minutes.
        if written.contains(":") {
            guard let hours = scanner.number(maxDigits: 3), scanner.skip(":"), let minutes = scanner.number(maxDigits: 2),
                  minutes.value < 60, scanner.isAtEnd else { return .failure(bad) }
            return checked(hours.value * 3600 + minutes.value * 60, text: text)
        }
        var sawUnit = false
        while !scanner.isAtEnd {
            while scanner.skip(" ") {}
            guard let whole = scanner.number(maxDigits: 6) else { return .failure(bad) }
            var value = Double(whole.value)
            if scanner.skip("."), let fraction = scanner.number(maxDigits: 6) {
                value += Double(fraction.value) / pow10(fraction.digits)
            }
            while scanner.skip(" ") {}
            let word = String(scanner.rest.prefix { $0.isLetter })
            scanner.advance(word.count)
            let unit: Double
            switch word {
            case "d", "day", "days": unit = 86_400
            case "h", "hr", "hrs", "hour", "hours": unit = 3600
            case "m", "min", "mins", "minute", "minutes": unit = 60
            case "s", "sec", "secs", "second", "seconds": unit = 1
            case "":
                // A bare number takes the unit its column names, or none.
                guard let columnUnit = Self.unit(of: column), !sawUnit, scanner.isAtEnd else {
                    return .failure(DiaryValueError("`\(text)` has no unit, and the column `\(column)` names none; \(expected), or a column named `Duration (hours)` or `Duration (minutes)`"))
                }
                unit = columnUnit
            default:
                return .failure(bad)
            }
            sawUnit = true
            total += value * unit
        }
        guard sawUnit else { return .failure(bad) }
        return checked(Int(total.rounded()), text: text)
    }

    private static func checked(_ seconds: Int, text: String) -> Result<Int?, DiaryValueError> {
        guard seconds <= longest else {
            return .failure(DiaryValueError("`\(text)` is longer than 31 days; expected how long one attack lasted"))
        }
        return .success(seconds)
    }

    /// Seconds in the unit a column's name gives (`Duration (hours)`, `minutes`), if it gives one.
    static func unit(of column: String) -> Double? {
        let words = DiaryColumns.normalised(column).split(separator: " ")
        if words.contains(where: { ["hours", "hour", "h", "hrs"].contains($0) }) { return 3600 }
        if words.contains(where: { ["minutes", "minute", "min", "mins"].contains($0) }) { return 60 }
        return nil
    }

    private static func pow10(_ digits: Int) -> Double {
        (0..<digits).reduce(1.0) { value, _ in value * 10 }
    }
}
