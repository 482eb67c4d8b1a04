/// Chooses wrong choices: from the nearest source first (the same note, then the folder's other notes,
/// then loose bold words), and within a source the ones closest in length to the correct choice.
struct DistractorPicker: Sendable {
    /// How many wrong choices a question gets when there are enough.
    var wanted = 3
    var maximumLength = ChoiceText.maximumAnswerLength

    /// A possible wrong choice, with its `TextNormaliser.comparable` form (facts keep theirs, worked out once).
    struct Choice {
        var text: String
        var bare: String

        init(_ text: String) {
            self.init(text, bare: TextNormaliser.comparable(text))
        }

        init(_ text: String, bare: String) {
            self.text = text
            self.bare = bare
        }
    }

    /// Up to `wanted` distractors for `key` from `tiers`, none equal to the key, to each other, to any of
    /// `excluded`, or shown in `prompt`. `bareKey` is the key's comparable form, when the caller keeps it.
    func distractors(for key: String, bareKey: String? = nil, from tiers: [[Choice]], prompt: String,
                     excluded: [String] = []) -> [String] {
        var taken = Set([bareKey ?? TextNormaliser.comparable(key)] + excluded.map(TextNormaliser.comparable))
        // The prompt is normalised once, not once per candidate.
        let barePrompt = TextNormaliser.comparable(prompt)
        var result = [String]()
        let keyLength = key.characterCount
        for tier in tiers where result.count < wanted {
            // Each candidate's length and bare form worked out once, not again in every comparison of the sort.
            let usable = tier.enumerated().compactMap { offset, choice -> (offset: Int, distance: Int, text: String, bare: String)? in
                let candidate = choice.text, bare = choice.bare
                let length = candidate.characterCount
                guard !bare.isEmpty, !taken.contains(bare), length <= maximumLength, !StudyText.includes(barePrompt, bare) else {
                    return nil
                }
                return (offset, abs(length - keyLength), candidate, bare)
            }
            // Closest length first, so no choice stands out; the note's order breaks ties.
            let ordered = usable.sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
            for candidate in ordered where result.count < wanted {
                if taken.insert(candidate.bare).inserted { result.append(candidate.text) }
            }
        }
        return result
    }
}
