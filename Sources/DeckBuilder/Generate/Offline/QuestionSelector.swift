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
    /// validator turned away. `word` gives a draft its prompt (nil when it cannot be put), and `finish` builds a
    /// worded draft into a question (nil when it cannot be, and whether the validator rejected it); both run only
    /// for drafts that could be chosen.
    ///
    /// The result is what ranking every finished question would give: a draft ranks by its `bestQuality`,
    /// which its finished question never exceeds, and the tie-breakers (its group's size, its hash) are known
    /// before wording. So when the top-ranked entry is finished, nothing still a draft could beat it.
    func select(_ drafts: [QuestionDraft], count: Int, word: (QuestionDraft) -> WordedDraft?,
                finish: (WordedDraft) -> (candidate: Candidate?, rejected: Bool)) -> (questions: [Question], dropped: Int) {
        var progress = Board(drafts)
        // Groups by number, so ranking a draft does not hash its group's name.
        let group = Self.numbers(drafts.map(\.variety))
        var groupUse = [Int](repeating: 0, count: (group.max() ?? -1) + 1)
        var groupSize = groupUse
        for number in group { groupSize[number] += 1 }
        let tieBreakers = drafts.map(\.tieBreaker)
        var chosen = [Candidate]()
        var dropped = 0
        // One question per prompt: a draft whose prompt a chosen question has is closed when it comes up, which
        // chooses as closing it at once would, without wording drafts that never come up.
        let promptTaken = { (prompt: String) in chosen.contains { $0.question.prompt == prompt } }
        while chosen.count < count {
            guard let best = bestOpen(progress.qualities, group: group, groupUse: groupUse, groupSize: groupSize,
                                      tieBreakers: tieBreakers) else { break }
            guard case .finished(let candidate) = progress.states[best] else {
                guard let worded = word(drafts[best]), !promptTaken(worded.prompt) else {
                    progress.close(best)
                    continue
                }
                let made = finish(worded)
                if let candidate = made.candidate { progress.finish(best, candidate) } else { progress.close(best) }
                if made.rejected { dropped += 1 }
                continue
            }
            guard !promptTaken(candidate.question.prompt) else {
                progress.close(best)
                continue
            }
            chosen.append(candidate)
            groupUse[group[best]] += 1
            // One question per fact: a fact asked both ways gives one question's answer away in the other,
            // so a note short of facts gets fewer questions rather than repeats.
            for index in drafts.indices where !progress.isClosed(index) && drafts[index].fact.isSameFact(as: candidate.draft.fact) {
                progress.close(index)
            }
        }
        let ordered = chosen.sorted { ($0.draft.order, $0.draft.tieBreaker) < ($1.draft.order, $1.draft.tieBreaker) }
        return (ordered.map(\.question), dropped)
    }

    /// Each key's number: equal keys get the same one, counting from 0 in order of first appearance. A note's
    /// drafts fall into a handful of groups, so the keys seen are searched in turn rather than hashed.
    private static func numbers(_ keys: [String]) -> [Int] {
        var seen = [String]()
        return keys.map { key in
            if let known = seen.lastIndex(of: key) { return known }
            seen.append(key)
            return seen.count - 1
        }
    }

    /// The index of the highest-scoring open draft, from each draft's quality (`Board.closed` for a closed one).
    /// Ties go to the draft of the smaller group (`groupSize`, by group number), so a form only one fact allows is
    /// not lost to a form every fact allows; then to the smaller hash, then to the earlier draft, so the same note
    /// always yields the same set.
    private func bestOpen(_ qualities: [Int], group: [Int], groupUse: [Int], groupSize: [Int], tieBreakers: [UInt64]) -> Int? {
        var best: Int?
        var bestScore = Int.min
        for index in qualities.indices where qualities[index] != Board.closed {
            let score = qualities[index] - repeatPenalty * groupUse[group[index]]
            if let best, score < bestScore || (score == bestScore && (groupSize[group[index]] > groupSize[group[best]]
                || (groupSize[group[index]] == groupSize[group[best]] && tieBreakers[index] >= tieBreakers[best]))) {
                continue
            }
            best = index
            bestScore = score
        }
        return best
    }

    /// Where each draft stands, with the quality it ranks by kept beside it: ranking reads only the numbers, where
    /// reading each state copied its finished question.
    private struct Board {
        /// The quality of a closed draft, which never ranks.
        static let closed = Int.min
        private(set) var states: [Progress]
        private(set) var qualities: [Int]

        init(_ drafts: [QuestionDraft]) {
            states = [Progress](repeating: .draft, count: drafts.count)
            qualities = drafts.map(\.bestQuality)
        }

        func isClosed(_ index: Int) -> Bool {
            qualities[index] == Self.closed
        }

        mutating func close(_ index: Int) {
            states[index] = .closed
            qualities[index] = Self.closed
        }

        mutating func finish(_ index: Int, _ candidate: Candidate) {
            states[index] = .finished(candidate)
            qualities[index] = candidate.quality
        }
    }
}
