import Foundation
import Testing
@testable import DeckBuilder

@Suite("Chart documents")
struct ChartDocumentTests {
    static var charts: [String] {
        let report = ChartFixtures.spring2024
        return [DiaryCharts.monthly(report), DiaryCharts.calendar(report)]
            + report.months.map { DiaryCharts.daily(report, month: $0.month) }
    }

    @Test("every chart is well-formed SVG with role img, a title and a description it is labelled by")
    func accessible() throws {
        let empty = ChartFixtures.report([])
        for svg in Self.charts + [DiaryCharts.monthly(empty), DiaryCharts.calendar(empty),
                                  DiaryCharts.daily(empty, month: CalendarMonth(year: 2024, month: 1))] {
            let tree = try SVGTree(svg)
            #expect(tree.root.name == "svg")
            #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" role="img""#))
            let labels = try #require(tree.root["aria-labelledby"]).split(separator: " ").map(String.init)
            #expect(labels.count == 2)
            let title = try #require(tree.nodes.first { $0.name == "title" })
            let desc = try #require(tree.nodes.first { $0.name == "desc" })
            #expect(title["id"] == labels[0] && desc["id"] == labels[1])
            #expect(!title.text.isEmpty && !desc.text.isEmpty)
            #expect(tree.root["viewBox"]?.hasPrefix("0 0 720 ") == true)
            #expect(tree.root["font-family"]?.contains("sans-serif") == true)
        }
    }

    @Test("no script, no style, no references outside the chart itself")
    func selfContained() throws {
        for svg in Self.charts {
            let tree = try SVGTree(svg)
            let ids = Set(tree.nodes.compactMap { $0["id"] })
            #expect(!svg.contains("<script") && !svg.contains("<style") && !svg.contains("xlink"))
            // A `<use>` draws a path of the same chart again; nothing else is referenced.
            for node in tree.nodes {
                guard let target = node["href"] else { continue }
                #expect(node.name == "use" && target.hasPrefix("#") && ids.contains(String(target.dropFirst())), "\(target)")
            }
            #expect(!tree.nodes.contains { $0.attributes.keys.contains { $0.hasPrefix("on") } })
            // Every url(#…) names a pattern defined in the same chart.
            for node in tree.nodes {
                for value in node.attributes.values where value.hasPrefix("url(") {
                    #expect(value.hasPrefix("url(#") && ids.contains(String(value.dropFirst(5).dropLast())), "\(value)")
                }
            }
            #expect(!svg.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
        }
    }

    @Test("ids are unique across every chart of one report")
    func uniqueIDs() throws {
        let ids = try Self.charts.flatMap { try SVGTree($0).nodes.compactMap { $0["id"] } }
        #expect(ids.count == Set(ids).count)
        #expect(ids.count >= 3 * 3)
    }

    @Test("the same report gives the same bytes")
    func deterministic() {
        #expect(Self.charts == Self.charts)
        let again = ChartFixtures.spring2024
        #expect(DiaryCharts.monthly(again) == Self.charts[0])
    }

    @Test("text from the diary never reaches the SVG unescaped")
    func escaped() throws {
        let hostile = "<script>alert(1)</script> & \"quotes\""
        let report = ChartFixtures.report([
            ChartFixtures.attack(ChartFixtures.day(2024, 3, 2), intensity: 7, type: "migraine " + hostile,
                                 drugs: [hostile, "sumatriptan 50 mg"], triggers: [hostile]),
        ], path: hostile + ".csv")
        for svg in [DiaryCharts.monthly(report), DiaryCharts.calendar(report),
                    DiaryCharts.daily(report, month: CalendarMonth(year: 2024, month: 3))] {
            _ = try SVGTree(svg)
            #expect(!svg.contains("<script"))
        }
        var writer = SVGWriter()
        writer.element("text", ["data-x": hostile], text: hostile)
        #expect(writer.markup == "<text data-x=\"\(HTML.escape(hostile))\">\(HTML.escape(hostile))</text>")
        #expect(try SVGTree("<svg>" + writer.markup + "</svg>").nodes[1].text == hostile)
    }

    @Test("a report with nothing in it says so in every chart")
    func empty() throws {
        let report = ChartFixtures.report([])
        #expect(report.period == nil)
        for svg in [DiaryCharts.monthly(report), DiaryCharts.calendar(report)] {
            #expect(try SVGTree(svg).nodes.contains { $0.name == "text" && $0.text == "No attacks recorded" })
            #expect(svg.utf8.count < 1000)
        }
        let march = DiaryCharts.daily(report, month: CalendarMonth(year: 2024, month: 3))
        #expect(try SVGTree(march).nodes.contains { $0.text == "No attacks recorded in March 2024" })
    }

    @Test("numbers are written with at most one decimal, whatever the locale", arguments: [
        (12.0, "12"), (6.5, "6.5"), (6.54, "6.5"), (6.56, "6.6"), (-0.3, "-0.3"), (-0.04, "0"), (0.05, "0.1"), (1e20, "0"),
    ])
    func numbers(_ value: Double, _ expected: String) {
        #expect(value.svg == expected)
    }
}
