import Testing
@testable import DeckBuilder

@Suite("Diary files")
struct DiaryTableTests {
    @Test("CSV: quoted commas, quotes, line breaks; records keep the line they start on")
    func csv() throws {
        let text = "start,intensity,note\r\n2024-03-01T10:00,5,\"a, \"\"quoted\"\"\nnote\"\r\n\r\n2024-03-02T10:00,6,plain\n"
        let table = try DiaryTable.read(text, fileExtension: "csv")
        #expect(table.columns == ["start", "intensity", "note"])
        #expect(table.rows.map(\.line) == [2, 5])
        #expect(table.rows[0].cells["note"] == ["a, \"quoted\"\nnote"])
    }

    @Test("JSON: a list, or one under attacks; arrays are multi-valued; medication objects read as text")
    func json() throws {
        let text = #"{"attacks": [{"start": "2024-03-01T10:00", "pain": 5, "drugs": ["sumatriptan 50 mg", {"name": "ibuprofen", "dose": "400 mg", "time": "2024-03-01T12:00"}]}]}"#
        let table = try DiaryTable.read(text, fileExtension: "json")
        #expect(table.rows.first?.cells["pain"] == ["5"])
        #expect(table.rows.first?.cells["drugs"] == ["sumatriptan 50 mg", "ibuprofen 400 mg @ 2024-03-01T12:00"])
        #expect(throws: DiaryValueError.self) { try DiaryTable.read("{\"a\": 1}", fileExtension: "json") }
    }

    @Test("columns by synonym and case; a separate date and clock times; end before start is the next day")
    func synonyms() throws {
        let text = "Date,Start Time,End_Time,Pain Level,Drugs\n2024-03-01,22:00,02:00,6,sumatriptan 50 mg @ 23:30\n"
        let diary = try DiaryReader().read(text, path: "d.csv", fileExtension: "csv")
        let attack = try #require(diary.attacks.first)
        #expect(attack.start.description == "2024-03-01 22:00")
        #expect(attack.end?.description == "2024-03-02 02:00")
        #expect(attack.medications.first?.takenAt?.description == "2024-03-01 23:30")
        #expect(attack.medications.first?.medicationClass == .triptan)
    }

    @Test("bad rows are skipped with line, column and what was expected; a file with no start or intensity is refused")
    func badRows() throws {
        let text = "start,end,intensity\n2024-03-01T10:00,2024-03-01T09:00,5\n2024-03-02T10:00,,11\n,,3\n2024-03-03T10:00,,4\n"
        let diary = try DiaryReader().read(text, path: "d.csv", fileExtension: "csv")
        #expect(diary.attacks.count == 1)
        #expect(diary.skipped.map(\.line) == [2, 3, 4])
        #expect(diary.skipped.map(\.column) == ["end", "intensity", "start"])
        #expect(diary.skipped[1].problem == "`11` is not an intensity; expected a number from 0 to 10")
        #expect(throws: DiaryValueError.self) { try DiaryReader().read("when,how bad\n", path: "d.csv", fileExtension: "csv") }
    }
}
