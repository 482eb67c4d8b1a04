/// What the attacks starting in one month add up to: enough to give the month's figures and, summed over the
/// period's months, the overall ones, without keeping the attacks.
struct MonthTally {
    var attacks = 0
    var intensitySum = 0.0
    var maxIntensity: Double?
    /// Over attacks with a recorded end.
    var durationSeconds = 0
    var durations = 0
    /// By lowercased name: the spelling of the first attack to name it, where it came in the file, and how many named it.
    var triggers: [String: NameTally] = [:]
    var symptoms: [String: NameTally] = [:]
    /// By drug name.
    var relief: [String: ReliefTally] = [:]
    var pattern = AttackPattern()

    var meanIntensity: Double? { attacks == 0 ? nil : intensitySum / Double(attacks) }

    /// Counts `attack`, the file's `order`th.
    mutating func add(_ attack: Attack, order: Int) {
        attacks += 1
        intensitySum += attack.intensity
        maxIntensity = max(maxIntensity ?? attack.intensity, attack.intensity)
        if let end = attack.end, attack.durationKnown {
            durationSeconds += end.seconds(since: attack.start)
            durations += 1
        }
        pattern.add(attack)
        Self.count(attack.triggers, order: order, into: &triggers)
        Self.count(attack.symptoms, order: order, into: &symptoms)
        for dose in attack.medications {
            var entry = relief[dose.name] ?? ReliefTally(kind: dose.medicationClass, uses: 0, relief: [:])
            entry.uses += 1
            entry.relief[dose.effect ?? attack.relief ?? "not recorded", default: 0] += 1
            relief[dose.name] = entry
        }
    }

    /// The period's figures from its months' tallies and its days.
    static func overall(_ months: [MonthTally], days: some Collection<DaySummary>, dayCount: Int) -> OverallSummary {
        var overall = DiaryStats.totals(days, dayCount: dayCount)
        overall.attacks = months.reduce(0) { $0 + $1.attacks }
        overall.meanIntensity = overall.attacks == 0 ? nil : months.reduce(0) { $0 + $1.intensitySum } / Double(overall.attacks)
        overall.maxIntensity = months.compactMap(\.maxIntensity).max()
        let durations = months.reduce(0) { $0 + $1.durations }
        overall.meanDurationHours = durations == 0 ? nil : Double(months.reduce(0) { $0 + $1.durationSeconds }) / 3600 / Double(durations)
        overall.pattern = months.reduce(AttackPattern()) { $0 + $1.pattern }
        overall.triggers = frequencies(months.map(\.triggers))
        overall.symptoms = frequencies(months.map(\.symptoms))
        var relief = [String: ReliefTally]()
        for month in months {
            relief.merge(month.relief) { earlier, later in
                ReliefTally(kind: earlier.kind, uses: earlier.uses + later.uses, relief: earlier.relief.merging(later.relief, uniquingKeysWith: +))
            }
        }
        overall.relief = relief.map { name, entry in
            MedicationRelief(medication: name, medicationClass: entry.kind, uses: entry.uses,
                             relief: entry.relief.map { NameCount(name: $0.key, count: $0.value) }.sorted(by: DiaryStats.mostFirst))
        }.sorted { ($0.uses, $1.medication) > ($1.uses, $0.medication) }
        return overall
    }
}

/// A trigger or symptom: the spelling first written, where (the attack's place in the file), and how many attacks named it.
struct NameTally {
    var name: String
    var order: Int
    var count: Int
}

/// One drug's uses and the relief recorded with them; its class is the one its name has.
struct ReliefTally {
    var kind: MedicationClass?
    var uses: Int
    var relief: [String: Int]
}

// MARK: - Frequencies

private extension MonthTally {
    /// Counts each name of `names` once, whatever its case; the first attack to name it gives its spelling.
    static func count(_ names: [String], order: Int, into tallies: inout [String: NameTally]) {
        for key in Set(names.map { $0.lowercased() }) {
            let name = names.first { $0.lowercased() == key } ?? key
            tallies[key, default: NameTally(name: name, order: order, count: 0)].count += 1
        }
    }

    /// Names counted over several months, most first, each spelled as the earliest attack wrote it.
    static func frequencies(_ months: [[String: NameTally]]) -> [NameCount] {
        var all = [String: NameTally]()
        for month in months {
            all.merge(month) { earlier, later in
                let first = earlier.order <= later.order ? earlier : later
                return NameTally(name: first.name, order: first.order, count: earlier.count + later.count)
            }
        }
        return all.values.map { NameCount(name: $0.name, count: $0.count) }.sorted(by: DiaryStats.mostFirst)
    }
}
