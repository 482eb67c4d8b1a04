/// Picks a varied set from the candidates: one question per fact, forms mixed, the best first.
struct QuestionSelector: Sendable {
    /// How much a group's earlier picks count against picking from it again.
    var repeatPenalty = 3

    /// Up to `count` questions, in the order their facts appear in the note.
    func select(_ candidates: [Candidate], count: Int) -> [Question] {
        var chosen = [Candidate]()
        var usedFacts = Set<String>()
        var usedPrompts = Set<String>()
        var groupUse = [String: Int]()
        // One question per fact: a fact asked both ways gives one question's answer away in the other,
        // so a note short of facts gets fewer questions rather than repeats.
        while chosen.count < count {
            let open = candidates.filter { candidate in
                !usedPrompts.contains(candidate.question.prompt) && !usedFacts.contains(candidate.fact.identity)
            }
            guard let best = open.max(by: { isWorse($0, than: $1, groupUse: groupUse) }) else { break }
            chosen.append(best)
            usedFacts.insert(best.fact.identity)
            usedPrompts.insert(best.question.prompt)
            groupUse[best.variety, default: 0] += 1
        }
        return chosen.sorted { ($0.order, $0.tieBreaker) < ($1.order, $1.tieBreaker) }.map(\.question)
    }

    private func isWorse(_ lhs: Candidate, than rhs: Candidate, groupUse: [String: Int]) -> Bool {
        let left = lhs.quality - repeatPenalty * groupUse[lhs.variety, default: 0]
        let right = rhs.quality - repeatPenalty * groupUse[rhs.variety, default: 0]
        if left != right { return left < right }
        // Ties go to the smaller hash, so the same note always yields the same set.
        return lhs.tieBreaker > rhs.tieBreaker
    }
}
