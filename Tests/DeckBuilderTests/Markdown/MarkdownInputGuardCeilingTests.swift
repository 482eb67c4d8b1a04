import Testing
@testable import DeckBuilder

/// A check the byte counts rule out would have found nothing: held on random Markdown against budgets small
/// enough that the checks step in often.
@Suite("Markdown input guard ceilings")
struct MarkdownInputGuardCeilingTests {
    static let alphabet = Array("|||---::: \n\n\r![[]]](()))<<?>>ww.@@*_`#>1aZ\\CDATA")

    @Test("a check skipped for its ceiling would have returned nothing")
    func ceilingsAreSound() {
        var generator = SystemRandomNumberGenerator()
        var stepsIn = 0
        for round in 0..<3_000 {
            let budget = round % 40 + 1
            let guardWithBudget = MarkdownInputGuard(limits: .init(
                tableColumns: budget, tableCells: budget * 3, autolinkScan: budget * 20, unclosedHTMLScan: budget * 5,
                imageOpenerWalk: budget / 4, footnoteMarkers: budget / 8, markupWeight: budget * 30))
            let bytes = Array(generator.text(from: Self.alphabet, maximumLength: 120).utf8)
            bytes.withUnsafeBufferPointer { text in
                let counts = MarkdownInputGuard.ByteCounts(text)
                let checks: [(mayExceed: Bool, verdict: () -> Bool)] = [
                    (guardWithBudget.densityMayExceed(counts), { guardWithBudget.densityFallback(text) != nil }),
                    (guardWithBudget.tablesMayExceed(counts), { Self.stepsIn(guardWithBudget.tableVerdict(text)) }),
                    (guardWithBudget.autolinksMayExceed(counts), { Self.stepsIn(guardWithBudget.autolinkVerdict(text)) }),
                    (guardWithBudget.footnotesMayExceed(counts), { Self.stepsIn(guardWithBudget.footnoteVerdict(text)) }),
                    (guardWithBudget.unclosedHTMLMayExceed(counts), { Self.stepsIn(guardWithBudget.unclosedHTMLVerdict(text)) }),
                    (guardWithBudget.imageOpenersMayExceed(counts), { Self.stepsIn(guardWithBudget.imageOpenerVerdict(text)) }),
                ]
                for (index, check) in checks.enumerated() {
                    let stepped = check.verdict()
                    if stepped { stepsIn += 1 }
                    #expect(check.mayExceed || !stepped, "check \(index) on \(bytes)")
                }
            }
        }
        // The budgets are small enough that the checks are really exercised: 485 to 558 times in six runs of 3,000
        // inputs, so half that is not missed by chance (500, the first bound, was).
        #expect(stepsIn > 250)
    }

    @Test("an ordinary note is below every ceiling")
    func ordinaryNote() {
        let prose = String(repeating: "## Cells\n\n**Mitochondrion** — makes ATP (see [notes](a.md), www.example.org).\n\n", count: 40)
        let table = "| Organelle | Role | Found in |\n|---|---|---|\n" + String(repeating: "| Ribosome | protein | all cells |\n", count: 12)
        let note = Array((prose + table).utf8)
        let limits = MarkdownInputGuard()
        note.withUnsafeBufferPointer { text in
            let counts = MarkdownInputGuard.ByteCounts(text)
            #expect(!limits.densityMayExceed(counts))
            #expect(!limits.tablesMayExceed(counts))
            #expect(!limits.autolinksMayExceed(counts))
            #expect(!limits.footnotesMayExceed(counts))
            #expect(!limits.unclosedHTMLMayExceed(counts))
            #expect(!limits.imageOpenersMayExceed(counts))
        }
    }

    static func stepsIn(_ verdict: MarkdownInputGuard.Verdict) -> Bool {
        !verdict.disable.isEmpty || !verdict.escapes.isEmpty || !verdict.warnings.isEmpty
    }
}
