/// One attack from a diary row, every value read and checked.
public struct Attack: Sendable, Equatable {
    /// Where the row is: the file line it begins on (a CSV record, or a JSON object).
    public var line: Int
    public var start: DiaryTime
    /// False when the row gave a date alone, so the start's 00:00 says nothing of the time of day.
    public var startHasClock = true
    /// Nil while the attack is still going.
    public var end: DiaryTime?
    /// False when the end stands for a day, not a time written (a row with a date alone is that day): the attack has no
    /// duration to report.
    public var durationKnown = true
    /// 0–10; 0 is an attack without headache (an aura alone, say).
    public var intensity: Double
    public var type: String?
    public var medications: [MedicationDose] = []
    /// True for a day's medication with no attack, as a long-format diary records it: it makes medication days and
    /// nothing else.
    public var medicationOnly = false
    /// Preventive treatments the row says were being taken.
    public var preventives: [String] = []
    public var triggers: [String] = []
    public var symptoms: [String] = []
    public var aura: String?
    public var location: String?
    public var place: String?
    public var relief: String?
    public var note: String?

    public init(line: Int, start: DiaryTime, end: DiaryTime?, intensity: Double) {
        self.line = line
        self.start = start
        self.end = end
        self.intensity = intensity
    }

    /// A row at intensity 0 with nothing else (no type, aura, symptom or drug): a daily diary's day without pain, not an
    /// attack. An aura alone is written with its type or aura.
    public var isPainFreeDay: Bool {
        intensity == 0 && (type ?? "").isEmpty && (aura ?? "").isEmpty && symptoms.isEmpty && medications.isEmpty
    }

    /// True when the row names its type and the type is a migraine of any kind.
    public var typedAsMigraine: Bool { type?.lowercased().contains("migraine") == true }
}

/// A row that could not be read, and why: reported as `file:line: column: problem`.
public struct SkippedRow: Error, Sendable, Equatable {
    public var line: Int
    public var column: String
    public var problem: String
}

/// A diary file read: its attacks in file order, and what reading it left (rows skipped, drugs the table did not know…).
public struct Diary: Sendable {
    /// The file's path as given, for messages and the report's header.
    public var path: String
    public var attacks: [Attack]
    public var leftovers: DiaryReader.Leftovers

    public init(path: String, attacks: [Attack], leftovers: DiaryReader.Leftovers = DiaryReader.Leftovers()) {
        self.path = path
        self.attacks = attacks
        self.leftovers = leftovers
    }

    public var skipped: [SkippedRow] { leftovers.skipped }
    /// Names that count in no class because the table does not know them, sorted.
    public var unknownMedications: [String] { leftovers.unknownMedications }
}
