import Testing
@testable import DeckBuilder

@Suite("Diary dates")
struct DiaryDateParserTests {
    func time(_ text: String, _ format: DiaryDateFormat? = nil) -> String? {
        guard case .success(let parsed) = DiaryDateParser(format: format).parse(text) else { return nil }
        return parsed.time.description + (parsed.hasTime ? "" : " (date only)")
    }

    @Test("ISO 8601 with T or a space, seconds, fractions, Z and offsets; offsets kept as written", arguments: [
        ("2024-03-05", "2024-03-05 00:00 (date only)"),
        ("2024-03-05T14:30", "2024-03-05 14:30"),
        ("2024-03-05 14:30:59.123", "2024-03-05 14:30"),
        ("2024-03-05T23:30:00Z", "2024-03-05 23:30+00:00"),
        ("2024-03-05T23:30+01:00", "2024-03-05 23:30+01:00"),
        ("2024-03-05T23:30-0500", "2024-03-05 23:30-05:00"),
        ("2024-03-05T24:00", "2024-03-06 00:00"),
        ("2024-03-05 2:30 pm", "2024-03-05 14:30"),
    ])
    func iso(text: String, expected: String) {
        #expect(time(text) == expected)
    }

    @Test("slash dates need the format unless they prove their own order; never a guess")
    func slashes() {
        #expect(time("05/03/2024", .dayFirst) == "2024-03-05 00:00 (date only)")
        #expect(time("05/03/2024", .monthFirst) == "2024-05-03 00:00 (date only)")
        #expect(time("25/03/2024 08:15") == "2024-03-25 08:15")
        #expect(time("03/25/2024") == "2024-03-25 00:00 (date only)")
        guard case .failure(let error) = DiaryDateParser().parse("05/03/2024") else { Issue.record("guessed"); return }
        #expect(error.message.contains("could be read day-first or month-first"))
        #expect(time("31/02/2024", .dayFirst) == nil)
    }

    @Test("impossible dates and times are errors that say what was expected", arguments: [
        "2024-02-30", "2024-13-01", "yesterday", "2024-03-05T25:00", "2024-03-05T14:3", "2024-03-05 noon", "",
    ])
    func invalid(text: String) {
        #expect(time(text) == nil)
    }

    @Test("durations: elapsed time when both ends have offsets, the clock otherwise")
    func durations() throws {
        let parse = { (text: String) throws -> DiaryTime in
            guard case .success(let parsed) = DiaryDateParser().parse(text) else { throw DiaryValueError(text) }
            return parsed.time
        }
        // The clocks went back an hour at 03:00 (CEST → CET): 02:30+02:00 to 02:10+01:00 is 40 minutes.
        #expect(try parse("2024-10-27T02:10+01:00").seconds(since: try parse("2024-10-27T02:30+02:00")) == 40 * 60)
        #expect(try parse("2024-10-27T02:10").seconds(since: try parse("2024-10-27T01:30")) == 40 * 60)
        #expect(try parse("2024-03-31T04:00+02:00").seconds(since: try parse("2024-03-31T01:00+01:00")) == 2 * 3600)
    }
}
