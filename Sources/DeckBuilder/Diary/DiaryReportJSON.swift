import Foundation

/// The report's numbers as the documented JSON of `deckgen report --format json` (README, "Diary reports").
public enum DiaryReportJSON {
    /// Bumped whenever a key changes meaning.
    public static let version = 1

    /// Pretty-printed JSON with sorted keys: the same bytes for the same diary.
    public static func text(of report: DiaryReport) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object(of: report),
                                                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func object(of report: DiaryReport) -> [String: Any] {
        let overall = report.overall
        return [
            "version": version,
            "diary": report.path,
            "from": report.period.map { $0.lowerBound.description } ?? NSNull(),
            "to": report.period.map { $0.upperBound.description } ?? NSNull(),
            "cut": report.cut.map { ["diary_from": $0.diaryFrom.description, "attacks_left_out": $0.attacksLeftOut] as [String: Any] } ?? NSNull(),
            "months": report.months.map { month -> [String: Any] in [
                "month": month.month.description,
                "days": month.days,
                "headache_days": month.headacheDays,
                "migraine_days": month.migraineDays,
                "attacks": month.attacks,
                "acute_medication_days": medicationDays(month.medicationDays, any: month.anyMedicationDays),
                "flags": month.flags.map(\.rawValue),
                "mean_intensity": rounded(month.meanIntensity),
            ] },
            "overall": [
                "days": overall.days,
                "headache_days": overall.headacheDays,
                "migraine_days": overall.migraineDays,
                "attacks": overall.attacks,
                "acute_medication_days": medicationDays(overall.medicationDays, any: overall.anyMedicationDays),
                "mean_intensity": rounded(overall.meanIntensity),
                "max_intensity": rounded(overall.maxIntensity),
                "mean_duration_hours": rounded(overall.meanDurationHours),
                "triggers": overall.triggers.map { ["name": $0.name, "attacks": $0.count] },
                "symptoms": overall.symptoms.map { ["name": $0.name, "attacks": $0.count] },
                "durations": zip(AttackPattern.durationBands, overall.pattern.durations).map { ["band": $0.label, "attacks": $1] as [String: Any] },
                "start_times": zip(AttackPattern.dayParts, overall.pattern.starts).map { ["part": $0, "attacks": $1] as [String: Any] },
                "relief": overall.relief.map { entry -> [String: Any] in [
                    "medication": entry.medication,
                    "class": entry.medicationClass?.rawValue ?? NSNull(),
                    "uses": entry.uses,
                    "relief": entry.relief.map { ["relief": $0.name, "uses": $0.count] },
                ] },
            ] as [String: Any],
            "preventives": report.preventives.map { period -> [String: Any] in [
                "name": period.name, "start": period.start.description, "stop": period.stop?.description ?? NSNull(),
                "dates_from": period.fromColumn ? "diary" : "settings",
                "before_per_30_days": rounded(period.before?.perThirtyDays),
                "during_per_30_days": rounded(period.during?.perThirtyDays),
                "reduction": rounded(period.reduction),
            ] },
            "menstrual": report.menstrual.map { association -> [String: Any] in [
                "cycles": association.cycles, "cycles_with_attack": association.cyclesWithAttack,
                "other_attack_days": association.otherAttackDays, "pattern": association.pattern?.rawValue ?? NSNull(),
            ] } ?? NSNull(),
            "sustained_flags": report.sustainedFlags.map { [
                "flag": $0.flag.rawValue, "from": $0.from.description, "to": $0.to.description, "months": $0.months,
            ] as [String: Any] },
            "skipped_rows": report.skipped.map { ["line": $0.line, "column": $0.column, "problem": $0.problem] as [String: Any] },
            "file_doubts": report.fileDoubts,
            "doubtful_rows": report.doubtful.map { ["line": $0.line, "column": $0.column, "problem": $0.problem] as [String: Any] },
            "unrecognised_medications": report.unknownMedications,
            "unused_columns": report.unusedColumns,
        ]
    }

    static func medicationDays(_ days: [MedicationClass: Int], any: Int) -> [String: Int] {
        var object = ["any": any]
        for kind in MedicationClass.allCases { object[kind.rawValue] = days[kind] ?? 0 }
        return object
    }

    /// Two decimals, so the output does not depend on how a platform prints a double.
    static func rounded(_ value: Double?) -> Any {
        guard let value else { return NSNull() }
        return NSDecimalNumber(string: String(format: "%.2f", value))
    }
}
