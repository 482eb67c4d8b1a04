/// Whether migraine keeps to menstruation, by ICHD-3 appendix A1.1: attacks beginning on day 1 ± 2 (day −2 to day +3,
/// there being no day 0) in at least two of three cycles make menstrual migraine — "pure" when no attack comes at other
/// times of the cycle, "menstrually related" when some do.
public struct MenstrualAssociation: Sendable, Equatable {
    /// Fewer cycles than this give counts but no pattern: ICHD-3 asks for three documented cycles.
    public static let fewestCycles = 3
    /// A cycle counts from two days before its first day to the day after it (day −2 to +3).
    public static let window = -2...2
    /// Attacks at "other times" are looked for over this many days from each first day, up to the next window.
    public static let usualCycle = 28

    public enum Pattern: String, Sendable {
        case pureMenstrual = "pure menstrual migraine"
        case menstruallyRelated = "menstrually related migraine"
        case notMenstrual = "no menstrual pattern"
    }

    /// Cycles whose first day lies in the period.
    public var cycles: Int
    /// Of those, cycles with a migraine attack beginning from day −2 to +3.
    public var cyclesWithAttack: Int
    /// Days on which a migraine attack began at other times of those cycles.
    public var otherAttackDays: Int

    /// Nil with fewer than `fewestCycles` cycles.
    public var pattern: Pattern? {
        guard cycles >= Self.fewestCycles else { return nil }
        guard cyclesWithAttack * 3 >= cycles * 2 else { return .notMenstrual }
        return otherAttackDays == 0 ? .pureMenstrual : .menstruallyRelated
    }

    /// The association of migraine attacks beginning on `attackDays` (ordinals) with cycles beginning on `firstDays`,
    /// within `period`; nil when no cycle begins in it.
    init?(firstDays: Set<CalendarDay>, attackDays: Set<Int>, period: ClosedRange<CalendarDay>) {
        // A first day within a week of the one before is the same bleed written twice (day 1 and day 2 as "start").
        var starts = [Int]()
        for day in firstDays.map(\.ordinal).sorted() where period.contains(CalendarDay(ordinal: day)) {
            if let last = starts.last, day - last < 7 { continue }
            starts.append(day)
        }
        guard !starts.isEmpty else { return nil }
        cycles = starts.count
        var near = Set<Int>()
        for start in starts {
            for offset in Self.window { near.insert(start + offset) }
        }
        cyclesWithAttack = starts.filter { start in Self.window.contains { attackDays.contains(start + $0) } }.count
        var others = 0
        for (index, start) in starts.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1] : start + Self.usualCycle
            let end = min(next, start + Self.usualCycle, period.upperBound.ordinal + 1)
            others += (start + Self.window.upperBound + 1..<max(end, start + Self.window.upperBound + 1)).filter {
                attackDays.contains($0) && !near.contains($0)
            }.count
        }
        otherAttackDays = others
    }
}

/// How a diary's menstruation column is read.
enum MenstruationMark {
    static let yes: Set<String> = ["yes", "y", "true", "x", "✓", "start", "started", "first day", "bleeding", "spotting",
                                   "light", "medium", "moderate", "heavy", "on", "period", "menstruation", "menses"]
    static let no: Set<String> = ["no", "n", "false", "0", "none", "off", "-", "–"]

    /// The day of the bleed `text` says it is (1 for the first day, or for a plain yes); 0 for no; nil when unreadable.
    static func dayOfBleed(_ text: String) -> Int? {
        let word = DiaryColumns.normalised(text)
        if yes.contains(word) { return 1 }
        if no.contains(word) { return 0 }
        let number = word.hasPrefix("day ") ? String(word.dropFirst(4)) : word
        guard let day = Int(number), (1...10).contains(day) else { return nil }
        return day
    }
}
