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
        #expect(diary.skipped[1].problem == "`11` is not an intensity; expected a number from 0 to 10, or none, mild, moderate or severe")
        #expect(throws: DiaryValueError.self) { try DiaryReader().read("when,how bad\n", path: "d.csv", fileExtension: "csv") }
    }

    @Test("CSV line breaks of every kind, inside and outside quotes, count as one line each; UTF-8 fields stay whole")
    func lineBreaks() throws {
        let text = "start,intensity,note\r2024-03-01T10:00,5,\"a\r\nb\"\r\n2024-03-02T10:00,6,café 頭痛\n\n2024-03-03T10:00,7,\"\"\"q\"\"\""
        let table = try DiaryTable.read(text, fileExtension: "csv")
        #expect(table.rows.map(\.line) == [2, 4, 6])
        #expect(table.rows.map { $0.cells["note"] ?? [] } == [["a\nb"], ["café 頭痛"], ["\"q\""]])
        #expect(throws: DiaryValueError("a quoted field opened on line 2 is never closed; expected a closing \"")) {
            try DiaryTable.read("start,intensity\n\"2024,5\n", fileExtension: "csv")
        }
    }

    @Test("no row is read when no line is a diary's header, and a broken row further down does not hide a header")
    func headerOnly() throws {
        var rows = 0
        var headers = [[String]]()
        try DiaryTable.read("name,score\nAda,1\nBea,2\n", fileExtension: "csv", columns: { headers.append($0); return false }, row: { _ in rows += 1 })
        #expect(headers.first == ["name", "score"] && rows == 0)
        let folder = try TemporaryFolder(["broken.csv": "start,intensity\n2024-03-01T10:00,5\n\"never closed,6\n", "scores.csv": "name,score\n\"x,1\n"])
        #expect(DiaryReports.looksLikeDiary(folder.url.appendingPathComponent("broken.csv")))
        #expect(!DiaryReports.looksLikeDiary(folder.url.appendingPathComponent("scores.csv")))
    }

    @Test("JSON: of two synonyms for one value, the same one is read every time")
    func jsonSynonyms() throws {
        for _ in 0..<20 {
            let diary = try DiaryReader().read(#"[{"start": "2024-03-01T10:00", "pain": 3, "intensity": 7, "severity": 9}]"#, path: "d.json", fileExtension: "json")
            #expect(diary.attacks.first?.intensity == 7)
        }
    }
}
