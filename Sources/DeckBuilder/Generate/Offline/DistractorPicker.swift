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
    /// `excluded`, or shown in `prompt`. `bareKey` is the key's comparable form, when the caller keeps it. A tier
    /// is made only when the tiers before it fall short: the folder's other notes lend hundreds of choices.
    func distractors(for key: String, bareKey: String? = nil, from tiers: [() -> [Choice]], prompt: String,
                     excluded: [String] = []) -> [String] {
        // A few texts at most (the key, its aliases, the choices taken): searched in turn rather than hashed.
        var taken = [bareKey ?? TextNormaliser.comparable(key)] + excluded.map(TextNormaliser.comparable)
        // The prompt is normalised once, not once per candidate.
        let barePrompt = TextNormaliser.comparable(prompt)
        var result = [String]()
        let keyLength = key.characterCount
        for tier in tiers where result.count < wanted {
            // Closest length first, so no choice stands out; the note's order breaks ties. Lengths are worked out
            // once, not again in every comparison of the sort; the other tests run only until enough are taken.
            let choices = tier()
            let lengths = choices.map(\.text.characterCount)
            let ordered = choices.indices.sorted { (abs(lengths[$0] - keyLength), $0) < (abs(lengths[$1] - keyLength), $1) }
            for index in ordered where result.count < wanted {
                let choice = choices[index]
                guard !choice.bare.isEmpty, lengths[index] <= maximumLength, !taken.contains(choice.bare),
                      !StudyText.includes(barePrompt, choice.bare) else { continue }
                taken.append(choice.bare)
                result.append(choice.text)
            }
        }
        return result
    }
}
