import Testing
@testable import DeckBuilder

@Suite("Medication classes")
struct MedicationDoseTests {
    func kind(_ text: String) -> MedicationClass? {
        MedicationDose(text: text, takenAt: nil, table: MedicationTable()).medicationClass
    }

    @Test("generic and brand names by whole words, whatever the dose or case", arguments: [
        ("Sumatriptan succinate 50 mg", MedicationClass.triptan), ("Maxalt Melt 10mg", .triptan), ("DHE nasal spray", .ergot),
        ("Tramadol 50", .opioid), ("Nurofen Express 400 mg", .simple), ("acetylsalicylic acid 1000 mg", .simple),
        ("Nurtec ODT 75 mg", .gepantDitan), ("lasmiditan", .gepantDitan), ("2 x ibuprofen 200 mg", .simple),
    ])
    func classes(text: String, expected: MedicationClass) {
        #expect(kind(text) == expected)
    }

    @Test("drugs joined by + and combination products count as combination analgesics only")
    func combinations() {
        #expect(kind("paracetamol 500 mg + codeine 30 mg") == .combination)
        #expect(kind("sumatriptan 85 mg + naproxen 500 mg") == .combination)
        #expect(kind("aspirin + caffeine") == .combination)
        #expect(kind("Excedrin Migraine") == .combination)
        #expect(kind("Panadol Extra") == .combination)
        #expect(kind("Tylenol with codeine #3") == .combination)
        #expect(kind("magnesium + riboflavin") == nil)
        #expect(kind("caffeine + magnesium") == nil)
    }

    @Test("anti-sickness drugs, supplements and preventives count in no class; unknown names are marked")
    func noClass() {
        for text in ["metoclopramide 10 mg", "Magnesium 400", "topiramate 50 mg", "atogepant 60 mg", "Botox"] {
            let dose = MedicationDose(text: text, takenAt: nil, table: MedicationTable())
            #expect(dose.medicationClass == nil && !dose.isUnknown, "\(text)")
        }
        #expect(MedicationDose(text: "Zzzpill 5 mg", takenAt: nil, table: MedicationTable()).isUnknown)
        var table = MedicationTable()
        table.set("Zzzpill", to: .triptan)
        #expect(MedicationDose(text: "Zzzpill 5 mg", takenAt: nil, table: table).medicationClass == .triptan)
    }
}
