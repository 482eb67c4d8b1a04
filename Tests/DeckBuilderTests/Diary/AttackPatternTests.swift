import Foundation
import Testing
@testable import DeckBuilder

@Suite("Attack durations and times of day")
struct AttackPatternTests {
    static let diary = """
        start,end,intensity
        2024-03-01T02:00,2024-03-01T02:30,5
        2024-03-02T07:00,2024-03-02T09:00,5
        2024-03-03T13:00,2024-03-03T18:00,6
        2024-03-05T23:00,2024-03-09T08:00,8
        2024-03-12,2024-03-12,4
        2024-03-15T19:00,,7

        """

    func report(_ text: String) throws -> DiaryReport {
        DiaryStats().report(try DiaryReader().read(text, path: "d.csv", fileExtension: "csv"))
    }

    @Test("durations fall in ICHD-3's bands; only attacks with a written start time count by time of day")
    func bands() throws {
        let pattern = try report(Self.diary).overall.pattern
        // 30 min, 2 h, 5 h, 81 h; a date-only row has no duration, nor has the one still going.
        #expect(pattern.durations == [1, 1, 1, 0, 0, 1])
        // 02:00 night; 07:00 morning; 13:00 afternoon; 23:00 and 19:00 evening; the date-only row is left out.
        #expect(pattern.starts == [1, 1, 1, 2])
    }

    @Test("the page shows both tables with shares, and leaves them out when nothing gives the value")
    func page() throws {
        let html = DiaryReportPage(report: try report(Self.diary), name: nil, redactNotes: false).html()
        #expect(html.contains("How long attacks lasted (4 attacks with an end"))
        #expect(html.contains("<tr><th scope=\"row\">over 72 h<td>1<td>25%"))
        #expect(html.contains("When attacks began (5 attacks with a start time)"))
        #expect(html.contains("<tr><th scope=\"row\">evening (18–24)<td>2<td>40%"))
        let dateOnly = DiaryReportPage(report: try report("date,intensity\n2024-03-01,5\n2024-03-04,6\n"), name: nil,
                                       redactNotes: false).html()
        #expect(!dateOnly.contains("When attacks began"))
        #expect(!dateOnly.contains("How long attacks lasted"))
    }

    @Test("the JSON gives both spreads by band and part of the day")
    func json() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(DiaryReportJSON.text(of: try report(Self.diary)).utf8))
            as? [String: Any])
        let overall = try #require(object["overall"] as? [String: Any])
        let durations = try #require(overall["durations"] as? [[String: Any]])
        #expect(durations.map { $0["band"] as? String } == AttackPattern.durationBands.map(\.label))
        #expect(durations.map { $0["attacks"] as? Int } == [1, 1, 1, 0, 0, 1])
        let starts = try #require(overall["start_times"] as? [[String: Any]])
        #expect(starts.map { $0["attacks"] as? Int } == [1, 1, 1, 2])
    }
}
