/// Which column of a diary holds which value, by name, allowing the synonyms apps and spreadsheets use.
struct DiaryColumns: Sendable {
    enum Field: String, CaseIterable, Sendable {
        case start, end, date, time, intensity, type, medication, triggers, symptoms, relief, note, location, aura, place
    }

    /// Names as normalised by `normalised(_:)`.
    static let synonyms: [Field: [String]] = [
        .start: ["start", "started", "start time", "start date", "start datetime", "start date time", "onset", "began", "begin",
                 "started at", "start at", "from"],
        .end: ["end", "ended", "end time", "end date", "end datetime", "end date time", "finish", "finished", "stop", "stopped",
               "ended at", "end at", "to"],
        .date: ["date", "day"],
        .time: ["time"],
        .intensity: ["intensity", "pain", "severity", "pain level", "pain intensity", "peak intensity", "peak pain", "max pain",
                     "pain score", "level"],
        .type: ["type", "headache type", "attack type", "kind", "diagnosis"],
        .medication: ["medication", "medications", "drugs", "drug", "medicine", "medicines", "meds", "treatment", "treatments",
                      "acute medication", "acute medications"],
        .triggers: ["triggers", "trigger", "possible triggers"],
        .symptoms: ["symptoms", "symptom", "associated symptoms"],
        .relief: ["relief", "effect", "medication relief", "helped", "effectiveness"],
        .note: ["note", "notes", "comment", "comments"],
        .location: ["location", "pain location", "side"],
        .aura: ["aura"],
        .place: ["place", "where"],
    ]

    /// The column name as written for each field found.
    private(set) var names: [Field: String] = [:]

    init(_ columns: [String]) {
        var lookup = [String: Field]()
        for (field, words) in Self.synonyms {
            for word in words { lookup[word] = field }
        }
        for column in columns {
            guard let field = lookup[Self.normalised(column)], names[field] == nil else { continue }
            names[field] = column
        }
        // A lone `date` column is the start; beside a start column it only dates clock-only times.
        if names[.start] == nil, let date = names[.date], names[.time] == nil {
            names[.start] = date
            names[.date] = nil
        }
    }

    /// Lowercased, with spaces, underscores and hyphens as single spaces.
    static func normalised(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" || $0 == "\t" }).joined(separator: " ")
    }

    /// What is missing for rows to be read, as a file-level problem; nil when the required columns are there.
    var missing: String? {
        var missing = [String]()
        if names[.start] == nil && names[.date] == nil { missing.append("start (or date)") }
        if names[.intensity] == nil { missing.append("intensity") }
        guard !missing.isEmpty else { return nil }
        return "no \(missing.joined(separator: " or ")) column; expected a header naming start, end and intensity (or synonyms such as date, started, pain, severity)"
    }

    /// The row's values in `field`, split at `;` and line breaks, trimmed, empty ones left out.
    func values(_ field: Field, in row: DiaryTable.Row) -> [String] {
        guard let name = names[field], let cells = row.cells[name] else { return [] }
        return cells.flatMap { $0.split(whereSeparator: { $0 == ";" || $0 == "\n" }) }
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
