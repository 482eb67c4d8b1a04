/// The medication groups the daily chart marks, each with its own marker shape and row under the bars.
enum MedicationGroup: CaseIterable {
    /// Migraine-specific drugs: triptans, ergots, gepants and ditans.
    case specific
    case simple
    /// Combination analgesics and opioids.
    case combination
    /// A drug in no class (an anti-sickness drug, say).
    case other

    /// The marker's class in the SVG, read back by tests and the page's browser check.
    var className: String {
        switch self {
        case .specific: "triptan"
        case .simple: "simple"
        case .combination: "combination"
        case .other: "other"
        }
    }

    var label: String {
        switch self {
        case .specific: "Triptan/ergot/gepant"
        case .simple: "Simple/NSAID"
        case .combination: "Combination/opioid"
        case .other: "Other drug"
        }
    }

    var marker: ChartMarker {
        switch self {
        case .specific: .triangle
        case .simple: .circle
        case .combination: .square
        case .other: .dot
        }
    }

    var colour: String {
        switch self {
        case .specific: "#c2410c"
        case .simple: "#1b7837"
        case .combination: "#6a3d9a"
        case .other: "#444"
        }
    }

    /// The groups a day's medication falls in, in chart order.
    static func groups(of day: DaySummary) -> [MedicationGroup] {
        allCases.filter { group in
            switch group {
            case .specific: !day.classes.isDisjoint(with: [.triptan, .ergot, .gepantDitan])
            case .simple: day.classes.contains(.simple)
            case .combination: !day.classes.isDisjoint(with: [.combination, .opioid])
            case .other: day.otherMedication
            }
        }
    }
}
