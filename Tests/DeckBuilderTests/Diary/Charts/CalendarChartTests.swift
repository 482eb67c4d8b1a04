import Testing
@testable import DeckBuilder

@Suite("Calendar heatmap")
struct CalendarChartTests {
    let report = ChartFixtures.spring2024

    @Test("a cell per recorded day with its value, in the step its intensity falls in")
    func cells() throws {
        let tree = try SVGTree(DiaryCharts.calendar(report))
        let cells = tree.nodes.filter { $0.name == "rect" && $0["data-day"] != nil }
        #expect(cells.compactMap { $0["data-day"] }.sorted() == report.days.keys.map(\.description).sorted())
        for cell in cells {
            let summary = try #require(report.days.first { $0.key.description == cell["data-day"] }?.value)
            #expect(cell.number("data-value") == summary.maxIntensity)
            #expect(cell.classes.contains("s\(ChartStyle.heatStep(summary.maxIntensity ?? 0))"))
            #expect((cell["data-med"] == "1") == !summary.classes.isEmpty)
        }
        #expect(cells.first { $0["data-day"] == "2024-03-05" }?.classes.contains("s3") == true)
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
        #expect(tree.nodes.filter { $0.name == "rect" && $0["data-day"] != nil }.count == report.days.count)
    }
}
