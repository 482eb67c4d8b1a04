import Testing
@testable import DeckBuilder

/// The selection finishes only the drafts that could be chosen, and chooses exactly what finishing every
/// draft and ranking them all would choose.
@Suite("Question selection")
struct QuestionSelectorTests {
    @Test("on every real note, the lazy selection equals finishing and ranking every draft")
    func sameAsRankingAll() throws {
        var finishedLazily = 0, draftsInAll = 0
        for note in try StudyNotes.all(count: 5) {
            let (composer, drafts) = OfflineGenerator().composition(for: note.request)
            var finishCalls = 0
            let lazy = QuestionSelector().select(drafts, count: 5) { draft in
                finishCalls += 1
                return composer.candidate(from: draft)
            }.questions
            let all = drafts.compactMap { composer.candidate(from: $0).candidate }
            #expect(lazy == Self.rankingAll(all, count: 5), "\(note.path)")
            finishedLazily += finishCalls
            draftsInAll += drafts.count
        }
        // The point of the lazy selection: most drafts are never finished.
        #expect(finishedLazily * 2 < draftsInAll, "finished \(finishedLazily) of \(draftsInAll) drafts")
    }

    @Test("a draft that cannot be finished is passed over for the next best")
    func unfinishableDraftPassedOver() throws {
        let note = try #require(try StudyNotes.all(count: 5).first { OfflineGenerator().composition(for: $0.request).drafts.count >= 4 })
        let (composer, drafts) = OfflineGenerator().composition(for: note.request)
        let refused = QuestionSelector().select(drafts, count: 5) { draft in
            draft.order == 0 ? (nil, true) : composer.candidate(from: draft)
        }
        let expected = Self.rankingAll(drafts.filter { $0.order != 0 }.compactMap { composer.candidate(from: $0).candidate }, count: 5)
        #expect(refused.questions == expected)
    }

    /// The selection as it was before drafts: every candidate finished, the best taken greedily.
    static func rankingAll(_ candidates: [Candidate], count: Int, repeatPenalty: Int = 3) -> [Question] {
        var chosen = [Candidate]()
        var usedFacts = Set<String>(), usedPrompts = Set<String>()
        var groupUse = [String: Int]()
        let score = { (candidate: Candidate) in candidate.quality - repeatPenalty * groupUse[candidate.draft.variety, default: 0] }
        while chosen.count < count {
            let open = candidates.filter { !usedPrompts.contains($0.draft.prompt) && !usedFacts.contains($0.draft.fact.identity) }
            guard let best = open.max(by: { lhs, rhs in
                score(lhs) != score(rhs) ? score(lhs) < score(rhs) : lhs.draft.tieBreaker > rhs.draft.tieBreaker
            }) else { break }
            chosen.append(best)
            usedFacts.insert(best.draft.fact.identity)
            usedPrompts.insert(best.draft.prompt)
            groupUse[best.draft.variety, default: 0] += 1
        }
        return chosen.sorted { ($0.draft.order, $0.draft.tieBreaker) < ($1.draft.order, $1.draft.tieBreaker) }.map(\.question)
    }
}
