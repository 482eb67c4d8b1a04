/// The acute-medication classes ICHD-3 counts days of, for medication overuse.
public enum MedicationClass: String, Sendable, CaseIterable, Comparable {
    case triptan
    case ergot
    case opioid
    /// Combination analgesics: several drugs in one dose (paracetamol + codeine, aspirin + caffeine…).
    case combination
    /// Simple analgesics and NSAIDs.
    case simple
    case gepantDitan = "gepant_ditan"

    /// Days in a month at which ICHD-3 speaks of overuse of this class.
    public var overuseDays: Int { self == .simple ? 15 : 10 }

    /// As a heading says it.
    public var title: String {
        switch self {
        case .triptan: "Triptans"
        case .ergot: "Ergots"
        case .opioid: "Opioids"
        case .combination: "Combination analgesics"
        case .simple: "Simple analgesics and NSAIDs"
        case .gepantDitan: "Gepants and ditans"
        }
    }

    public static func < (lhs: MedicationClass, rhs: MedicationClass) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What a drug name is: an acute medication of a class, or one that counts in no class (anti-sickness drugs,
/// supplements, preventives), by generic and common brand names.
public struct MedicationTable: Sendable {
    /// Lowercased name → its class, nil for a known drug in no class.
    private(set) var names: [String: MedicationClass?]

    /// The built-in table.
    public init() {
        var names = [String: MedicationClass?]()
        for (kind, list) in Self.builtIn {
            for name in list { names[name] = kind }
        }
        self.names = names
    }

    /// Adds or replaces `name` (from the settings); nil puts it in no class.
    public mutating func set(_ name: String, to kind: MedicationClass?) {
        names[Self.normalised(name)] = .some(kind)
    }

    /// What the table knows of one drug name.
    public enum Lookup: Sendable, Equatable {
        case acute(MedicationClass)
        /// A known drug that is not an acute headache medication.
        case noClass
        case unknown
    }

    /// The class of `name` (an entry's text before its dose): the longest table name found in it as whole words.
    public func lookup(_ name: String) -> Lookup {
        // Runs of up to four words, longest first, looked up directly: a diary has thousands of doses.
        let words = Self.normalised(name).split(separator: " ")
        var best: (length: Int, kind: MedicationClass?)?
        for length in stride(from: min(4, words.count), through: 1, by: -1) {
            for start in 0...(words.count - length) {
                let phrase = words[start..<(start + length)].joined(separator: " ")
                if let kind = names[phrase], phrase.count > (best?.length ?? 0) { best = (phrase.count, kind) }
            }
            if best != nil { break }
        }
        guard let best else { return .unknown }
        return best.kind.map(Lookup.acute) ?? .noClass
    }

    /// Lowercased, with anything but letters, digits and hyphens turned into single spaces.
    static func normalised(_ name: String) -> String {
        let mapped = name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : " " }
        return String(mapped).split(separator: " ").joined(separator: " ")
    }

    static let builtIn: [(MedicationClass?, [String])] = [
        (.triptan, ["sumatriptan", "rizatriptan", "zolmitriptan", "eletriptan", "naratriptan", "almotriptan", "frovatriptan",
                    "imitrex", "imigran", "maxalt", "zomig", "relpax", "naramig", "amerge", "axert", "almogran", "frova", "migard",
                    // Sumatriptan with naproxen: a triptan in any formulation counts as one (ICHD-3 8.2.2).
                    "treximet"]),
        (.ergot, ["ergotamine", "dihydroergotamine", "dhe", "migranal", "trudhesa", "cafergot"]),
        (.opioid, ["codeine", "dihydrocodeine", "tramadol", "tapentadol", "oxycodone", "hydrocodone", "morphine", "hydromorphone",
                   "fentanyl", "buprenorphine", "pethidine", "meperidine", "butorphanol"]),
        (.simple, ["paracetamol", "acetaminophen", "tylenol", "panadol", "ibuprofen", "advil", "nurofen", "motrin", "naproxen",
                   "aleve", "naprosyn", "aspirin", "acetylsalicylic acid", "asa", "diclofenac", "voltaren", "ketoprofen",
                   "dexketoprofen", "metamizole", "dipyrone", "celecoxib", "etoricoxib", "ketorolac", "mefenamic acid",
                   "indomethacin", "tolfenamic acid", "flurbiprofen"]),
        (.gepantDitan, ["rimegepant", "ubrogepant", "zavegepant", "nurtec", "ubrelvy", "zavzpret", "lasmiditan", "reyvow"]),
        (.combination, ["excedrin", "co-codamol", "co-dydramol", "solpadeine", "migraleve", "fioricet", "fiorinal",
                        "panadol extra", "anadin extra", "syndol", "tylenol with codeine", "butalbital", "tylenol 2", "tylenol 3",
                        "tylenol 4", "nurofen plus", "solpadol", "dafalgan codeine", "efferalgan codeine", "co-codaprin"]),
        (nil, ["metoclopramide", "domperidone", "prochlorperazine", "ondansetron", "promethazine", "cyclizine", "magnesium",
               "riboflavin", "coenzyme q10", "coq10", "feverfew", "butterbur", "melatonin", "topiramate", "propranolol",
               "metoprolol", "amitriptyline", "nortriptyline", "candesartan", "valproate", "flunarizine", "venlafaxine",
               "erenumab", "fremanezumab", "galcanezumab", "eptinezumab", "atogepant", "onabotulinumtoxina", "botox", "caffeine",
               "aimovig", "ajovy", "emgality", "vyepti", "qulipta", "vitamin b2", "ginger"]),
    ]
}
