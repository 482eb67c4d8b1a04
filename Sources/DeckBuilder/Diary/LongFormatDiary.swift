/// A diary in Bearable's long format, one reading a row (`date,weekday,time of day,category,rating/amount,detail,notes`),
/// gathered into one attack per day with a headache or migraine symptom.
///
/// Bearable rates symptoms 0–4 (none, mild, moderate, severe, unbearable) and gives no start or end, only the day and a
/// part of it (`pre`, `am`, `mid`, `pm`): an attack is the whole day, its intensity the day's highest rating as the
/// words read (0, 3, 6, 9, 10), a migraine when a symptom so named was rated. Medication rows of the day are its
/// drugs; on a day with no headache they still make medication days. Other symptoms of the day are its symptoms, notes
/// its note; readings of other categories (mood, sleep, factors…) are named, not read.
struct LongFormatDiary {
    /// Bearable's symptom scale, by rating.
    static let symptomScale: [Double] = [0, 3, 6, 9, 10]
    static let severityWords: [String: Int] = ["none": 0, "mild": 1, "moderate": 2, "severe": 3, "unbearable": 4, "extreme": 4]
    static let medicationCategories: Set<String> = ["meds/supplements", "meds supplements", "medication", "medications", "meds",
                                                    "medication & supplements", "medications & supplements", "treatment"]
    static let symptomCategories: Set<String> = ["symptom", "symptoms"]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// What one day's readings add up to.
    struct Day {
        var line: Int
        /// The highest headache rating (0–4), nil when no headache or migraine was rated.
        var headache: Int?
        var migraine = false
        var drugs: [String] = []
        var symptoms: [String] = []
        var notes: [String] = []
    }

    private(set) var days: [CalendarDay: Day] = [:]
    /// Categories not read, as first written, in file order, with how many readings each.
    private(set) var otherCategories: [(name: String, count: Int)] = []

    /// Adds one reading; a problem when its date or rating cannot be read.
    mutating func add(_ row: DiaryTable.Row, columns: DiaryColumns, dates: DiaryDateParser) -> SkippedRow? {
        let cell = { (name: String) in columns.longFormatCell(name, in: row) }
        guard let dayText = cell("date"), let day = Self.day(dayText) ?? (try? dates.parse(dayText).get())?.time.day else {
            return SkippedRow(line: row.line, column: "date", problem: "`\(cell("date") ?? "")` is not a date; expected a day such as 8th Dec 2021 or 2021-12-08")
        }
        let category = cell("category") ?? ""
        let detail = cell("detail") ?? ""
        let kind = DiaryColumns.normalised(category)
        if let note = cell("notes") {
            days[day, default: Day(line: row.line)].notes.append(note)
        }
        if Self.medicationCategories.contains(category.lowercased()) || Self.medicationCategories.contains(kind) {
            if !detail.isEmpty { days[day, default: Day(line: row.line)].drugs.append(detail) }
        } else if Self.symptomCategories.contains(kind) {
            let (name, word) = Self.nameAndSeverity(detail)
            let lowered = name.lowercased()
            if lowered.contains("headache") || lowered.contains("migraine") {
                guard let rating = Self.rating(cell("rating/amount"), word: word) else {
                    return SkippedRow(line: row.line, column: "rating/amount", problem:
                        "`\(cell("rating/amount") ?? "")` is not a symptom rating; expected 0 to 4 (none, mild, moderate, severe, unbearable)")
                }
                var entry = days[day] ?? Day(line: row.line)
                entry.line = entry.headache == nil ? row.line : entry.line
                entry.headache = max(entry.headache ?? 0, rating)
                if lowered.contains("migraine"), rating > 0 { entry.migraine = true }
                days[day] = entry
            } else if !name.isEmpty {
                days[day, default: Day(line: row.line)].symptoms.append(name)
            }
        } else if !category.isEmpty {
            if let index = otherCategories.firstIndex(where: { $0.name.lowercased() == category.lowercased() }) {
                otherCategories[index].count += 1
            } else {
                otherCategories.append((category, 1))
            }
        }
        return nil
    }

    /// The attacks, one per day with a headache rated above none, and the medication-only days, by day.
    func attacks(medications table: MedicationTable) -> [Attack] {
        days.sorted { $0.key < $1.key }.compactMap { day, entry in
            let start = DiaryTime(day: day)
            var attack = Attack(line: entry.line, start: start, end: DiaryTime.midnight(day.adding(days: 1)),
                                intensity: Self.symptomScale[min(4, entry.headache ?? 0)])
            attack.startHasClock = false
            attack.durationKnown = false
            attack.medications = entry.drugs.map { MedicationDose(text: $0, takenAt: nil, table: table) }
            guard (entry.headache ?? 0) > 0 else {
                guard !attack.medications.isEmpty else { return nil }
                attack.medicationOnly = true
                return attack
            }
            attack.type = entry.migraine ? "migraine" : "headache"
            attack.symptoms = entry.symptoms
            attack.note = entry.notes.isEmpty ? nil : entry.notes.joined(separator: " ")
            return attack
        }
    }

    /// `8th Dec 2021`, `8 December 2021`.
    static func day(_ text: String) -> CalendarDay? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 3, let year = Int(words[2]),
              let month = months.firstIndex(of: String(words[1].prefix(3)).lowercased()) else { return nil }
        let digits = words[0].prefix { $0.isNumber }
        guard let dayOfMonth = Int(digits), ["", "st", "nd", "rd", "th"].contains(words[0].dropFirst(digits.count).lowercased()) else { return nil }
        return CalendarDay(year: year, month: month + 1, day: dayOfMonth)
    }

    /// `Headache (Severe)` → (`Headache`, `severe`).
    static func nameAndSeverity(_ detail: String) -> (name: String, severity: String?) {
        guard detail.hasSuffix(")"), let open = detail.lastIndex(of: "(") else { return (detail.trimmingWhitespace, nil) }
        let word = detail[detail.index(after: open)..<detail.index(before: detail.endIndex)].lowercased()
        return (String(detail[..<open]).trimmingWhitespace, word)
    }

    /// A rating 0–4 from the rating column, else from the severity word in the detail.
    static func rating(_ text: String?, word: String?) -> Int? {
        if let text, let value = Int(text.trimmingWhitespace), (0...4).contains(value) { return value }
        if text?.trimmingWhitespace.isEmpty ?? true, let word { return severityWords[word] }
        return nil
    }
}
