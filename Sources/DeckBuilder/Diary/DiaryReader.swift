/// Reads a diary file's rows into attacks, skipping (and listing) rows that cannot be trusted.
public struct DiaryReader: Sendable {
    public var dates: DiaryDateParser
    public var medications: MedicationTable
    /// Dates outside it make a row skipped.
    public var plausible: PlausibleDates

    public init(dateFormat: DiaryDateFormat? = nil, medications: MedicationTable = MedicationTable(),
                plausible: PlausibleDates = .now()) {
        dates = DiaryDateParser(format: dateFormat)
        self.medications = medications
        self.plausible = plausible
    }

    /// What reading a diary leaves besides its attacks.
    public struct Leftovers: Sendable, Equatable {
        /// The rows that could not be read, in file order.
        public var skipped: [SkippedRow] = []
        /// Names that count in no class because the table does not know them, sorted.
        public var unknownMedications: [String] = []
        /// Columns no value is read from, as written, in file order.
        public var unusedColumns: [String] = []
        /// Records above the header (a title, an export's notes), not read.
        public var preamble = 0
        /// Rows read and counted that still deserve a look, such as a date far from the rest.
        public var doubtful: [SkippedRow] = []
        /// First days of menstruation the diary's menstruation column gives.
        public var menstruationStarts: Set<CalendarDay> = []
        /// Days the diary was kept on with no attack: menstruation marked alone, a row of a daily diary saying no pain.
        public var recordedDays: Set<CalendarDay> = []
        /// What deserves a look in the file as a whole, such as a scale that looks like 0–3 read as 0–10.
        public var fileDoubts: [String] = []

        public init() {}
    }

    /// Reads `text` a row at a time, handing each attack to `take` as soon as it is read, so that no list of every
    /// row or attack is held; a file that is not a diary at all (no start or intensity column, broken JSON) throws.
    public func read(_ text: String, fileExtension: String, take: (Attack) -> Void) throws(DiaryValueError) -> Leftovers {
        if text.allSatisfy(\.isWhitespace) { throw DiaryValueError("is empty; expected a header row naming start and intensity, then a row per attack") }
        var reader = self
        // The order of `05/03/2024` is settled once for the whole file, never guessed row by row.
        if reader.dates.format == nil { reader.dates.format = try DiaryDateOrder.of(text, fileExtension: fileExtension) }
        var columns: DiaryColumns?
        var first: DiaryColumns?
        var leftovers = Leftovers()
        var unknown = Set<String>()
        var read = 0
        var headers = 0
        // Whether every intensity is a whole number from 0 to 3: a 0–3 scale, likely, read as 0–10.
        var lowWholeNumbers = true
        // Bearable's readings, gathered by day: its attacks are known only once every row is read.
        var longFormat = LongFormatDiary()
        // A row written twice (an export run twice, a paste) is counted once: its cells' digest, and the line it was first on.
        var firstLines = [Int: Int]()
        // Each read attack's line and day, for the strays found once every day is known: 16 bytes a row, not a second reading.
        var readDays = [(line: Int, day: CalendarDay)]()
        try DiaryTable.read(text, fileExtension: fileExtension, columns: { names in
            headers += 1
            columns = DiaryColumns(names)
            if first == nil { first = columns }
            return columns?.missing == nil
        }, row: { row in
            guard let columns else { return }
            if let misfit = row.misfit {
                leftovers.skipped.append(SkippedRow(line: row.line, column: "row", problem:
                    "has \(misfit.cells) cells where the header has \(misfit.header), so its values may sit under the wrong columns; expected one cell per column (a value holding the separator needs quotes)"))
                return
            }
            let digest = row.cells.sorted { $0.key < $1.key }.map { "\($0.key)\u{1}\($0.value.joined(separator: "\u{2}"))" }
                .joined(separator: "\u{3}").hashValue
            if let first = firstLines[digest] {
                leftovers.skipped.append(SkippedRow(line: row.line, column: "row", problem:
                    "repeats line \(first) cell for cell; counted once; expected each attack once"))
                return
            }
            firstLines[digest] = row.line
            if columns.isLongFormat {
                if let problem = longFormat.add(row, columns: columns, dates: reader.dates) { leftovers.skipped.append(problem) }
                return
            }
            if columns.names[.menstruation] != nil {
                switch reader.menstruationStart(in: row, columns: columns) {
                case .success(let marked?):
                    leftovers.menstruationStarts.insert(marked.first)
                    leftovers.recordedDays.insert(marked.day)
                    // A row marking menstruation alone, with no pain written, is no attack.
                    if columns.text(.intensity, in: row) == nil { return }
                case .success(nil): break
                case .failure(let problem): leftovers.doubtful.append(problem)
                }
            }
            switch reader.attack(from: row, columns: columns) {
            case .success(let attack):
                leftovers.doubtful += reader.doubts(about: attack, columns: columns)
                readDays.append((row.line, attack.start.day))
                for dose in attack.medications where dose.isUnknown { unknown.insert(dose.name) }
                read += 1
                if attack.intensity > 3 || attack.intensity.rounded() != attack.intensity { lowWholeNumbers = false }
                if attack.isPainFreeDay {
                    // A daily diary's row saying no pain: the diary was kept that day, and nothing happened.
                    leftovers.recordedDays.insert(attack.start.day)
                    return
                }
                take(attack)
            case .failure(let problem):
                leftovers.skipped.append(problem)
            }
        })
        guard let columns, columns.missing == nil else {
            // No header found: the first line's problem is the one to name.
            throw DiaryValueError((first ?? DiaryColumns([])).missing ?? "")
        }
        leftovers.preamble = headers - 1
        if columns.isLongFormat {
            for attack in longFormat.attacks(medications: reader.medications) {
                for dose in attack.medications where dose.isUnknown { unknown.insert(dose.name) }
                if !attack.medicationOnly { read += 1 }
                take(attack)
            }
        }
        if read == 0 {
            let why = leftovers.skipped.first.map { " (line \($0.line): \($0.column): \($0.problem))" } ?? ""
            throw DiaryValueError("has no row that could be read\(why); expected at least one attack")
        }
        if lowWholeNumbers, read >= 3, columns.intensityScale == 10, !columns.isLongFormat {
            leftovers.fileDoubts.append("every intensity in `\(columns.name(of: .intensity))` is a whole number from 0 to 3, read on a 0–10 scale, "
                + "where no attack is strong enough for a migraine day by intensity; expected 0–10, or, for a 0–3 scale (none, mild, moderate, severe), "
                + "a column named `\(columns.name(of: .intensity)) (0-3)`")
        }
        for (line, stray) in Self.strays(readDays) {
            // Counted, since a patient may truly have paused for a year, but named: it stretches every chart.
            leftovers.doubtful.append(SkippedRow(line: line, column: columns.name(of: .start), problem:
                "\(stray.day) is more than a year from every other attack (the nearest is \(stray.nearest)); the row was read, so check it is not a slip of the keyboard"))
        }
        leftovers.doubtful = Self.inFileOrder(leftovers.doubtful)
        leftovers.unknownMedications = unknown.sorted()
        leftovers.unusedColumns = columns.unused + longFormat.otherCategories.map { "\($0.name) readings (\($0.count))" }
        return leftovers
    }

    /// `rows` by line, a row's own in the order they were found.
    static func inFileOrder(_ rows: [SkippedRow]) -> [SkippedRow] {
        rows.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// The row of the first or last day when it lies more than a year, and ten times the usual gap, from every other
    /// row's (a year typed 2014 in a 2024 diary), by line, with the nearest other day; none in a diary of fewer than
    /// three days, where nothing says which is astray.
    static func strays(_ days: [(line: Int, day: CalendarDay)]) -> [Int: (day: CalendarDay, nearest: CalendarDay)] {
        guard days.count >= 3 else { return [:] }
        var rows = [Int: Int]()
        for (_, day) in days { rows[day.ordinal, default: 0] += 1 }
        let sorted = rows.keys.sorted()
        // Only the first or the last day can be astray, alone on its day and a year from the next: a gap inside a diary
        // is a patient who stopped writing for a while.
        var nearest = [Int: Int]()
        if sorted.count >= 3 {
            for (index, neighbour) in [(0, 1), (sorted.count - 1, sorted.count - 2)] where rows[sorted[index]] == 1 {
                nearest[sorted[index]] = sorted[neighbour]
            }
        }
        // Far for this diary: over a year, and over ten times its usual gap between days (a diary written every four
        // years has nothing astray).
        let gaps = zip(sorted.dropFirst(), sorted).map { $0 - $1 }.sorted()
        let far = max(366, 10 * (gaps.isEmpty ? 0 : gaps[gaps.count / 2]))
        var strays = [Int: (day: CalendarDay, nearest: CalendarDay)]()
        for (line, day) in days {
            guard let other = nearest[day.ordinal], abs(other - day.ordinal) > far else { continue }
            strays[line] = (day, CalendarDay(ordinal: other))
        }
        return strays
    }

    /// The diary in `text` with every attack in a list: for a short diary, or a test.
    public func read(_ text: String, path: String, fileExtension: String) throws(DiaryValueError) -> Diary {
        var attacks = [Attack]()
        let leftovers = try read(text, fileExtension: fileExtension) { attacks.append($0) }
        return Diary(path: path, attacks: attacks, leftovers: leftovers)
    }

    private func attack(from row: DiaryTable.Row, columns: DiaryColumns) -> Result<Attack, SkippedRow> {
        func fail(_ field: DiaryColumns.Field, _ message: String) -> Result<Attack, SkippedRow> {
            .failure(SkippedRow(line: row.line, column: columns.name(of: field), problem: message))
        }
        if row.cells.keys.contains("") { return fail(.start, "is not an object; expected one object per attack") }
        guard let (startField, startText, written) = writtenStart(in: row, columns: columns) else {
            return fail(.start, "is empty; expected when the attack started, such as 2024-03-05T14:30")
        }
        let start: DiaryTime, startHasClock: Bool
        switch written {
        case .success(let parsed): (start, startHasClock) = (parsed.time, parsed.hasTime)
        case .failure(let error): return fail(startField, error.message)
        }
        var end: DiaryTime?
        // Whether the end is a time (written, or the start plus a duration), not a day: else the duration is unknown.
        var endIsTime = false
        if columns.text(.end, in: row) == nil, let lasted = columns.text(.duration, in: row) {
            switch DiaryDuration.seconds(lasted, column: columns.name(of: .duration)) {
            case .success(let seconds):
                end = seconds.map { start.adding(seconds: $0) }
                endIsTime = true
            case .failure(let error):
                return fail(.duration, error.message)
            }
        }
        if let endText = columns.text(.end, in: row) {
            switch moment(endText, clock: nil, date: columns.text(.date, in: row) ?? (startField == .date ? startText : nil), after: start) {
            case .success(let parsed):
                // A date alone for the end means the attack lasted through that day.
                end = parsed.hasTime ? parsed.time : DiaryTime.midnight(parsed.time.day.adding(days: 1))
                endIsTime = parsed.hasTime && startHasClock
            case .failure(let error):
                return fail(.end, error.message)
            }
            if let end, end.seconds(since: start) < 0 {
                return fail(.end, "\(end) is before the start, \(start); expected an end after the start")
            }
        }
        guard let intensityText = columns.text(.intensity, in: row) else {
            return fail(.intensity, "is empty; expected a number from 0 to 10")
        }
        guard let intensity = Self.intensity(intensityText, scale: columns.intensityScale) else {
            let top = Int(columns.intensityScale)
            let range = top == 10 ? "0 to 10" : "0 to \(top) (the column's name says so)"
            return fail(.intensity, "`\(intensityText)` is not an intensity; expected a number from \(range), or none, mild, moderate or severe")
        }
        var attack = Attack(line: row.line, start: start, end: end, intensity: intensity)
        attack.startHasClock = startHasClock
        attack.durationKnown = end == nil || endIsTime
        if end == nil, !startHasClock || (columns.names[.end] == nil && columns.names[.duration] == nil) {
            // A date alone with no end, or a diary with no end column at all: a headache day written down, not an
            // attack still going.
            attack.end = DiaryTime.midnight(start.day.adding(days: 1))
            attack.durationKnown = false
        }
        attack.type = columns.text(.type, in: row)
        attack.preventives = columns.list(.preventive, in: row)
        attack.triggers = columns.list(.triggers, in: row)
        attack.symptoms = columns.list(.symptoms, in: row)
        attack.aura = columns.text(.aura, in: row)
        attack.location = columns.text(.location, in: row)
        attack.place = columns.text(.place, in: row)
        attack.relief = columns.text(.relief, in: row)
        attack.note = columns.text(.note, in: row)
        for (entry, effect) in columns.medications(in: row, table: medications) {
            switch dose(entry, attackStart: start) {
            case .success(var dose):
                dose.effect = effect
                attack.medications.append(dose)
            case .failure(let error): return fail(.medication, error.message)
            }
        }
        return .success(attack)
    }

    /// A medication's `@` time more than a day before the attack or after its end (more than three days after its start
    /// when it has none) is likely a typing slip that moves a medication day; a start after today, one not yet come. Both are
    /// counted as written, and named.
    private func doubts(about attack: Attack, columns: DiaryColumns) -> [SkippedRow] {
        var doubts = [SkippedRow]()
        if let problem = plausible.future(attack.start.day) {
            doubts.append(SkippedRow(line: attack.line, column: columns.name(of: .start), problem: problem))
        }
        // An attack of more than a week is rarer than an end typed a month late (ICHD-3's status migrainosus is 72 hours).
        if let end = attack.end, attack.durationKnown, end.seconds(since: attack.start) > 7 * 86_400 {
            doubts.append(SkippedRow(line: attack.line, column: columns.name(of: .end), problem:
                "\(end) makes the attack last \(end.seconds(since: attack.start) / 86_400) days; the row was read, so check the end"))
        }
        // A day after the end, or three days after a start with no end.
        let latest = attack.end?.adding(seconds: 86_400) ?? attack.start.adding(seconds: 3 * 86_400)
        for dose in attack.medications {
            guard let taken = dose.takenAt,
                  taken.seconds(since: attack.start) < -86_400 || taken.seconds(since: latest) > 0 else { continue }
            doubts.append(SkippedRow(line: attack.line, column: columns.name(of: .medication), problem:
                "`\(dose.text) @ \(taken)` is more than a day from the attack (\(attack.start) to \(attack.end.map(\.description) ?? "no end")); the medication day was counted on \(taken.day), so check the time"))
        }
        return doubts
    }

    /// The first day of the bleed the row's menstruation column marks, its own day for a yes and n − 1 days before for
    /// day n; nil when the column is empty or says no; a problem (the mark alone not read) when it cannot be read.
    private func menstruationStart(in row: DiaryTable.Row, columns: DiaryColumns) -> Result<(first: CalendarDay, day: CalendarDay)?, SkippedRow> {
        guard let text = columns.text(.menstruation, in: row) else { return .success(nil) }
        let column = columns.name(of: .menstruation)
        guard let day = MenstruationMark.dayOfBleed(text) else {
            return .failure(SkippedRow(line: row.line, column: column, problem:
                "`\(text)` is not a menstruation mark; expected yes or no, a day of the bleed (1 for the first) or a flow (light, medium, heavy); the mark was not read"))
        }
        guard day > 0, case .success(let parsed)? = writtenStart(in: row, columns: columns)?.moment else { return .success(nil) }
        return .success((parsed.time.day.adding(days: 1 - day), parsed.time.day))
    }

    /// The row's start: its start column, else its date column (with the time column), as written and as read; nil when
    /// both are empty.
    private func writtenStart(in row: DiaryTable.Row, columns: DiaryColumns)
        -> (field: DiaryColumns.Field, text: String, moment: Result<DiaryDateParser.Parsed, DiaryValueError>)? {
        let field: DiaryColumns.Field = columns.text(.start, in: row) != nil ? .start : .date
        guard let text = columns.text(field, in: row) else { return nil }
        return (field, text, moment(text, clock: columns.text(.time, in: row), date: columns.text(.date, in: row), after: nil))
    }

    /// A full date-time, or a clock time dated by the row's `date` column (the next day when it falls before `after`),
    /// on a plausible date.
    private func moment(_ text: String, clock: String?, date: String?, after earlier: DiaryTime?) -> Result<DiaryDateParser.Parsed, DiaryValueError> {
        let result = writtenMoment(text, clock: clock, date: date, after: earlier)
        if case .success(let parsed) = result, let problem = plausible.problem(with: parsed.time.day) {
            return .failure(DiaryValueError(problem))
        }
        return result
    }

    private func writtenMoment(_ text: String, clock: String?, date: String?, after earlier: DiaryTime?) -> Result<DiaryDateParser.Parsed, DiaryValueError> {
        let parsed = dates.parse(text)
        if case .failure = parsed, let date, case .success(let (second, offset)) = dates.parseClock(text) {
            // Only a clock time: it belongs to the row's date, or the next day when it falls before `earlier`.
            guard case .success(let day) = dates.parse(date) else { return dates.parse(date) }
            var time = DiaryTime(day: day.time.day, secondOfDay: second % 86_400, offset: offset)
            if second == 86_400 || (earlier.map { time < $0 } ?? false) { time.day = time.day.adding(days: 1) }
            return .success(DiaryDateParser.Parsed(time: time, hasTime: true))
        }
        guard let clock, case .success(let dated) = parsed, !dated.hasTime else { return parsed }
        guard case .success(let (second, offset)) = dates.parseClock(clock) else {
            return .failure(DiaryValueError("`\(clock)` is not a time; expected HH:MM such as 14:30"))
        }
        let time = second == 86_400 ? DiaryTime(day: dated.time.day.adding(days: 1), offset: offset)
                                    : DiaryTime(day: dated.time.day, secondOfDay: second, offset: offset)
        return .success(DiaryDateParser.Parsed(time: time, hasTime: true))
    }

    /// `sumatriptan 50 mg`, or `sumatriptan 50 mg @ 2024-03-06T01:20` (or `@ 01:20`, that night or the next morning).
    private func dose(_ entry: String, attackStart: DiaryTime) -> Result<MedicationDose, DiaryValueError> {
        guard let at = entry.lastIndex(of: "@") else { return .success(MedicationDose(text: entry, takenAt: nil, table: medications)) }
        let text = String(entry[..<at]).trimmingWhitespace
        let when = String(entry[entry.index(after: at)...]).trimmingWhitespace
        switch moment(when, clock: nil, date: attackStart.day.description, after: attackStart) {
        case .success(let parsed):
            return .success(MedicationDose(text: text, takenAt: parsed.time, table: medications))
        case .failure(let error):
            return .failure(DiaryValueError("`\(entry)`: the time after @ \(String(error.message.drop { $0 != " " }).trimmingWhitespace)"))
        }
    }

    /// Intensity words, on the 0–10 scale: mild stays below 4, where ICHD-3's moderate begins (the migraine-day rule).
    static let intensityWords: [String: Double] = [
        "none": 0, "no pain": 0, "mild": 3, "light": 3, "moderate": 6, "medium": 6, "severe": 9, "strong": 9,
        "very severe": 10, "extreme": 10, "worst": 10,
    ]

    /// A number from 0 to 10, written `7`, `7.5`, `7,5` or `7/10`, or one of `intensityWords`; on a 0–3 scale (a column
    /// named `Pain (0-3)`, or a value written `2/3`) 0, 1, 2 and 3 are none, mild, moderate and severe: 0, 3, 6 and 9,
    /// as the words read; a 0–4 scale adds unbearable, 10; a 0–5 one is doubled.
    static func intensity(_ text: String, scale: Double = 10) -> Double? {
        if let word = intensityWords[DiaryColumns.normalised(text)] { return word }
        var number = text.trimmingWhitespace.replacingOccurrences(of: ",", with: ".")
        var scale = scale
        for (suffix, top) in [("/10", 10.0), ("/5", 5), ("/4", 4), ("/3", 3)] where number.hasSuffix(suffix) {
            number = String(number.dropLast(suffix.count)).trimmingWhitespace
            scale = top
        }
        guard let value = Double(number), value.isFinite, (0...scale).contains(value) else { return nil }
        switch scale {
        case 3: return value * 3
        // 0–4 as Bearable's symptoms: none, mild, moderate, severe, unbearable, read as the words are.
        case 4: return value.rounded() == value ? LongFormatDiary.symptomScale[Int(value)] : value * 2.5
        case 5: return value * 2
        default: return value
        }
    }
}
