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
        let parts = MedicationEntries.joinParts(text).map(Self.drugName(in:)).filter { !$0.isEmpty }
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
        // Tylenol No. 2–4 name their codeine by a number, not a dose.
        if words.count >= 2, words[0] == "tylenol", ["2", "3", "4", "#2", "#3", "#4"].contains(words[1]) {
            return "tylenol " + words[1].filter(\.isNumber)
        }
        // A dose in brackets or a count (`(50mg)`, `x2`) ends the name as a dose does.
        return words.prefix { word in
            let first = word.first { $0 != "(" && $0 != "[" }
            return !(first.map { $0.isASCII && $0.isNumber } ?? false) && !(word.hasPrefix("x") && word.dropFirst().allSatisfy(\.isNumber) && word.count > 1)
        }.joined(separator: " ")
    }
}

/// How one medication cell is parted into the drugs taken.
enum MedicationEntries {
    /// Cells that say no drug was taken.
    static let nothing: Set<String> = ["none", "no", "no meds", "no medication", "nothing", "-", "–", "n/a", "na", "0"]
    /// Words between two drugs that mean both were taken.
    static let joiners = [" and ", " & ", " then ", " followed by "]

    /// The drugs of `cell`: parted at commas (not inside a number such as `1,000 mg`) and at `and`, `&` and `then`;
    /// a join by `+` or `/` stays one combination product unless it holds a triptan or an ergot, which count in their
    /// own class in any formulation (ICHD-3 8.2.1, 8.2.2), so each of its drugs is an entry of its own. A time after
    /// `@` goes with each part.
    static func split(_ cell: String, table: MedicationTable) -> [String] {
        var pieces = [String]()
        for piece in commaParts(cell) {
            var parts = [piece]
            for joiner in joiners {
                parts = parts.flatMap { $0.components(separatedBy: joiner) }
            }
            pieces += parts
        }
        return pieces.map(\.trimmingWhitespace).filter { !$0.isEmpty && !nothing.contains($0.lowercased()) }
            .flatMap { separateTriptans($0, table: table) }
    }

    /// `cell` parted at commas that are not between two digits.
    static func commaParts(_ cell: String) -> [String] {
        let characters = Array(cell)
        var parts = [String](), current = ""
        for (index, character) in characters.enumerated() {
            let between = index > 0 && index + 1 < characters.count && characters[index - 1].isNumber && characters[index + 1].isNumber
            if character == ",", !between {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return parts + [current]
    }

    /// A `+` or `/` join holding a triptan or an ergot as its parts, each with the entry's `@` time; else the entry.
    static func separateTriptans(_ entry: String, table: MedicationTable) -> [String] {
        let at = entry.lastIndex(of: "@")
        let text = at.map { String(entry[..<$0]) } ?? entry
        let time = at.map { " " + String(entry[$0...]) } ?? ""
        let parts = joinParts(text)
        guard parts.count >= 2, parts.contains(where: { part in
            if case .acute(let kind) = table.lookup(MedicationDose.drugName(in: part)), kind == .triptan || kind == .ergot { return true }
            return false
        }) else { return [entry] }
        return parts.map { $0.trimmingWhitespace + time }
    }

    /// The parts of `text` joined by `+`, or by `/` between two words (`paracetamol/codeine`, not `200/400 mg`).
    static func joinParts(_ text: String) -> [String] {
        let characters = Array(text)
        var parts = [String](), current = ""
        for (index, character) in characters.enumerated() {
            let before = characters[..<index].last { !$0.isWhitespace }
            let after = characters[(index + 1)...].first { !$0.isWhitespace }
            let slashJoin = character == "/" && (before?.isLetter ?? false) && (after?.isLetter ?? false)
            if character == "+" || slashJoin {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return (parts + [current]).filter { !$0.trimmingWhitespace.isEmpty }
    }
}
