import Testing
@testable import DeckBuilder

@Suite("Calendar days")
struct CalendarDayTests {
    @Test("ordinals round-trip across leap years, centuries and the epoch")
    func roundTrip() throws {
        for ordinal in stride(from: -700_000, through: 800_000, by: 997) {
            let day = CalendarDay(ordinal: ordinal)
            #expect(day.ordinal == ordinal)
            #expect(CalendarDay(year: day.year, month: day.month, day: day.day) == day)
        }
        #expect(CalendarDay(ordinal: 0).description == "1970-01-01")
        #expect(try #require(CalendarDay(year: 2024, month: 2, day: 29)).adding(days: 1).description == "2024-03-01")
        #expect(CalendarDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil && CalendarDay(year: 1900, month: 2, day: 29) == nil)
    }

    @Test("weekdays and months")
    func weekdays() throws {
        #expect(try #require(CalendarDay(year: 2024, month: 3, day: 4)).weekday == 0)  // a Monday
        #expect(try #require(CalendarDay(year: 2024, month: 3, day: 10)).weekday == 6)
        #expect(CalendarMonth.range(CalendarMonth(year: 2023, month: 11), through: CalendarMonth(year: 2024, month: 2)).map(\.description)
                == ["2023-11", "2023-12", "2024-01", "2024-02"])
        #expect(CalendarMonth(year: 2024, month: 2).length == 29)
    }
}
