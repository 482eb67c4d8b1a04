/// How long attacks lasted and when in the day they began: the spread behind a mean duration, which a doctor reads
/// against ICHD-3 (a migraine lasts 4–72 hours untreated; over 72 hours is status migrainosus).
public struct AttackPattern: Sendable, Equatable {
    /// Upper bounds of the duration bands, in hours; the last band is open.
    public static let durationBands: [(label: String, below: Double)] = [
        ("under 1 h", 1), ("1–4 h", 4), ("4–12 h", 12), ("12–24 h", 24), ("24–72 h", 72), ("over 72 h", .infinity),
    ]
    /// Parts of the day by start hour, six hours each.
    public static let dayParts = ["night (00–06)", "morning (06–12)", "afternoon (12–18)", "evening (18–24)"]

    /// Attacks with an end, in each duration band.
    public var durations = [Int](repeating: 0, count: durationBands.count)
    /// Attacks with a start time written, by part of the day.
    public var starts = [Int](repeating: 0, count: dayParts.count)

    mutating func add(_ attack: Attack) {
        if let end = attack.end, attack.durationKnown {
            let hours = Double(end.seconds(since: attack.start)) / 3600
            durations[Self.durationBands.firstIndex { hours < $0.below } ?? Self.durationBands.count - 1] += 1
        }
        if attack.startHasClock { starts[min(3, attack.start.secondOfDay / 21_600)] += 1 }
    }

    static func + (lhs: AttackPattern, rhs: AttackPattern) -> AttackPattern {
        AttackPattern(durations: zip(lhs.durations, rhs.durations).map(+), starts: zip(lhs.starts, rhs.starts).map(+))
    }
}
