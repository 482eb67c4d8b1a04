import Foundation

/// A diary file read into rows of named cells, before any value is interpreted.
public struct DiaryTable: Sendable {
    /// One record: its line (CSV: the physical line it starts on; JSON: its position, from 1) and its cells
    /// by column name as written. A JSON array gives several values; everything else one.
    public struct Row: Sendable {
        public var line: Int
        public var cells: [String: [String]]
    }

    public var columns: [String]
    public var rows: [Row]

    /// Reads CSV (RFC 4180) or JSON, chosen by `fileExtension`.
    public static func read(_ text: String, fileExtension: String) throws(DiaryValueError) -> DiaryTable {
        fileExtension.lowercased() == "json" ? try json(text) : try csv(text)
    }

    /// RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks; a header row names the columns.
    static func csv(_ text: String) throws(DiaryValueError) -> DiaryTable {
        var records = [(line: Int, fields: [String])]()
        var fields = [String]()
        var field = ""
        var inQuotes = false, fieldWasQuoted = false
        var line = 1, recordLine = 1
        var characters = text.makeIterator()
        var pending: Character?
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) { records.append((recordLine, fields)) }
            fields = []
            field = ""
            fieldWasQuoted = false
        }
        while let character = pending ?? characters.next() {
            pending = nil
            if inQuotes {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
                } else {
                    if character == "\n" || character == "\r\n" || character == "\r" { line += 1; field.append("\n") } else { field.append(character) }
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\n", "\r\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(character)
            }
        }
        if inQuotes { throw DiaryValueError("a quoted field opened on line \(recordLine) is never closed; expected a closing \"") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        guard let header = records.first else { return DiaryTable(columns: [], rows: []) }
        let columns = header.fields.map { $0.trimmingWhitespace }
        let rows = records.dropFirst().map { record in
            var cells = [String: [String]]()
            for (index, name) in columns.enumerated() where index < record.fields.count && !name.isEmpty {
                cells[name] = [record.fields[index]]
            }
            return Row(line: record.line, cells: cells)
        }
        return DiaryTable(columns: columns, rows: rows)
    }

    /// An array of objects, or an object holding one under `attacks`, `entries`, `records`, `headaches` or `data`.
    static func json(_ text: String) throws(DiaryValueError) -> DiaryTable {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            throw DiaryValueError("is not valid JSON; expected an array of attacks, one object each")
        }
        var list = value as? [Any]
        if list == nil, let object = value as? [String: Any] {
            list = ["attacks", "entries", "records", "headaches", "data"].lazy.compactMap { object[$0] as? [Any] }.first
        }
        guard let list else {
            throw DiaryValueError("holds no list of attacks; expected an array of objects, or {\"attacks\": [...]}")
        }
        var columns = [String]()
        var rows = [Row]()
        for (index, item) in list.enumerated() {
            guard let object = item as? [String: Any] else {
                rows.append(Row(line: index + 1, cells: ["": ["\(item)"]]))
                continue
            }
            var cells = [String: [String]]()
            for (key, value) in object {
                if !columns.contains(key) { columns.append(key) }
                cells[key] = Self.strings(value)
            }
            rows.append(Row(line: index + 1, cells: cells))
        }
        return DiaryTable(columns: columns, rows: rows)
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
