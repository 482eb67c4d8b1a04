import Testing
@testable import DeckBuilder

/// Day counts against values computed by hand from the definitions.
@Suite("Diary day counts")
struct DiaryStatsTests {
    func report(_ csv: String, from: String? = nil, to: String? = nil) throws -> DiaryReport {
        let diary = try DiaryReader().read("start,end,intensity,type,medication\n" + csv, path: "d.csv", fileExtension: "csv")
        #expect(diary.skipped.isEmpty, "\(diary.skipped)")
        let day = { (text: String?) -> CalendarDay? in
            guard let text, case .success(let parsed) = DiaryDateParser().parse(text) else { return nil }
            return parsed.time.day
        }
        return DiaryStats(from: day(from), to: day(to)).report(diary)
    }

    func month(_ report: DiaryReport, _ text: String) throws -> MonthSummary {
        try #require(report.months.first { $0.month.description == text })
    }

    @Test("an attack across midnight touches both days; one ending at exactly 00:00 does not touch the next")
    func midnight() throws {
        let report = try report("""
            2024-03-01T22:00,2024-03-02T03:00,6,,
            2024-03-05T20:00,2024-03-06T00:00,6,,
            """)
        let march = try month(report, "2024-03")
        #expect(march.headacheDays == 3)
        #expect(march.migraineDays == 3)  // 5 h and 4 h at intensity 6: the untyped rule
        #expect(report.days.keys.map(\.description).sorted() == ["2024-03-01", "2024-03-02", "2024-03-05"])
    }

    @Test("two attacks on one day make one headache day and count as two attacks")
    func twoAttacksOneDay() throws {
        let march = try month(try report("""
            2024-03-01T08:00,2024-03-01T09:00,3,tension,
            2024-03-01T18:00,2024-03-01T23:00,7,migraine,
            """), "2024-03")
        #expect(march.headacheDays == 1 && march.migraineDays == 1 && march.attacks == 2)
    }

    @Test("intensity 0 is an attack but not a headache day; a typed non-migraine is never a migraine day")
    func typesAndZero() throws {
        let march = try month(try report("""
            2024-03-01T08:00,2024-03-01T09:00,0,aura,
            2024-03-02T08:00,2024-03-02T20:00,8,tension,
            2024-03-03T08:00,2024-03-03T09:00,2,,sumatriptan 50 mg
            2024-03-04T08:00,2024-03-04T11:59,9,,
            """), "2024-03")
        #expect(march.attacks == 4)
        #expect(march.headacheDays == 3)
        // Only the 3rd: treated with a triptan. The 4th lasted under 4 hours; the 2nd is typed tension.
        #expect(march.migraineDays == 1)
    }

    @Test("several drugs on one day: a day per class, and one day for any; a later dose counts on its own day")
    func severalDrugs() throws {
        let report = try report("""
            2024-03-10T08:00,2024-03-10T20:00,7,migraine,sumatriptan 50 mg; ibuprofen 400 mg; paracetamol 1 g; metoclopramide 10 mg
            2024-03-10T21:00,2024-03-11T02:00,5,migraine,sumatriptan 50 mg @ 2024-03-11T01:00; codeine + paracetamol
            """)
        let march = try month(report, "2024-03")
        #expect(march.medicationDays[.triptan] == 2)
        #expect(march.medicationDays[.simple] == 1)
        #expect(march.medicationDays[.combination] == 1)
        #expect(march.medicationDays[.opioid] == nil)
        #expect(march.anyMedicationDays == 2)
    }

    @Test("the last attack still going counts through --to, or else through the diary's latest start or end; an earlier one on its day alone")
    func ongoing() throws {
        let rows = """
            2024-03-28T10:00,,6,migraine,
            2024-03-20T10:00,2024-03-31T12:00,4,tension,paracetamol 1 g @ 2024-04-09T09:00
            """
        // Latest start or end written: the tension attack's end on the 31st, so the 28th to the 31st; a medication's
        // time, which may be a slip, stretches nothing.
        #expect(try month(try report(rows), "2024-03").migraineDays == 4)
        // An attack after it: the open one is counted on its start day alone, and named.
        let stopped = try report(rows + "\n2024-04-02T10:00,2024-04-02T11:00,3,tension,\n")
        #expect(try month(stopped, "2024-03").migraineDays == 1)
        // 3: an attack of eleven days, and the paracetamol nine days after it ended.
        #expect(stopped.doubtful.map(\.line) == [2, 3, 3])
        #expect(stopped.doubtful.first?.problem.contains("counted on its start day, 2024-03-28, alone") == true)
        // Through --to, the 5th of April: four days of March and five of April.
        let through = try report(rows, to: "2024-04-05")
        #expect(try month(through, "2024-03").migraineDays == 4)
        #expect(try month(through, "2024-04").migraineDays == 5)
        #expect(try month(through, "2024-04").attacks == 0)
    }

    @Test("days stay on their written dates across a daylight-saving change; the duration is elapsed time")
    func daylightSaving() throws {
        // Europe, 31 March 2024: 02:00 CET became 03:00 CEST. 22:00+01:00 to 03:30+02:00 is 4.5 hours elapsed.
        let march = try month(try report("2024-03-30T22:00+01:00,2024-03-31T03:30+02:00,5,,"), "2024-03")
        #expect(march.headacheDays == 2)
        #expect(march.migraineDays == 2)
        // 23:00+01:00 to 03:30+02:00 is 3.5 hours: not a migraine by the untyped rule.
        #expect(try month(try report("2024-03-30T23:00+01:00,2024-03-31T03:30+02:00,5,,"), "2024-03").migraineDays == 0)
    }

    @Test("months run from the first to the last day, empty ones included; --from and --to bound them")
    func months() throws {
        let rows = """
            2024-01-30T10:00,2024-01-30T12:00,5,,
            2024-04-02T10:00,2024-04-02T12:00,5,,
            """
        #expect(try report(rows).months.map(\.month.description) == ["2024-01", "2024-02", "2024-03", "2024-04"])
        #expect(try report(rows).months.map(\.headacheDays) == [1, 0, 0, 1])
        let bounded = try report(rows, from: "2024-02-15", to: "2024-05-10")
        #expect(bounded.months.map(\.month.description) == ["2024-02", "2024-03", "2024-04", "2024-05"])
        #expect(bounded.overall.attacks == 1 && bounded.overall.days == 86)
    }

    @Test("overuse flags at ICHD-3 thresholds, and runs of three months in a row")
    func flags() throws {
        var rows = [String]()
        for month in 1...4 {
            for day in 1...(month == 4 ? 9 : 10) {
                let date = "2024-0\(month)-\(day < 10 ? "0" : "")\(day)"
                rows.append("\(date)T08:00,\(date)T09:00,3,tension,rizatriptan 10 mg")
            }
        }
        for day in 11...25 { rows.append("2024-02-\(day)T08:00,2024-02-\(day)T09:00,3,tension,ibuprofen 400 mg") }
        let report = try report(rows.joined(separator: "\n"))
        // Triptans alone on 10 days are triptan overuse, not overuse of several classes (ICHD-3 8.2.6): `any` needs two.
        #expect(report.months.map(\.flags) == [[.triptan], [.triptan, .simple, .any, .headacheDays], [.triptan], []])
        #expect(report.sustainedFlags == [
            SustainedFlag(flag: .triptan, from: CalendarMonth(year: 2024, month: 1), to: CalendarMonth(year: 2024, month: 3), months: 3),
        ])
    }
}
