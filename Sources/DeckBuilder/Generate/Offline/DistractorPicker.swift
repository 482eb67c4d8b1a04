/// Chooses wrong choices: from the nearest source first (the same note, then the folder's other notes,
/// then loose bold words), and within a source the ones closest in length to the correct choice.
struct DistractorPicker: Sendable {
    /// How many wrong choices a question gets when there are enough.
    var wanted = 3
    var maximumLength = ChoiceText.maximumAnswerLength

    /// Up to `wanted` distractors for `key` from `tiers`, none equal to the key, to each other, to any of
    /// `excluded`, or shown in `prompt`.
    func distractors(for key: String, from tiers: [[String]], prompt: String, excluded: [String] = []) -> [String] {
        var taken = Set([TextNormaliser.comparable(key)] + excluded.map(TextNormaliser.comparable))
        // The prompt is normalised once, not once per candidate.
        let barePrompt = TextNormaliser.comparable(prompt)
        var result = [String]()
        for tier in tiers where result.count < wanted {
            let usable = tier.enumerated().filter { _, candidate in
                let bare = TextNormaliser.comparable(candidate)
                return !bare.isEmpty && !taken.contains(bare) && candidate.count <= maximumLength && !StudyText.includes(barePrompt, bare)
            }
            // Closest length first, so no choice stands out; the note's order breaks ties.
            let ordered = usable.sorted { lhs, rhs in
                let left = abs(lhs.element.count - key.count), right = abs(rhs.element.count - key.count)
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            for (_, candidate) in ordered where result.count < wanted {
                if taken.insert(TextNormaliser.comparable(candidate)).inserted { result.append(candidate) }
            }
        }
        return result
    }
}
