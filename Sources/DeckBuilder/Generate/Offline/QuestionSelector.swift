/// Picks a varied set from the drafts: one question per fact, forms mixed, the best first.
struct QuestionSelector: Sendable {
    /// How much a group's earlier picks count against picking from it again.
    var repeatPenalty = 3

    private enum Progress {
        case draft
        case finished(Candidate)
        /// Cannot be built, or its fact or prompt is taken.
        case closed
    }

    /// Up to `count` questions, in the order their facts appear in the note, and how many drafts the
    /// validator turned away. `finish` builds a draft into a question (nil when it cannot be, and whether
    /// the validator rejected it); it runs only for drafts that could be chosen.
    ///
    /// The result is what ranking every finished question would give: a draft ranks by its `bestQuality`,
    /// which its finished question never exceeds, and the tie-breaker is known before finishing. So when the
    /// top-ranked entry is finished, nothing still a draft could beat it.
    func select(_ drafts: [QuestionDraft], count: Int,
                finish: (QuestionDraft) -> (candidate: Candidate?, rejected: Bool)) -> (questions: [Question], dropped: Int) {
        var progress = [Progress](repeating: .draft, count: drafts.count)
        // Groups by number, so ranking a draft does not hash its group's name.
        var groupNumbers = [String: Int]()
        let group = drafts.map { draft in
            if let known = groupNumbers[draft.variety] { return known }
            groupNumbers[draft.variety] = groupNumbers.count
            return groupNumbers.count - 1
        }
        var groupUse = [Int](repeating: 0, count: groupNumbers.count)
        var chosen = [Candidate]()
        var dropped = 0
        while chosen.count < count {
            guard let best = bestOpen(drafts, progress, group: group, groupUse: groupUse) else { break }
            guard case .finished(let candidate) = progress[best] else {
                let made = finish(drafts[best])
                progress[best] = made.candidate.map(Progress.finished) ?? .closed
                if made.rejected { dropped += 1 }
                continue
            }
            chosen.append(candidate)
            groupUse[group[best]] += 1
            // One question per fact: a fact asked both ways gives one question's answer away in the other,
            // so a note short of facts gets fewer questions rather than repeats.
            for index in drafts.indices where drafts[index].factIdentity == candidate.draft.factIdentity
                || drafts[index].prompt == candidate.draft.prompt {
                progress[index] = .closed
            }
        }
        let ordered = chosen.sorted { ($0.draft.order, $0.draft.tieBreaker) < ($1.draft.order, $1.draft.tieBreaker) }
        return (ordered.map(\.question), dropped)
    }

    /// The index of the highest-scoring open draft; ties go to the smaller hash, then to the earlier draft,
    /// so the same note always yields the same set.
    private func bestOpen(_ drafts: [QuestionDraft], _ progress: [Progress], group: [Int], groupUse: [Int]) -> Int? {
        var best: Int?
        var bestScore = Int.min
        for index in drafts.indices {
            let quality: Int
            switch progress[index] {
            case .closed: continue
            case .draft: quality = drafts[index].bestQuality
            case .finished(let candidate): quality = candidate.quality
            }
            let score = quality - repeatPenalty * groupUse[group[index]]
            if let best, score < bestScore || (score == bestScore && drafts[index].tieBreaker >= drafts[best].tieBreaker) {
                continue
            }
            best = index
            bestScore = score
        }
        return best
    }
}
