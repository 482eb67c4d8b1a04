/// The numbers a doctor asks of a diary, per calendar month and overall, and what the charts draw.
public struct DiaryReport: Sendable {
    /// The diary file's path as given, for messages and the report's header.
    public var path: String
    /// The rows that could not be read, in file order.
    public var skipped: [SkippedRow]
    /// Names that count in no class because the table does not know them, sorted.
    public var unknownMedications: [String]
    /// Columns of the file no value is read from, as written, in file order.
    public var unusedColumns: [String] = []
    /// Records above the header (a title, an export's notes), not read.
    public var preamble = 0
    /// Rows read and counted that still deserve a look, such as a date far from the rest.
    public var doubtful: [SkippedRow] = []
    /// What deserves a look in the file as a whole.
    public var fileDoubts: [String] = []
    /// Every attack read from the file, in the period or not.
    public var attacksRead: Int
    /// The first and last day of the reported period; nil when the diary has nothing to report.
    public var period: ClosedRange<CalendarDay>?
    /// Set when the diary covers more than `DiaryStats.maximumMonths` and only its last months are reported.
    public var cut: PeriodCut?
    public var months: [MonthSummary]
    public var overall: OverallSummary
    /// Flags that hold three or more months in a row.
    public var sustainedFlags: [SustainedFlag]
    /// Preventive treatments, each with monthly migraine days before and during, by start.
    public var preventives: [PreventivePeriod] = []
    /// How migraine keeps to menstruation; nil when the diary records no menstruation in the period.
    public var menstrual: MenstrualAssociation?
    /// Every reported day's facts, for the daily charts and the calendar.
    public var days: [CalendarDay: DaySummary]
    /// The attacks of the last `DiaryStats.detailMonthCount` months by start (file order breaking ties), only the most
    /// recent `DiaryStats.attackListLimit` of them when there are more.
    public var listedAttacks: [Attack]
    /// How many attacks started in those months: more than `listedAttacks.count` when the list was cut short.
    public var detailAttackCount: Int
}

/// What a report over a diary too long to report whole leaves out.
public struct PeriodCut: Sendable, Equatable {
    /// The first day the diary touches (within `--from`), before the reported period's.
    public var diaryFrom: CalendarDay
    /// Attacks that started before the reported period, and are counted nowhere in it.
    public var attacksLeftOut: Int
}

/// A threshold a month reached: medication-overuse days by ICHD-3, or 15 headache days.
public enum MonthFlag: String, Sendable, CaseIterable, Comparable {
    case triptan, ergot, opioid, combination, simple
    /// 10 or more days of acute medication of two or more classes together (ICHD-3 8.2.6).
    case any
    case headacheDays = "headache_days"

    /// The class whose days the flag counts, for the medication flags.
    public var medicationClass: MedicationClass? { MedicationClass(rawValue: rawValue) }

    /// Days at which the flag is raised.
    public var threshold: Int { medicationClass?.overuseDays ?? (self == .headacheDays ? 15 : 10) }

    /// What the flag means, worded for discussion, not as a diagnosis.
    public var sentence: String {
        switch self {
        case .headacheDays: "15 or more headache days"
        case .any: "acute medication of two or more classes on 10 or more days together"
        default: "\(medicationClass.map { $0.title.prefix(1).lowercased() + $0.title.dropFirst() } ?? rawValue) on \(threshold) or more days"
        }
    }

    public static func < (lhs: MonthFlag, rhs: MonthFlag) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One calendar month's counts.
public struct MonthSummary: Sendable, Equatable {
    public var month: CalendarMonth
    /// The month's days inside the reported period: fewer than its length for a first or last month cut short.
    public var days = 0
    public var headacheDays = 0
    public var migraineDays = 0
    /// Attacks that started in the month.
    public var attacks = 0
    /// Days with a drug of each class.
    public var medicationDays: [MedicationClass: Int] = [:]
    /// Days with any acute medication.
    public var anyMedicationDays = 0
    public var flags: [MonthFlag] = []
    /// Mean intensity of the attacks that started in the month; nil when none did.
    public var meanIntensity: Double?

    /// Whether the period holds only some of the month's days.
    public var isPartial: Bool { days < month.length }
}

/// The whole period's counts and the descriptive figures.
public struct OverallSummary: Sendable, Equatable {
    public var days = 0
    public var headacheDays = 0
    public var migraineDays = 0
    public var attacks = 0
    public var medicationDays: [MedicationClass: Int] = [:]
    public var anyMedicationDays = 0
    public var meanIntensity: Double?
    public var maxIntensity: Double?
    /// Over attacks with a recorded end.
    public var meanDurationHours: Double?
    /// How many attacks named each trigger, most first.
    public var triggers: [NameCount] = []
    public var symptoms: [NameCount] = []
    /// Each drug's uses and the relief recorded with them.
    public var relief: [MedicationRelief] = []
    /// How long the attacks lasted and when they began.
    public var pattern = AttackPattern()
}

/// A name and how many attacks it was recorded for.
public struct NameCount: Sendable, Equatable {
    public var name: String
    public var count: Int
}

/// One drug's uses, and how often each relief was recorded for the attacks it was taken in.
public struct MedicationRelief: Sendable, Equatable {
    public var medication: String
    public var medicationClass: MedicationClass?
    public var uses: Int
    /// Relief as written (`good`, `partial`, `none`, `7`…) with counts, most first; `not recorded` when empty.
    public var relief: [NameCount]
}

/// A flag that held `months` months in a row.
public struct SustainedFlag: Sendable, Equatable {
    public var flag: MonthFlag
    public var from: CalendarMonth
    public var to: CalendarMonth
    public var months: Int
}

/// One day's facts for the charts.
public struct DaySummary: Sendable, Equatable {
    /// The highest intensity of the attacks touching the day; nil when none did.
    public var maxIntensity: Double?
    public var headache = false
    public var migraine = false
    public var classes: Set<MedicationClass> = []
    /// A drug in no class (an anti-sickness drug, say) was taken.
    public var otherMedication = false
}
