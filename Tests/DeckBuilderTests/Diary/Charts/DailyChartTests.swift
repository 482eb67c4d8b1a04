import Testing
@testable import DeckBuilder

@Suite("Daily chart")
struct DailyChartTests {
    let report = ChartFixtures.spring2024
    let march = CalendarMonth(year: 2024, month: 3)

    @Test("one bar per day with an intensity, its value and height from the report")
    func bars() throws {
        let tree = try SVGTree(DiaryCharts.daily(report, month: march))
        let bars = tree.all("rect", "bar")
        let expected = march.days.compactMap { day in report.days[day]?.maxIntensity.map { (day.description, $0) } }
        #expect(bars.compactMap { $0["data-day"] }.sorted() == expected.map(\.0).sorted())
        for bar in bars {
            let value = try #require(report.days.first { $0.key.description == bar["data-day"] }?.value.maxIntensity)
            #expect(bar.number("data-value") == value)
            #expect(abs((bar.number("height") ?? -1) - value * DailyChart.pixelsPerUnit) < 0.1)
        }
        #expect(tree.all("rect", "bar", "migraine").compactMap { $0["data-day"] }
            == ["2024-03-02", "2024-03-05", "2024-03-14", "2024-03-15"])
        #expect(tree.all("rect", "bar", "headache").compactMap { $0["data-day"] } == ["2024-03-09", "2024-03-20", "2024-03-27"])
        #expect(bars.first { $0["data-day"] == "2024-03-05" }?["data-value"] == "6.5")
        #expect(bars.first { $0["data-day"] == "2024-03-05" }?.tooltip == "5 Mar: intensity 6.5")
        // Days without an attack get no bar; the aura alone gets a bar of height 0.
        #expect(!bars.contains { $0["data-day"] == "2024-03-03" })
        #expect(bars.first { $0["data-day"] == "2024-03-20" }?["height"] == "0")
    }

    @Test("migraine bars are hatched, plain headache bars are not")
    func hatching() throws {
        let svg = DiaryCharts.daily(report, month: march)
        let tree = try SVGTree(svg)
        let migraine = try #require(tree.nodes.first { $0.name == "g" && $0.classes.contains("migraine") })
        #expect(migraine["fill"] == "url(#dd-202403-h)")
        #expect(tree.nodes.contains { $0.name == "pattern" && $0["id"] == "dd-202403-h" })
        #expect(tree.nodes.first { $0.name == "g" && $0.classes.contains("headache") }?["fill"]?.hasPrefix("#") == true)
    }

    @Test("a marker of each group's shape under every day with that group's medication")
    func markers() throws {
        let tree = try SVGTree(DiaryCharts.daily(report, month: march))
        #expect(tree.all("path", "mark", "triptan").map { $0["data-day"] } == ["2024-03-02", "2024-03-14"])
        #expect(tree.all("circle", "mark", "simple").map { $0["data-day"] } == ["2024-03-05", "2024-03-09"])
        #expect(tree.all("rect", "mark", "combination").map { $0["data-day"] } == ["2024-03-14"])
        #expect(tree.all("circle", "mark", "other").map { $0["data-day"] } == ["2024-03-02"])
        let legend = tree.nodes.filter { $0.classes.contains("legend") && $0.name == "tspan" }.map(\.text)
        #expect(legend == ["Headache day", "Migraine day", "Triptan/ergot/gepant", "Simple/NSAID", "Combination/opioid", "Other drug"])
    }

    @Test("the description lists each day with its intensity and medication")
    func description() throws {
        let desc = try #require(try SVGTree(DiaryCharts.daily(report, month: march)).nodes.first { $0.name == "desc" }).text
        #expect(desc.contains("6 headache days, 4 migraine days, 4 acute-medication days."))
        #expect(desc.contains("2 Mar: 7, migraine, triptan and other drug; 5 Mar: 6.5, migraine, simple analgesic;"))
        #expect(desc.contains("14 Mar: 9, migraine, triptan and combination analgesic;"))
        #expect(desc.contains("20 Mar: 0;"))
    }

    @Test("a month without records draws the short chart; February in a leap year has 29 days")
    func edges() throws {
        let june = try SVGTree(DiaryCharts.daily(report, month: CalendarMonth(year: 2024, month: 6)))
        #expect(june.nodes.contains { $0.text == "No attacks recorded in June 2024" })
        let leap = ChartFixtures.report([ChartFixtures.attack(ChartFixtures.day(2024, 2, 29), intensity: 5)])
        let tree = try SVGTree(DiaryCharts.daily(leap, month: CalendarMonth(year: 2024, month: 2)))
        #expect(tree.nodes.contains { $0.name == "tspan" && $0.text == "29" })
        #expect(tree.all("rect", "bar").map { $0["data-day"] } == ["2024-02-29"])
    }

    @Test("page one's chart draws every day of the last three months, the first of each month named on the axis")
    func window() throws {
        let window = try #require(report.recent)
        #expect(window.months.count == min(3, report.months.count))
        let tree = try SVGTree(DiaryCharts.recent(report, window: window))
        let expected = report.days.filter { window.days.contains($0.key) && $0.value.maxIntensity != nil }.map(\.key.description)
        #expect(tree.all("rect", "bar").compactMap { $0["data-day"] }.sorted() == expected.sorted())
        let labels = tree.nodes.filter { $0.name == "tspan" }.map(\.text)
        for month in window.months where month.month.first >= window.days.lowerBound {
            #expect(labels.contains(ChartText.short(month.month.first)), "\(month.month)")
        }
        #expect(tree.nodes.first { $0.name == "title" }?.text == "Highest headache intensity per day, \(ChartText.short(window.days))")
    }
}
