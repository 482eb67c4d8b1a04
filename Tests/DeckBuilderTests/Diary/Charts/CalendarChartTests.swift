import Testing
@testable import DeckBuilder

@Suite("Calendar heatmap")
struct CalendarChartTests {
    let report = ChartFixtures.spring2024

    /// Day → step as the chart draws it, read from each step path's `data-days` (offsets from the group's `data-start`).
    static func steps(_ tree: SVGTree) throws -> [String: Int] {
        let group = try #require(tree.nodes.first { $0.name == "g" && $0.classes.contains("days") })
        let parts = (group["data-start"] ?? "").split(separator: "-").compactMap { Int($0) }
        let start = try #require(parts.count == 3 ? CalendarDay(year: parts[0], month: parts[1], day: parts[2]) : nil)
        var steps = [String: Int]()
        for step in ChartStyle.heat.indices {
            for path in tree.all("path", "s\(step)") {
                for day in days(path, from: start) {
                    #expect(steps[day] == nil, "\(day) drawn twice")
                    steps[day] = step
                }
                #expect(path["stroke"] == ChartStyle.heat[step])
            }
        }
        return steps
    }

    static func days(_ node: SVGTree.Node, from start: CalendarDay) -> [String] {
        (node["data-days"] ?? "").split(separator: " ").compactMap { Int($0) }.map { start.adding(days: $0).description }
    }

    @Test("every recorded day in the step its highest intensity falls in, and a dot on each day with medication")
    func cells() throws {
        let tree = try SVGTree(DiaryCharts.calendar(report))
        let steps = try Self.steps(tree)
        #expect(steps.keys.sorted() == report.days.keys.map(\.description).sorted())
        for (day, summary) in report.days {
            #expect(steps[day.description] == ChartStyle.heatStep(summary.maxIntensity ?? 0), "\(day)")
        }
        #expect(steps["2024-03-05"] == 3)
        let start = CalendarDay(year: 2024, month: 3, day: 1) ?? CalendarDay(ordinal: 0)
        let dots = try #require(tree.nodes.first { $0.name == "use" && $0.classes.contains("mark") })
        #expect(Self.days(dots, from: start) == report.days.filter { !$0.value.classes.isEmpty }.keys.map(\.description).sorted())
        // One path per step and one for the dots, each a subpath per run of days: no element per day.
        #expect(tree.nodes.filter { $0.name == "rect" && $0.classes.contains("days") }.isEmpty)
        #expect(tree.all("path", "s3").first?["d"] == "M92 56.5h17m43 0h17m483 40h17")
    }

    @Test("steps: none, 1–3, 4–6, 7–8, 9–10, decimals going up", arguments: [
        (0.0, 0), (0.5, 1), (3, 1), (3.5, 2), (6, 2), (6.5, 3), (8, 3), (8.5, 4), (10, 4),
    ])
    func steps(_ intensity: Double, _ step: Int) {
        #expect(ChartStyle.heatStep(intensity) == step)
    }

    @Test("the palette gets darker step by step, far enough apart to tell in greyscale")
    func greyscale() {
        let greys = ChartStyle.heat.map { hex -> Double in
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            return 0.299 * Double(value >> 16) + 0.587 * Double(value >> 8 & 0xFF) + 0.114 * Double(value & 0xFF)
        }
        for (lighter, darker) in zip(greys, greys.dropFirst()) { #expect(lighter - darker > 30) }
    }

    @Test("a month per row, a light cell for every day of it, and the counts in the description")
    func rows() throws {
        let tree = try SVGTree(DiaryCharts.calendar(report))
        #expect(tree.nodes.filter { $0.name == "text" }.map(\.text).filter { $0.hasSuffix("2024") } == ["Mar 2024", "Apr 2024", "May 2024"])
        let desc = try #require(tree.nodes.first { $0.name == "desc" }).text
        #expect(desc.contains("March 2024: 7 with an attack (1–3: 1, 4–6: 1, 7–8: 2, 9–10: 2), 4 with acute medication"))
        #expect(desc.contains("May 2024: 1 with an attack (7–8: 1), 1 with acute medication"))
        let empty = try #require(tree.nodes.first { $0["stroke-dasharray"] != nil && $0.name == "path" })
        #expect(empty["d"]?.components(separatedBy: "M").count == 4)
    }

    @Test("eight years fit in two panels side by side")
    func manyMonths() throws {
        let report = ChartFixtures.dense(years: 8, perMonth: 4)
        let tree = try SVGTree(DiaryCharts.calendar(report))
        let viewBox = try #require(tree.root["viewBox"]?.split(separator: " ").compactMap { Double($0) })
        #expect(viewBox[2] == 720 && viewBox[3] < 600)
        let steps = try Self.steps(tree)
        #expect(steps.count == report.days.count)
        for (day, summary) in report.days {
            #expect(steps[day.description] == ChartStyle.heatStep(summary.maxIntensity ?? 0), "\(day)")
        }
        // About twenty bytes a day, so eight years of a chronic diary stay far under the page's budget.
        let svg = DiaryCharts.calendar(ChartFixtures.dense(years: 8, perMonth: 25))
        let days = CalendarMonth.range(CalendarMonth(year: 2017, month: 1), through: CalendarMonth(year: 2024, month: 12))
            .map(\.length).reduce(0, +)
        #expect(svg.utf8.count <= 25 * days, "\(svg.utf8.count) bytes for \(days) days")
    }
}
