/// Which column of a diary holds which value, by name, allowing the synonyms apps and spreadsheets use.
struct DiaryColumns: Sendable {
    enum Field: String, CaseIterable, Sendable {
        case start, end, date, time, duration, intensity, type, medication, preventive, menstruation, triggers, symptoms, relief, note, location, aura, place
    }

    /// Names as normalised by `normalised(_:)`.
    static let synonyms: [Field: [String]] = [
        .start: ["start", "started", "start time", "start date", "start datetime", "start date time", "onset", "began", "begin",
                 "started at", "start at", "from"],
        .end: ["end", "ended", "end time", "end date", "end datetime", "end date time", "finish", "finished", "stop", "stopped",
               "ended at", "end at", "to"],
        .date: ["date", "day"],
        .duration: ["duration", "lasted", "length", "duration hours", "duration h", "duration hrs", "duration in hours",
                    "duration minutes", "duration min", "duration mins", "duration in minutes", "hours", "minutes"],
        .time: ["time"],
        .intensity: ["intensity", "pain", "severity", "pain level", "pain intensity", "peak intensity", "peak pain", "max pain",
                     "pain score", "level"],
        .type: ["type", "headache type", "attack type", "kind", "diagnosis"],
        .medication: ["medication", "medications", "drugs", "drug", "medicine", "medicines", "meds", "treatment", "treatments",
                      "acute medication", "acute medications", "medication taken", "medications taken", "medicine taken", "meds taken",
                      "drugs taken", "took"],
        .preventive: ["preventive", "preventives", "preventive medication", "preventive medications", "preventive treatment",
                      "prophylaxis", "prophylactic", "preventative", "preventatives"],
        .menstruation: ["menstruation", "menstrual", "menses", "period", "menstrual period", "menstruating", "period day",
                        "menstruation day", "day of period", "bleeding", "menstrual bleeding"],
        .triggers: ["triggers", "trigger", "possible triggers", "potential triggers"],
        .symptoms: ["symptoms", "symptom", "associated symptoms"],
        .relief: ["relief", "effect", "medication relief", "helped", "effectiveness"],
        .note: ["note", "notes", "comment", "comments"],
        .location: ["location", "pain location", "side"],
        .aura: ["aura"],
        .place: ["place", "where"],
    ]

    /// Migraine Buddy's medication columns, one per effect the patient gave the drug: read as medications.
    static let medicationByEffect = ["helpful medication", "somewhat helpful medication", "unhelpful medication",
                                     "unsure medication"]

    /// The column name as written for each field found.
    private(set) var names: [Field: String] = [:]
    /// Further columns of medications (Migraine Buddy's), as written, with the effect each stands for (`somewhat helpful`).
    private(set) var moreMedications: [(column: String, effect: String)] = []
    /// Columns no field reads, as written, in file order.
    private(set) var unused: [String] = []
    /// Bearable's long format's columns (`date`, `category`, `rating/amount`, `detail`, `notes`…) by normalised name, as
    /// written; empty for any other diary.
    private(set) var longFormat: [String: String] = [:]
    static let longFormatColumns: Set<String> = ["date", "category", "rating/amount", "rating or amount", "detail", "notes"]

    /// The top of the intensity column's scale as its name says it (`Pain (0-3)`: 3, a functional scale of none, mild,
    /// moderate, severe; `(0-4)`, `(1-5)`), else 10.
    private(set) var intensityScale = 10.0

    init(_ columns: [String]) {
        let normalisedNames = columns.map(Self.normalised)
        if normalisedNames.contains("category"), normalisedNames.contains("detail"),
           normalisedNames.contains("rating/amount") || normalisedNames.contains("rating or amount") {
            for (column, name) in zip(columns, normalisedNames) where Self.longFormatColumns.contains(name) {
                longFormat[name == "rating or amount" ? "rating/amount" : name] = column
            }
            unused = zip(columns, normalisedNames).filter { !Self.longFormatColumns.contains($0.1) && !$0.0.isEmpty }.map(\.0)
            return
        }
        var lookup = [String: Field]()
        for (field, words) in Self.synonyms {
            for word in words { lookup[word] = field }
        }
        for column in columns where !column.isEmpty {
            let (name, scale) = Self.scale(in: Self.normalised(column))
            if Self.medicationByEffect.contains(name) {
                moreMedications.append((column, String(name.dropLast(" medication".count))))
                continue
            }
            guard let field = lookup[name], names[field] == nil else {
                unused.append(column)
                continue
            }
            names[field] = column
            if field == .intensity, let scale { intensityScale = scale }
        }
        // A lone `date` column is the start; beside a start column it only dates clock-only times.
        if names[.start] == nil, let date = names[.date], names[.time] == nil {
            names[.start] = date
            names[.date] = nil
        }
    }

    /// A normalised name without a scale it states (`pain 0 3` → `pain`, 3; `severity 1 to 10` → `severity`, 10): from 0
    /// or 1 up to 3, 4, 5 or 10.
    static func scale(in name: String) -> (name: String, scale: Double?) {
        var words = name.split(separator: " ")
        guard words.count >= 3, let top = Double(words.removeLast()), [3, 4, 5, 10].contains(top) else { return (name, nil) }
        if words.last == "to" { words.removeLast() }
        guard words.count >= 2, ["0", "1"].contains(words.removeLast()) else { return (name, nil) }
        return (words.joined(separator: " "), top)
    }

    /// Lowercased, with spaces, underscores, hyphens and brackets as single spaces, and camelCase words apart
    /// (`startTime` → `start time`, `Duration (hours)` → `duration hours`).
    static func normalised(_ name: String) -> String {
        var spaced = ""
        var previous: Character = " "
        for character in name {
            if character.isUppercase, previous.isLowercase { spaced.append(" ") }
            spaced.append(character)
            previous = character
        }
        return spaced.lowercased().split(whereSeparator: { " _-–\t()[]".contains($0) }).joined(separator: " ")
    }

    /// Whether the file is in Bearable's long format, one reading a row.
    var isLongFormat: Bool { !longFormat.isEmpty }

    /// A long-format row's cell by normalised column name, trimmed; nil when empty.
    func longFormatCell(_ name: String, in row: DiaryTable.Row) -> String? {
        guard let column = longFormat[name], let text = row.cells[column]?.joined(separator: "; ").trimmingWhitespace, !text.isEmpty
        else { return nil }
        return text
    }

    /// What is missing for rows to be read, as a file-level problem; nil when the required columns are there.
    var missing: String? {
        if isLongFormat { return longFormat["date"] == nil ? "no date column; expected Bearable's date, category, rating/amount and detail" : nil }
        var missing = [String]()
        if names[.start] == nil && names[.date] == nil { missing.append("start (or date)") }
        if names[.intensity] == nil { missing.append("intensity") }
        guard !missing.isEmpty else { return nil }
        return "no \(missing.joined(separator: " or ")) column; expected a header naming start, end and intensity (or synonyms such as date, started, pain, severity)"
    }

    /// The row's values in `field`, split at `;` and line breaks, trimmed, empty ones left out.
    func values(_ field: Field, in row: DiaryTable.Row) -> [String] {
        Self.split(names[field].flatMap { row.cells[$0] } ?? [])
    }

    /// The row's values in `field` parted at commas too (not inside a number): exports such as Migraine Buddy's list
    /// triggers and symptoms with commas as well as semicolons.
    func list(_ field: Field, in row: DiaryTable.Row) -> [String] {
        values(field, in: row).flatMap(MedicationEntries.commaParts).map(\.trimmingWhitespace).filter { !$0.isEmpty }
    }

    /// The row's medication entries from every medication column, each with the effect its column gives it, if any;
    /// several drugs in one cell are parted as `MedicationEntries` says.
    func medications(in row: DiaryTable.Row, table: MedicationTable) -> [(entry: String, effect: String?)] {
        var entries = values(.medication, in: row).flatMap { MedicationEntries.split($0, table: table) }.map { (entry: $0, effect: String?.none) }
        for (column, effect) in moreMedications {
            entries += Self.split(row.cells[column] ?? []).flatMap { MedicationEntries.split($0, table: table) }.map { ($0, effect) }
        }
        return entries
    }

    static func split(_ cells: [String]) -> [String] {
        cells.flatMap { $0.split(whereSeparator: { $0 == ";" || $0 == "\n" }) }
            .map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
    }

    /// The row's value in `field` as one trimmed text; nil when empty.
    func text(_ field: Field, in row: DiaryTable.Row) -> String? {
        guard let name = names[field], let cells = row.cells[name] else { return nil }
        let text = cells.joined(separator: "; ").trimmingWhitespace
        return text.isEmpty ? nil : text
    }

    func name(of field: Field) -> String { names[field] ?? field.rawValue }
}
