/// The `diary:` block of `deckgen.yml`: how dates are written, drugs the built-in table lacks, the patient's name.
public struct DiarySettings: Sendable, Equatable {
    public var dateFormat: DiaryDateFormat?
    /// Extra drug names and their class (nil: a drug that counts in no class).
    public var medications: [String: MedicationClass?] = [:]
    /// Shown in the report's header.
    public var name: String?

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
            default:
                throw .error("unknown `diary` setting `\(key)`; expected date_format, medications or name", line: pair.key.line)
            }
        }
    }
}
