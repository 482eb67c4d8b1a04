/// One medication entry of an attack: `sumatriptan 50 mg`, or `sumatriptan 50 mg @ 2024-03-06T01:20` when taken later.
public struct MedicationDose: Sendable, Equatable {
    /// The entry as written, without its `@ time`.
    public var text: String
    /// The drug's name: the text before the dose, lowercased (`sumatriptan`, `paracetamol + codeine`).
    public var name: String
    /// When it was taken, if the entry says.
    public var takenAt: DiaryTime?
    /// The class it counts in; nil for none.
    public var medicationClass: MedicationClass?
    /// True when the table knew no part of the name.
    public var isUnknown: Bool
    /// How well it worked, when the diary says so for this drug alone (Migraine Buddy's `Somewhat Helpful Medication`
    /// column gives `somewhat helpful`); the attack's relief covers the rest.
    public var effect: String?

    /// `text` classified with `table`: names joined by `+` are one combination analgesic when any part is an
    /// acute drug, and count in no class otherwise.
    public init(text: String, takenAt: DiaryTime?, table: MedicationTable) {
        self.text = text
        self.takenAt = takenAt
        // Each part of `paracetamol 500 mg + codeine 30 mg` has its own dose, so names are taken part by part.
        let parts = text.split(separator: "+").map { Self.drugName(in: String($0)) }.filter { !$0.isEmpty }
        name = parts.joined(separator: " + ")
        if parts.count >= 2 {
            let lookups: [MedicationTable.Lookup] = parts.map(table.lookup)
            // A combination analgesic needs an analgesic in it: caffeine + magnesium is not one.
            let analgesic = lookups.contains { if case .acute = $0 { true } else { false } }
            medicationClass = analgesic ? .combination : nil
            isUnknown = lookups.allSatisfy { $0 == .unknown }
        } else {
            switch table.lookup(name) {
            case .acute(let kind):
                medicationClass = kind
                isUnknown = false
            case .noClass:
                medicationClass = nil
                isUnknown = false
            case .unknown:
                medicationClass = nil
                isUnknown = true
            }
        }
    }

    /// The words before the first one that starts with a digit, lowercased: `Sumatriptan 50 mg` → `sumatriptan`,
    /// `CoQ10 100 mg` → `coq10`; a leading count (`2 x ibuprofen 200 mg`) is passed over.
    static func drugName(in text: String) -> String {
        var words = text.lowercased().split(whereSeparator: \.isWhitespace)
        if words.first?.first?.isNumber == true {
            words = Array(words.drop { $0.first?.isNumber == true || $0 == "x" || $0 == "×" || $0 == "*" })
        }
        return words.prefix { !($0.first.map { $0.isASCII && $0.isNumber } ?? false) }.joined(separator: " ")
    }
}
