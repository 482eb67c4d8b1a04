/// The `diary:` block of `deckgen.yml`: how dates are written, drugs the built-in table lacks, the patient's name.
public struct DiarySettings: Sendable, Equatable {
    public var dateFormat: DiaryDateFormat?
    /// Extra drug names and their class (nil: a drug that counts in no class).
    public var medications: [String: MedicationClass?] = [:]
    /// Shown in the report's header.
    public var name: String?
    /// Preventive treatments with their dates.
    public var preventives: [PreventiveSetting] = []

    public init() {}

    /// The built-in medication table with this block's additions.
    public var medicationTable: MedicationTable {
        var table = MedicationTable()
        for (name, kind) in medications.sorted(by: { $0.key < $1.key }) { table.set(name, to: kind) }
        return table
    }

    /// Reads the block; problems are errors at their line.
    init(yaml: YAMLNode) throws(Diagnostic) {
        guard case .mapping(let pairs) = yaml.value else {
            throw .error("`diary` is \(yaml.kindName); expected settings such as `date_format: dd/mm/yyyy`", line: yaml.line)
        }
        for pair in pairs {
            let key = pair.key.text ?? ""
            switch key {
            case "date_format":
                let text = pair.value.text?.trimmingWhitespace.lowercased() ?? ""
                guard let format = DiaryDateFormat(rawValue: text) else {
                    throw .error("`date_format: \(text)` is unknown; expected dd/mm/yyyy or mm/dd/yyyy", line: pair.value.line)
                }
                dateFormat = format
            case "name":
                name = pair.value.text?.trimmingWhitespace
            case "medications":
                guard case .mapping(let drugs) = pair.value.value else {
                    throw .error("`medications` is \(pair.value.kindName); expected lines such as `mydrug: triptan`", line: pair.value.line)
                }
                for drug in drugs {
                    let name = drug.key.text ?? ""
                    let value = drug.value.text?.trimmingWhitespace.lowercased() ?? ""
                    if value == "none" {
                        medications[name] = .some(nil)
                    } else if let kind = MedicationClass(rawValue: value) {
                        medications[name] = kind
                    } else {
                        let classes = MedicationClass.allCases.map(\.rawValue).joined(separator: ", ")
                        throw .error("`\(name): \(value)` is not a class; expected one of \(classes), or none", line: drug.value.line)
                    }
                }
            case "preventives":
                preventives = try Self.preventives(pair.value)
            default:
                throw .error("unknown `diary` setting `\(key)`; expected date_format, medications, name or preventives", line: pair.key.line)
            }
        }
    }

    /// `preventives:` as a list of `name:`, `start:` and an optional `stop:`, dates as `2024-01-31`.
    static func preventives(_ yaml: YAMLNode) throws(Diagnostic) -> [PreventiveSetting] {
        let expected = "expected a list of entries such as `- name: topiramate` with `start: 2024-01-10` and, once stopped, `stop: 2024-07-01`"
        guard case .sequence(let items) = yaml.value else {
            throw .error("`preventives` is \(yaml.kindName); \(expected)", line: yaml.line)
        }
        var result = [PreventiveSetting]()
        for item in items {
            guard case .mapping(let pairs) = item.value else { throw .error("a preventive is \(item.kindName); \(expected)", line: item.line) }
            var name: String?, start: CalendarDay?, stop: CalendarDay?
            for pair in pairs {
                let text = pair.value.text?.trimmingWhitespace ?? ""
                switch pair.key.text ?? "" {
                case "name": name = text.isEmpty ? nil : text
                case "start": start = try day(text, line: pair.value.line)
                case "stop": stop = try day(text, line: pair.value.line)
                default: throw .error("unknown preventive setting `\(pair.key.text ?? "")`; expected name, start or stop", line: pair.key.line)
                }
            }
            guard let name, let start else { throw .error("a preventive needs a name and a start; \(expected)", line: item.line) }
            if let stop, stop < start { throw .error("`stop: \(stop)` is before `start: \(start)`; expected a stop after the start", line: item.line) }
            result.append(PreventiveSetting(name: name, start: start, stop: stop))
        }
        return result
    }

    static func day(_ text: String, line: Int) throws(Diagnostic) -> CalendarDay {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, let day = CalendarDay(year: parts[0], month: parts[1], day: parts[2]) else {
            throw .error("`\(text)` is not a date; expected YYYY-MM-DD such as 2024-01-10", line: line)
        }
        return day
    }
}
