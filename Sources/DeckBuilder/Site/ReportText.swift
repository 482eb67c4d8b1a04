import Foundation

/// How the report page writes numbers, times and classes: the same text for the same diary on any machine.
enum ReportText {
    /// One decimal, with a point whatever the locale: `5.7`; a dash when there is nothing to average.
    static func decimal(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.1f", value)
    }

    /// An intensity as written when whole (`7`), else with one decimal (`6.5`).
    static func intensity(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : decimal(value)
    }

    /// `45 min`, `3 h 20 min`, `2 d 4 h`.
    static func duration(seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 48 { return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min" }
        return hours % 24 == 0 ? "\(hours / 24) d" : "\(hours / 24) d \(hours % 24) h"
    }

    /// A time beside an attack that started on `day`: the clock alone on that day, `next day` after it, else in full.
    static func time(_ time: DiaryTime, from day: CalendarDay) -> String {
        let clock = String(time.description.dropFirst(11))
        switch time.day.ordinal - day.ordinal {
        case 0: return clock
        case 1: return clock + " next day"
        default: return time.description
        }
    }

    /// `Mon 4`: a day of a month as a daily table lists it.
    static func dayOfMonth(_ day: CalendarDay) -> String {
        weekdays[day.weekday] + " " + String(day.day)
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `March 2024`.
    static func monthName(_ month: CalendarMonth) -> String {
        months[max(0, min(11, month.month - 1))] + " " + String(month.year)
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]

    /// A class as a table cell or a medication's note says it: lowercase and short.
    static func label(_ kind: MedicationClass) -> String {
        switch kind {
        case .triptan: "triptan"
        case .ergot: "ergot"
        case .opioid: "opioid"
        case .combination: "combination analgesic"
        case .simple: "simple analgesic/NSAID"
        case .gepantDitan: "gepant/ditan"
        }
    }

    /// A class in a few words, beside each medication of the attack list, where 3,000 attacks make every byte count.
    static func shortLabel(_ kind: MedicationClass) -> String {
        kind == .combination ? "combination" : kind == .simple ? "simple analgesic" : label(kind)
    }

    /// A flag as the monthly table's column shows it, short enough for a narrow cell.
    static func shortLabel(_ flag: MonthFlag) -> String {
        switch flag {
        case .headacheDays: "headache ≥15"
        case .any: "any ≥10"
        default: "\(flag.rawValue) ≥\(flag.threshold)"
        }
    }

    /// `3 attacks`, `1 attack`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
