import Foundation

/// A diary file's rows of named cells, before any value is interpreted.
///
/// `read(_:fileExtension:columns:row:)` hands the rows over one at a time, so that a diary of a million rows is never
/// held as a table; `read(_:fileExtension:)` collects them, for a short file or a test.
public struct DiaryTable: Sendable {
    /// One record: its line (the file's line it starts on, in CSV and JSON alike) and its cells
    /// by column name as written. A JSON array gives several values; everything else one.
    public struct Row: Sendable {
        public var line: Int
        public var cells: [String: [String]]
        /// CSV: how many cells the row has where it has not as many as the header (empty cells at the end aside).
        public var misfit: (cells: Int, header: Int)?

        public init(line: Int, cells: [String: [String]], misfit: (cells: Int, header: Int)? = nil) {
            self.line = line
            self.cells = cells
            self.misfit = misfit
        }
    }

    public var columns: [String]
    public var rows: [Row]

    /// Every row of CSV (RFC 4180) or JSON, chosen by `fileExtension`.
    public static func read(_ text: String, fileExtension: String) throws(DiaryValueError) -> DiaryTable {
        var table = DiaryTable(columns: [], rows: [])
        try read(text, fileExtension: fileExtension, columns: { table.columns = $0; return true }, row: { table.rows.append($0) })
        return table
    }

    /// Reads CSV or JSON, giving `columns` the column names first (when it returns false, no row is read) and then
    /// `row` each row in file order.
    public static func read(_ text: String, fileExtension: String, columns: ([String]) -> Bool, row: (Row) -> Void) throws(DiaryValueError) {
        if fileExtension.lowercased() == "json" {
            try json(text, columns: columns, row: row)
            return
        }
        var header: [String]?
        var tries = 0
        try csv(text, separator: separator(of: text)) { line, fields in
            guard let names = header else {
                // An export may put a title or notes above its header: the first record `columns` accepts is the header.
                let candidate = fields.map { $0.trimmingWhitespace }
                tries += 1
                if columns(candidate) { header = candidate }
                return header != nil || tries < preambleLimit
            }
            var cells = [String: [String]]()
            for (index, name) in names.enumerated() where index < fields.count && !name.isEmpty {
                cells[name] = [fields[index]]
            }
            // Empty cells after the last column are a spreadsheet's habit; a value there, or a cell too few, shifts cells.
            var count = fields.count
            while count > names.count, fields[count - 1].trimmingWhitespace.isEmpty { count -= 1 }
            row(Row(line: line, cells: cells, misfit: count == names.count ? nil : (count, names.count)))
            return true
        }
        if header == nil { _ = columns([]) }
    }

    /// RFC 4180, record by record: quoted fields may hold commas, quotes (doubled) and line breaks (`\n`, `\r\n` or
    /// `\r`); blank lines are no record. `record` gets each record's first line and fields, and stops the reading by
    /// returning false.
    /// How many records at the top of a CSV file may be looked at for its header.
    static let preambleLimit = 20

    /// The separator the header uses most: `,`, `;` (spreadsheets where the comma is the decimal mark) or a tab; the
    /// most any one of the first lines holds, since a title line above the header may hold none.
    static func separator(of text: String) -> UInt8 {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), maxSplits: preambleLimit, omittingEmptySubsequences: true)
            .prefix(preambleLimit)
        let candidates = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]
        let counts = candidates.map { mark in lines.map { line in line.count { $0 == mark } }.max() ?? 0 }
        guard let most = counts.max(), most > 0, let index = counts.firstIndex(of: most) else { return UInt8(ascii: ",") }
        return candidates[index]
    }

    static func csv(_ text: String, separator comma: UInt8 = UInt8(ascii: ","),
                    record: (_ line: Int, _ fields: [String]) -> Bool) throws(DiaryValueError) {
        var text = text
        // Bytes, not Characters: every mark is ASCII, and walking graphemes took a sixth of the time of reading a large diary.
        let unclosed: Int? = text.withUTF8 { bytes in
            let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
            var fields = [String]()
            var field = [UInt8]()
            var inQuotes = false, fieldWasQuoted = false
            var line = 1, recordLine = 1
            var index = 0
            /// Ends the field and, unless it was a blank line, the record; false when `record` asks to stop.
            func endRecord() -> Bool {
                fields.append(String(decoding: field, as: UTF8.self))
                let blank = fields.count == 1 && field.isEmpty && !fieldWasQuoted
                field.removeAll(keepingCapacity: true)
                fieldWasQuoted = false
                defer { fields.removeAll(keepingCapacity: true) }
                return blank || record(recordLine, fields)
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                // `\r\n` is one line break, as a lone `\r` or `\n` is.
                let lineBreak = byte == newline || byte == cr
                if byte == cr, index < bytes.count, bytes[index] == newline { index += 1 }
                if inQuotes {
                    if byte == quote {
                        if index < bytes.count, bytes[index] == quote {
                            field.append(quote)
                            index += 1
                        } else {
                            inQuotes = false
                        }
                    } else if lineBreak {
                        line += 1
                        field.append(newline)
                    } else {
                        field.append(byte)
                    }
                    continue
                }
                if byte == quote && field.isEmpty && !fieldWasQuoted {
                    inQuotes = true
                    fieldWasQuoted = true
                } else if byte == comma {
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                    fieldWasQuoted = false
                } else if lineBreak {
                    guard endRecord() else { return nil }
                    line += 1
                    recordLine = line
                } else {
                    field.append(byte)
                }
            }
            if inQuotes { return recordLine }
            if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { _ = endRecord() }
            return nil
        }
        if let unclosed { throw DiaryValueError("a quoted field opened on line \(unclosed) is never closed; expected a closing \"") }
    }

    /// An array of objects, or an object holding one under `attacks`, `entries`, `records`, `headaches` or `data`.
    /// The items are found by `JSONListScanner` and parsed one at a time, twice (once for the columns, once for the
    /// rows), so a diary of a million attacks needs no more memory than its text.
    static func json(_ text: String, columns: ([String]) -> Bool, row: (Row) -> Void) throws(DiaryValueError) {
        var text = text
        let outcome = text.withUTF8 { bytes in
            Result { () throws(DiaryValueError) in try json(bytes, columns: columns, row: row) }
        }
        try outcome.get()
    }

    private static func json(_ bytes: UnsafeBufferPointer<UInt8>, columns: ([String]) -> Bool, row: (Row) -> Void) throws(DiaryValueError) {
        let listKeys = ["attacks", "entries", "records", "headaches", "data"]
        guard let items = JSONListScanner.items(in: bytes, keys: listKeys) else {
            guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
                throw DiaryValueError("is not valid JSON; expected an array of attacks, one object each")
            }
            throw DiaryValueError("holds no list of attacks; expected an array of objects, or {\"attacks\": [...]}")
        }
        let parse = { (range: Range<Int>) throws(DiaryValueError) -> Any in
            guard let item = try? JSONSerialization.jsonObject(with: Data(UnsafeBufferPointer(rebasing: bytes[range])),
                                                              options: [.fragmentsAllowed]) else {
                throw DiaryValueError("is not valid JSON; expected an array of attacks, one object each")
            }
            return item
        }
        // Every key of every object is a column, known only once all are looked at; sorted within an object, whose
        // keys come in no fixed order, so that of two synonyms the same one is read every time.
        var names = [String]()
        var seen = Set<String>()
        for range in items {
            guard let object = try parse(range) as? [String: Any] else { continue }
            for key in object.keys.sorted() where seen.insert(key).inserted { names.append(key) }
        }
        guard columns(names) else { return }
        // Each object's line is the one it begins on, counted as the items come, so messages point into the file.
        var line = 1, counted = 0
        for range in items {
            line += bytes[counted..<range.lowerBound].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            counted = range.lowerBound
            let item = try parse(range)
            guard let object = item as? [String: Any] else {
                row(Row(line: line, cells: ["": ["\(item)"]]))
                continue
            }
            var cells = [String: [String]]()
            for (key, value) in object { cells[key] = Self.strings(value) }
            row(Row(line: line, cells: cells))
        }
    }

    private static func strings(_ value: Any) -> [String] {
        switch value {
        case let list as [Any]: return list.flatMap(strings)
        case let text as String: return [text]
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; on Linux their objCType is "c".
            if String(cString: number.objCType) == "c" { return [number.boolValue ? "true" : "false"] }
            return [number.stringValue]
        case is NSNull: return []
        case let object as [String: Any]:
            // A medication as {"name": "sumatriptan", "dose": "50 mg", "time": "…"} reads as `sumatriptan 50 mg @ time`.
            let name = (object["name"] ?? object["drug"] ?? object["medication"]).map { strings($0).joined(separator: " ") } ?? ""
            let dose = (object["dose"] ?? object["amount"]).map { strings($0).joined(separator: " ") } ?? ""
            let time = (object["time"] ?? object["taken_at"] ?? object["at"]).map { strings($0).joined(separator: " ") }
            let text = [name, dose].filter { !$0.isEmpty }.joined(separator: " ")
            return [time.map { "\(text) @ \($0)" } ?? text]
        default: return ["\(value)"]
        }
    }
}
