@testable import DeckBuilder

/// Diary reports for the chart tests, built from attacks through `DiaryStats` so the numbers are real ones.
enum ChartFixtures {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day) ?? CalendarDay(ordinal: 0)
    }

    /// An attack starting at 08:00 on `day` and lasting `hours`.
    static func attack(_ day: CalendarDay, hours: Int = 6, intensity: Double, type: String? = nil, drugs: [String] = [],
                       triggers: [String] = []) -> Attack {
        let start = DiaryTime(day: day, secondOfDay: 8 * 3600)
        let end = DiaryTime(day: day.adding(days: (8 + hours) / 24), secondOfDay: (8 + hours) % 24 * 3600)
        var attack = Attack(line: 1, start: start, end: end, intensity: intensity)
        attack.type = type
        attack.triggers = triggers
        attack.medications = drugs.map { MedicationDose(text: $0, takenAt: nil, table: MedicationTable()) }
        return attack
    }

    static func report(_ attacks: [Attack], path: String = "diary.csv") -> DiaryReport {
        DiaryStats().report(Diary(path: path, attacks: attacks))
    }

    /// Three months of 2024 with every kind of day: migraines, plain headaches, 6.5, an aura alone, each drug group.
    static var spring2024: DiaryReport {
        report([
            attack(day(2024, 3, 2), intensity: 7, type: "migraine", drugs: ["sumatriptan 50 mg", "metoclopramide 10 mg"]),
            attack(day(2024, 3, 5), intensity: 6.5, type: "migraine", drugs: ["ibuprofen 400 mg"]),
            attack(day(2024, 3, 9), intensity: 3, type: "tension", drugs: ["paracetamol 1 g"]),
            attack(day(2024, 3, 14), hours: 30, intensity: 9, type: "migraine", drugs: ["rizatriptan 10 mg", "co-codamol 30/500"]),
            attack(day(2024, 3, 20), intensity: 0, type: "aura"),
            attack(day(2024, 3, 27), intensity: 4, type: "tension"),
            attack(day(2024, 4, 3), intensity: 5, type: "migraine", drugs: ["tramadol 50 mg"]),
            attack(day(2024, 4, 18), intensity: 2, type: "tension"),
            attack(day(2024, 5, 30), intensity: 8, type: "migraine", drugs: ["rimegepant 75 mg"]),
        ])
    }

    /// `years` years from January 2017 with `perMonth` attacks a month, most treated: a dense diary for size checks.
    static func dense(years: Int, perMonth: Int) -> DiaryReport {
        var attacks = [Attack]()
        let drugs = [["sumatriptan 50 mg"], ["ibuprofen 400 mg"], ["co-codamol 30/500", "metoclopramide 10 mg"], []]
        for month in 0..<(years * 12) {
            for index in 0..<perMonth {
                let day = self.day(2017 + month / 12, month % 12 + 1, 1 + (index * 29 / perMonth + month) % 28)
                let intensity = Double((month * 7 + index * 3) % 19 + 2) / 2
                attacks.append(attack(day, intensity: intensity, type: index % 3 == 0 ? "tension" : "migraine",
                                      drugs: drugs[(month + index) % drugs.count]))
            }
        }
        return report(attacks)
    }
}
