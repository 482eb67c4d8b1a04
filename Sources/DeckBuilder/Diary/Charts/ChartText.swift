/// English month and day names for chart labels and descriptions, fixed so output never depends on the locale.
enum ChartText {
    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let longMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// `Mar 2024`.
    static func short(_ month: CalendarMonth) -> String { "\(shortMonths[month.month - 1]) \(month.year)" }

    /// `March 2024`.
    static func long(_ month: CalendarMonth) -> String { "\(longMonths[month.month - 1]) \(month.year)" }

    /// `5 Mar`.
    static func short(_ day: CalendarDay) -> String { "\(day.day) \(shortMonths[day.month - 1])" }

    /// `1 Sep to 28 Nov 2026`, `30 Dec 2025 to 2 Jan 2026`.
    static func short(_ days: ClosedRange<CalendarDay>) -> String {
        let first = days.lowerBound, last = days.upperBound
        return (first.year == last.year ? short(first) : "\(short(first)) \(first.year)") + " to \(short(last)) \(last.year)"
    }

    /// `1 day`, `12 days`.
    static func days(_ count: Int, _ noun: String) -> String { "\(count) \(noun) day\(count == 1 ? "" : "s")" }

    /// Ids are `prefix-yyyymm`: unique per chart kind and month, so several charts can share one page.
    static func idStamp(_ month: CalendarMonth) -> String { "\(month.year)" + CalendarDay.padded(month.month, 2) }
}

extension ChartText {
    /// A class as a day's list says it: `triptan`, `simple analgesic`.
    static func drug(_ kind: MedicationClass) -> String {
        switch kind {
        case .triptan: "triptan"
        case .ergot: "ergot"
        case .opioid: "opioid"
        case .combination: "combination analgesic"
        case .simple: "simple analgesic"
        case .gepantDitan: "gepant/ditan"
        }
    }
}
