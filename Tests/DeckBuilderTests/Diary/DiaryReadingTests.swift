import Testing
@testable import DeckBuilder

/// Diaries as patients' apps and spreadsheets write them: each is read with the right counts, or refused naming the
/// line and the problem — never read with confidence and wrong.
@Suite("Diary reading")
struct DiaryReadingTests {
    func read(_ text: String, fileExtension: String = "csv") throws(DiaryValueError) -> Diary {
        try DiaryReader().read(text, path: "d.\(fileExtension)", fileExtension: fileExtension)
    }

    func report(_ text: String) throws -> DiaryReport {
        DiaryStats(from: nil, to: nil).report(try read(text))
    }

    @Test("a duration column stands for the end: three short attacks are three headache days, not a month of them", arguments: [
        ("Duration", ["4h 15m", "06h 00m", "45 min"]), ("Lasted", ["4h", "1:30", "255 min"]), ("Duration (hours)", ["4.25", "6", "0,75"]),
    ])
    func durationColumn(_ column: String, _ values: [String]) throws {
        let report = try report("""
            start,\(column),intensity
            2024-03-01T08:00,\(values[0].contains(",") ? "\"\(values[0])\"" : values[0]),5
            2024-03-10T08:00,\(values[1].contains(",") ? "\"\(values[1])\"" : values[1]),5
            2024-03-27T08:00,\(values[2].contains(",") ? "\"\(values[2])\"" : values[2]),5
            """)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.overall.headacheDays == 3)
        #expect(report.months.count == 1)
    }

    @Test("durations are read to the minute; a bare number in a column that names no unit is refused")
    func durationForms() {
        #expect(DiaryDuration.seconds("4h 15m", column: "Duration") == .success(15_300))
        #expect(DiaryDuration.seconds("06h 00m", column: "Lasted") == .success(21_600))
        #expect(DiaryDuration.seconds("255 min", column: "Duration") == .success(15_300))
        #expect(DiaryDuration.seconds("2 days", column: "Duration") == .success(172_800))
        #expect(DiaryDuration.seconds("4,25", column: "Duration (hours)") == .success(15_300))
        #expect(DiaryDuration.seconds("Ongoing", column: "Duration") == .success(nil))
        guard case .failure(let error) = DiaryDuration.seconds("4.25", column: "Duration") else {
            Issue.record("a bare number was read")
            return
        }
        #expect(error.message.contains("no unit"))
        #expect((try? DiaryDuration.seconds("40 days", column: "Duration").get()) == nil)
    }

    @Test("intensity words are read on the 0–10 scale, mild below the moderate pain ICHD-3 asks of a migraine")
    func intensityWords() throws {
        let diary = try read("start,end,intensity\n2024-03-01T08:00,2024-03-01T14:00,Mild\n2024-03-02T08:00,2024-03-02T14:00,moderate\n2024-03-03T08:00,2024-03-03T14:00,SEVERE\n")
        #expect(diary.attacks.map(\.intensity) == [3, 6, 9])
        let report = DiaryStats(from: nil, to: nil).report(diary)
        #expect(report.overall.migraineDays == 2)
    }

    @Test("the date order is settled once for the file: a day over 12 anywhere settles every row")
    func dateOrderFromTheFile() throws {
        let diary = try read("start,end,intensity\n05/03/2024 08:00,05/03/2024 10:00,5\n25/03/2024 08:00,25/03/2024 10:00,5\n")
        #expect(diary.attacks.map(\.start.day.description) == ["2024-03-05", "2024-03-25"])
        let dotted = try read("start,end,intensity\n05.03.24 08:00,05.03.24 10:00,5\n13.03.24 08:00,13.03.24 10:00,5\n")
        #expect(dotted.attacks.map(\.start.day.description) == ["2024-03-05", "2024-03-13"])
    }

    @Test("mixed orders, or an order no date settles, stop the reading with the lines and --date-format named")
    func dateOrderRefused() {
        #expect { try read("start,intensity\n13/02/2024,5\n02/13/2024,5\n") } throws: { error in
            (error as? DiaryValueError)?.message.contains("line 2") == true && (error as? DiaryValueError)?.message.contains("line 3") == true
        }
        #expect { try read("start,intensity\n05/03/2024,5\n06/03/2024,5\n") } throws: { error in
            (error as? DiaryValueError)?.message.contains("--date-format") == true
        }
    }

    @Test("semicolons with decimal commas, tabs and camelCase headers are read")
    func separatorsAndHeaders() throws {
        let semicolons = try read("Start;End;Intensity\n2024-03-01T08:00;2024-03-01T10:00;6,5\n")
        #expect(semicolons.attacks.map(\.intensity) == [6.5])
        let tabs = try read("start\tend\tintensity\n2024-03-01T08:00\t2024-03-01T10:00\t7\n")
        #expect(tabs.attacks.count == 1)
        let camel = try read("startTime,endTime,painLevel\n2024-03-01T08:00,2024-03-01T10:00,7\n")
        #expect(camel.attacks.count == 1)
    }

    @Test("a row with cells shifted by an unquoted comma, or a cell short, is skipped and named; trailing empty cells are not")
    func misfitRows() throws {
        let diary = try read("start,intensity,medication\n2024-03-01T08:00,6,paracetamol 1,000 mg\n2024-03-02T08:00,5\n2024-03-03T08:00,4,,,\n")
        #expect(diary.skipped.map(\.line) == [2, 3])
        #expect(diary.skipped.first?.problem.contains("4 cells where the header has 3") == true)
        #expect(diary.attacks.count == 1)
    }

    @Test("a row written twice is counted once, with a warning naming the first")
    func duplicateRows() throws {
        let diary = try read("start,end,intensity\n2024-03-01T08:00,2024-03-01T10:00,6\n2024-03-01T08:00,2024-03-01T10:00,6\n")
        #expect(diary.attacks.count == 1)
        #expect(diary.skipped.map(\.problem) == ["repeats line 2 cell for cell; counted once; expected each attack once"])
    }

    @Test("a diary with no row that can be read is an error, not an empty report")
    func noUsableRow() {
        #expect { try read("start,intensity\n2024-03-01T08:00,hurts a lot\n") } throws: { error in
            (error as? DiaryValueError)?.message.contains("no row that could be read") == true
        }
        #expect(throws: DiaryValueError.self) { try read("start,intensity\n") }
    }

    @Test("Migraine Buddy's medication columns by effect are medications; columns nothing reads are named")
    func migraineBuddyColumns() throws {
        let text = "Started,Lasted,Pain Level,Helpful Medication,Unhelpful Medication,Weather\n"
            + "2024-03-01T08:00,06h 00m,7,\"Sumatriptan, Ibuprofen\",Paracetamol,Rain\n"
        var attacks = [Attack]()
        let leftovers = try DiaryReader().read(text, fileExtension: "csv") { attacks.append($0) }
        #expect(attacks.first?.medications.map(\.name).sorted() == ["ibuprofen", "paracetamol", "sumatriptan"])
        #expect(leftovers.unusedColumns == ["Weather"])
        // Each drug keeps the effect its column gives it, and relief by drug counts those effects as written.
        let effects = Dictionary(uniqueKeysWithValues: (attacks.first?.medications ?? []).map { ($0.name, $0.effect) })
        #expect(effects == ["sumatriptan": "helpful", "ibuprofen": "helpful", "paracetamol": "unhelpful"])
        let second = "2024-03-09T08:00,2h 30m,5,,Sumatriptan,\n2024-03-12T08:00,1h,4,,,\n"
        let report = DiaryStats().report(try DiaryReader().read(text + second, path: "d.csv", fileExtension: "csv"))
        let sumatriptan = try #require(report.overall.relief.first { $0.medication == "sumatriptan" })
        #expect(sumatriptan.uses == 2)
        #expect(sumatriptan.relief == [NameCount(name: "helpful", count: 1), NameCount(name: "unhelpful", count: 1)])
        let page = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        #expect(page.contains("Sumatriptan (triptan, helpful)"))
    }
}

@Suite("Diary reading: exports")
struct DiaryExportReadingTests {
    @Test("a title and notes above the header are passed over to the header, and counted")
    func preambleLines() throws {
        let text = "Migraine Buddy export\nFrom 2024-03-01 to 2024-03-31\n\nStarted;Lasted;Pain Level\n2024-03-01T08:00;4h;7\n"
        var attacks = [Attack]()
        let leftovers = try DiaryReader().read(text, fileExtension: "csv") { attacks.append($0) }
        #expect(attacks.count == 1)
        #expect(leftovers.preamble == 2)
        #expect(attacks.first?.line == 5)
    }

    @Test("a file with no header in its first lines is refused, naming what the first line lacks")
    func noHeader() {
        #expect { try DiaryReader().read("when,how bad\n2024-03-01,5\n", path: "d.csv", fileExtension: "csv") } throws: { error in
            (error as? DiaryValueError)?.message.contains("no start (or date) or intensity column") == true
        }
    }
}

@Suite("Diary reading: dates astray")
struct DiaryStrayDateTests {
    @Test("a first or last date more than a year from the rest is named for a check; a gap inside the diary is not")
    func strayDates() throws {
        var attacks = [Attack]()
        let leftovers = try DiaryReader().read("""
            start,end,intensity
            2014-03-02T08:00,2014-03-02T10:00,5
            2024-03-01T08:00,2024-03-01T10:00,5
            2024-03-09T08:00,2024-03-09T10:00,5
            2024-03-15T08:00,2024-03-15T10:00,5
            2024-03-22T08:00,2024-03-22T10:00,5
            2024-03-30T08:00,2024-03-30T10:00,5
            2026-01-09T08:00,2026-01-09T10:00,5
            2026-01-20T08:00,2026-01-20T10:00,5
            """, fileExtension: "csv") { attacks.append($0) }
        #expect(leftovers.skipped.isEmpty)
        #expect(leftovers.doubtful.map(\.line) == [2])
        #expect(leftovers.doubtful.first?.problem.contains("more than a year from every other attack (the nearest is 2024-03-01)") == true)
        #expect(attacks.count == 8)
    }
}

@Suite("Diary reading: rows read but named")
struct DiaryDoubtTests {
    @Test("a start after today and an @ time far from its attack are counted as written, and named on the page and in the JSON")
    func doubts() throws {
        let reader = DiaryReader(plausible: PlausibleDates(today: CalendarDay(year: 2024, month: 3, day: 10)!))
        let text = "start,end,intensity,medication\n"
            + "2024-03-01T08:00,2024-03-01T12:00,6,sumatriptan 50 mg @ 2024-03-01T09:00\n"
            + "2024-03-02T08:00,2024-03-02T12:00,6,sumatriptan 50 mg @ 2024-02-03T09:00\n"
            + "2024-03-04T08:00,,6,ibuprofen 400 mg @ 2024-03-06T09:00\n"
            + "2024-03-05T08:00,,6,ibuprofen 400 mg @ 2024-03-09T09:00\n"
            + "2024-03-11T08:00,2024-03-11T10:00,5,\n"
            + "2024-03-20T08:00,2024-03-20T10:00,5,\n"
        var tally = DiaryTally(stats: DiaryStats())
        let leftovers = try reader.read(text, fileExtension: "csv") { tally.add($0) }
        #expect(leftovers.skipped.isEmpty)
        #expect(leftovers.doubtful.map(\.line) == [3, 5, 7])
        #expect(leftovers.doubtful[0].problem.contains("`sumatriptan 50 mg @ 2024-02-03 09:00` is more than a day from the attack"))
        #expect(leftovers.doubtful[1].column == "medication")
        #expect(leftovers.doubtful[2].problem == "2024-03-20 is after today, 2024-03-10; the row was read, so check the date")
        let report = tally.report(path: "d.csv", leftovers: leftovers)
        #expect(report.attacksRead == 6)
        #expect(report.days[CalendarDay(year: 2024, month: 2, day: 3)!]?.classes == [.triptan])
        let html = DiaryReportPage(report: report, name: nil, redactNotes: false).html()
        #expect(html.contains("Rows read that deserve a check"))
        #expect(html.contains("<tr><td>7<td>start<td>2024-03-20 is after today"))
        #expect(DiaryReportJSON.text(of: report).contains("\"doubtful_rows\""))
    }
}

@Suite("Diary reading: 0–3 scales")
struct DiaryScaleTests {
    func read(_ text: String) throws -> (attacks: [Attack], leftovers: DiaryReader.Leftovers) {
        var attacks = [Attack]()
        let leftovers = try DiaryReader().read(text, fileExtension: "csv") { attacks.append($0) }
        return (attacks, leftovers)
    }

    @Test("a column named 0-3 reads 1, 2, 3 as mild, moderate, severe (3, 6, 9), 0 as no pain; 4 is refused naming the scale")
    func namedScale() throws {
        for header in ["Pain (0-3)", "pain_0_3", "Severity (0–3)", "Pain level (0 to 3)"] {
            let (attacks, leftovers) = try read("start,\(header)\n2024-03-01T08:00,0\n2024-03-02T08:00,1\n2024-03-03T08:00,2\n2024-03-04T08:00,3\n2024-03-05T08:00,4\n")
            // The 0 with nothing else is a day without pain, not an attack.
            #expect(attacks.map(\.intensity) == [3, 6, 9], "\(header)")
            #expect(leftovers.skipped.first?.problem.contains("expected a number from 0 to 3 (the column's name says so)") == true, "\(header)")
            #expect(leftovers.unusedColumns.isEmpty && leftovers.fileDoubts.isEmpty)
        }
        #expect(try read("start,Pain (0-10)\n2024-03-01T08:00,7\n").attacks.map(\.intensity) == [7])
        #expect(try read("start,Pain (1-10)\n2024-03-01T08:00,7\n").attacks.map(\.intensity) == [7])
        #expect(try read("start,Pain (0-5)\n2024-03-01T08:00,4\n").attacks.map(\.intensity) == [8])
        #expect(try read("start,Severity (0-4)\n2024-03-01T08:00,4\n2024-03-02T08:00,1\n").attacks.map(\.intensity) == [10, 3])
    }

    @Test("a value written 2/3 is on a 0–3 scale in any column; whole numbers all from 0 to 3 read as 0–10 are named")
    func values() throws {
        #expect(try read("start,intensity\n2024-03-01T08:00,2/3\n2024-03-02T08:00,7/10\n").attacks.map(\.intensity) == [6, 7])
        let low = "start,intensity\n" + (1...6).map { "2024-03-0\($0)T08:00,\($0 % 4)\n" }.joined()
        let doubts = try read(low).leftovers.fileDoubts
        #expect(doubts.count == 1)
        #expect(doubts.first?.contains("every intensity in `intensity` is a whole number from 0 to 3") == true)
        #expect(doubts.first?.contains("a column named `intensity (0-3)`") == true)
        // Four rows say too little; a 6 among them says 0–10.
        #expect(try read("start,intensity\n2024-03-01T08:00,1\n2024-03-02T08:00,2\n").leftovers.fileDoubts.isEmpty)
        #expect(try read(low + "2024-03-09T08:00,6\n").leftovers.fileDoubts.isEmpty)
    }
}

@Suite("Diary reading: Bearable's long format")
struct LongFormatDiaryTests {
    static let export = """
        date,weekday,time of day,category,rating/amount,detail,notes
        "8th Dec 2021","Wednesday","am","Symptom","2","Headache (Moderate)",""
        "8th Dec 2021","Wednesday","pm","Symptom","3","Headache (Severe)","Bad afternoon"
        "8th Dec 2021","Wednesday","pm","Symptom","1","Nausea (Mild)",""
        "8th Dec 2021","Wednesday","pm","Meds/Supplements","1","Sumatriptan 50mg",""
        "8th Dec 2021","Wednesday","am","Mood","4","",""
        "9th Dec 2021","Thursday","mid","Meds/Supplements","2","Ibuprofen 400mg",""
        "10th Dec 2021","Friday","pre","Symptom","4","Migraine (Unbearable)",""
        "11th Dec 2021","Saturday","am","Symptom","0","Headache (None)",""
        "12th Dec 2021","Sunday","am","Symptom","","Migraine (Mild)",""
        "13th Dec 2021","Monday","am","Symptom","7","Headache (Severe)",""
        "31st Dec 2021","Friday","am","Mood","3","",""

        """

    @Test("a day with a headache or migraine rated is one attack, at the day's highest rating on 0–4; medication without one still makes a medication day")
    func days() throws {
        var attacks = [Attack]()
        let leftovers = try DiaryReader().read(Self.export, fileExtension: "csv") { attacks.append($0) }
        let headaches = attacks.filter { !$0.medicationOnly }
        #expect(headaches.map(\.start.day.description) == ["2021-12-08", "2021-12-10", "2021-12-12"])
        #expect(headaches.map(\.intensity) == [9, 10, 3])
        #expect(headaches.map(\.type) == ["headache", "migraine", "migraine"])
        #expect(headaches.first?.medications.map(\.name) == ["sumatriptan"])
        #expect(headaches.first?.symptoms == ["Nausea"])
        #expect(headaches.first?.note == "Bad afternoon")
        #expect(headaches.allSatisfy { !$0.startHasClock && $0.end?.description == "\($0.start.day.adding(days: 1)) 00:00" })
        #expect(attacks.filter(\.medicationOnly).map(\.start.day.description) == ["2021-12-09"])
        #expect(leftovers.skipped.map(\.line) == [11])
        #expect(leftovers.skipped.first?.problem.contains("expected 0 to 4") == true)
        #expect(leftovers.unusedColumns == ["weekday", "time of day", "Mood readings (2)"])

        let report = DiaryStats().report(try DiaryReader().read(Self.export, path: "b.csv", fileExtension: "csv"))
        #expect(report.overall.attacks == 3)
        #expect(report.overall.headacheDays == 3)
        #expect(report.overall.migraineDays == 2)
        #expect(report.overall.medicationDays == [.triptan: 1, .simple: 1])
        #expect(report.period == CalendarDay(year: 2021, month: 12, day: 8)!...CalendarDay(year: 2021, month: 12, day: 12)!)
    }

    @Test("a Bearable file is a diary to the build's detection, and one with no headache rated is an error")
    func detection() throws {
        #expect(DiaryColumns(["date", "weekday", "time of day", "category", "rating/amount", "detail", "notes"]).missing == nil)
        #expect(throws: DiaryValueError.self) {
            try DiaryReader().read("date,category,rating/amount,detail\n8th Dec 2021,Mood,3,\n", path: "b.csv", fileExtension: "csv")
        }
    }
}

@Suite("Diary reading: several drugs in one cell")
struct MedicationCellTests {
    func doses(_ cell: String) throws -> [MedicationDose] {
        var attacks = [Attack]()
        _ = try DiaryReader().read("start,end,intensity,medication\n2024-03-01T08:00,2024-03-01T10:00,5,\"\(cell)\"\n", fileExtension: "csv") {
            attacks.append($0)
        }
        return try #require(attacks.first).medications
    }

    @Test("commas, and, & and then part drugs; a comma inside a number does not; none is no drug")
    func parting() throws {
        for cell in ["ibuprofen 400mg, sumatriptan 50mg", "ibuprofen and sumatriptan", "ibuprofen & sumatriptan",
                     "ibuprofen 400 mg then sumatriptan 50 mg", "ibuprofen / sumatriptan"] {
            #expect(try doses(cell).map(\.medicationClass) == [.simple, .triptan], "\(cell)")
        }
        #expect(try doses("paracetamol 1,000 mg").map(\.name) == ["paracetamol"])
        for nothing in ["none", "no meds", "-", "N/A"] { #expect(try doses(nothing).isEmpty, "\(nothing)") }
    }

    @Test("a triptan or ergot joined to an analgesic counts in each class; an analgesic join is a combination")
    func joins() throws {
        #expect(try doses("sumatriptan 85 mg + naproxen 500 mg").map(\.medicationClass) == [.triptan, .simple])
        #expect(try doses("ergotamine + caffeine").map(\.medicationClass) == [.ergot, nil])
        #expect(try doses("Treximet").map(\.medicationClass) == [.triptan])
        for combination in ["paracetamol/codeine", "ibuprofen/codeine 200/12.8mg", "codeine + paracetamol", "Tylenol #3", "Tylenol 3",
                            "Nurofen Plus", "Dafalgan Codeine"] {
            #expect(try doses(combination).map(\.medicationClass) == [.combination], "\(combination)")
        }
        #expect(try doses("ibuprofen 200/400 mg").map(\.medicationClass) == [.simple])
    }

    @Test("a dose in brackets or a count ends the drug's name")
    func names() throws {
        #expect(try doses("sumatriptan (50mg)").map(\.name) == ["sumatriptan"])
        #expect(try doses("paracetamol (500mg) x2").map(\.name) == ["paracetamol"])
    }
}

@Suite("Diary reading: daily diaries")
struct DailyDiaryTests {
    @Test("a row at intensity 0 with nothing else is a day without pain: no attack, but the diary was kept that day")
    func painFreeDays() throws {
        let text = "Date,Headache (Y/N),Severity (0-10),Medication taken\n01/09/2024,N,0,\n02/09/2024,N,0,\n04/09/2024,Y,6,ibuprofen\n"
            + "05/09/2024,N,0,\n30/09/2024,N,0,\n"
        let report = DiaryStats().report(try DiaryReader().read(text, path: "d.csv", fileExtension: "csv"))
        #expect(report.attacksRead == 1)
        #expect(report.period == CalendarDay(year: 2024, month: 9, day: 1)!...CalendarDay(year: 2024, month: 9, day: 30)!)
        #expect(report.months.first?.anyMedicationDays == 1 && report.months.first?.headacheDays == 1)
        // An aura alone is written with its type, and stays an attack.
        let aura = DiaryStats().report(try DiaryReader().read("start,intensity,type\n2024-03-01T08:00,0,aura\n", path: "d.csv", fileExtension: "csv"))
        #expect(aura.attacksRead == 1 && aura.overall.headacheDays == 0)
    }
}
