import Testing
@testable import DeckBuilder

@Suite("Monthly chart")
struct MonthlyChartTests {
    let report = ChartFixtures.spring2024

    @Test("bars and points carry the report's numbers, month by month")
    func values() throws {
        let tree = try SVGTree(DiaryCharts.monthly(report))
        let headache = tree.all("rect", "bar", "headache"), migraine = tree.all("rect", "bar", "migraine")
        let medication = tree.all("circle", "point", "medication"), intensity = tree.all("path", "point", "intensity")
        #expect(headache.map { $0["data-month"] } == report.months.map { $0.month.description })
        #expect(headache.map { $0["data-value"] } == report.months.map { String($0.headacheDays) })
        #expect(migraine.map { $0["data-value"] } == report.months.map { String($0.migraineDays) })
        #expect(medication.map { $0["data-value"] } == report.months.map { String($0.anyMedicationDays) })
        #expect(intensity.map { $0.number("data-value") } == report.months.compactMap { $0.meanIntensity.map { ($0 * 10).rounded() / 10 } })
        #expect(report.months.map(\.headacheDays) == [6, 2, 1])
        #expect(headache.first?.tooltip == "March 2024: 6 headache days")
        #expect(migraine.last?.tooltip == "May 2024: 1 migraine day")
    }

    @Test("bar heights are 8 px a day from a shared baseline, and the reference lines sit at 10 and 15 days")
    func geometry() throws {
        let tree = try SVGTree(DiaryCharts.monthly(report))
        let bars = tree.all("rect", "bar")
        let baseline = try #require(bars.first.flatMap { bar in bar.number("y").flatMap { y in bar.number("height").map { y + $0 } } })
        for bar in bars {
            let value = try #require(bar.number("data-value")), height = try #require(bar.number("height"))
            #expect(abs(height - value * MonthlyChart.pixelsPerDay) < 0.1)
            #expect(abs((bar.number("y") ?? 0) + height - baseline) < 0.1)
        }
        let references = tree.nodes.filter { $0.classes.contains("ref") }
        #expect(references.map { $0["data-value"] } == ["10", "15"])
        for line in references {
            let y = try #require(line["d"]?.split(separator: "H").first?.split(separator: " ").last.flatMap { Double($0) })
            #expect(abs(y - (baseline - (line.number("data-value") ?? 0) * MonthlyChart.pixelsPerDay)) < 0.1)
        }
        #expect(tree.nodes.contains { $0.name == "text" && $0.text == "10 days" })
        #expect(tree.nodes.contains { $0.name == "text" && $0.text == "15 days" })
    }

    @Test("the description states each month's numbers")
    func description() throws {
        let desc = try #require(try SVGTree(DiaryCharts.monthly(report)).nodes.first { $0.name == "desc" }).text
        #expect(desc.contains("March 2024: 6 headache, 4 migraine, 4 acute-medication days, mean intensity 4.9"))
        #expect(desc.contains("May 2024: 1 headache, 1 migraine, 1 acute-medication day, mean intensity 8.0"))
    }

    @Test("the right-hand intensity axis appears only when a month has a mean intensity")
    func intensityAxis() throws {
        #expect(try SVGTree(DiaryCharts.monthly(report)).nodes.contains { $0.text == "Mean intensity (0–10)" })
        // Medication taken with no attack starting in the month: days, but no mean intensity.
        var attack = ChartFixtures.attack(ChartFixtures.day(2024, 3, 31), hours: 2, intensity: 5, drugs: ["ibuprofen 400 mg"])
        attack.medications = [MedicationDose(text: "ibuprofen 400 mg", takenAt: DiaryTime(day: ChartFixtures.day(2024, 4, 1)),
                                             table: MedicationTable())]
        let months = ChartFixtures.report([attack]).months
        #expect(months.count == 2 && months[1].meanIntensity == nil)
        let tree = try SVGTree(DiaryCharts.monthly(ChartFixtures.report([attack])))
        #expect(tree.all("path", "point", "intensity").count == 1)
    }

    @Test("eight years keep every bar but thin the month labels to one a year")
    func manyMonths() throws {
        let report = ChartFixtures.dense(years: 8, perMonth: 4)
        let tree = try SVGTree(DiaryCharts.monthly(report))
        #expect(report.months.count == 96)
        #expect(tree.all("rect", "bar", "headache").count == 96 && tree.all("rect", "bar", "migraine").count == 96)
        let labels = tree.nodes.filter { $0.name == "text" && $0.text.hasPrefix("Jan 20") }
        #expect(labels.count == 8)
        #expect(!tree.nodes.contains { $0.name == "text" && $0.text == "Feb 2017" })
    }

    @Test("one month draws one group, labelled in full")
    func oneMonth() throws {
        let report = ChartFixtures.report([ChartFixtures.attack(ChartFixtures.day(2024, 2, 29), intensity: 6.5, type: "migraine")])
        let tree = try SVGTree(DiaryCharts.monthly(report))
        #expect(tree.all("rect", "bar", "migraine").map { $0["data-value"] } == ["1"])
        #expect(tree.all("path", "point", "intensity").map { $0["data-value"] } == ["6.5"])
        #expect(tree.nodes.contains { $0.text == "Feb 2024" })
    }
}
