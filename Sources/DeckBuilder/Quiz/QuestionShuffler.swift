/// Puts a question's choices in an order fixed by their content, so the key's position tells nothing.
///
/// Writers and generators alike tend to put the key in favourite places, so the order
/// given is thrown away: the choices are sorted, and a permutation seeded by the SHA-256 of the prompt and the sorted
/// choices (all normalised with `TextNormaliser.comparable`) is applied. The same question therefore shows the same
/// order on every build and every machine, whatever order it was written in, and pages do not churn between builds.
public enum QuestionShuffler {
    /// `question` with its choices in their content-seeded order; `answer` follows the correct choice.
    public static func shuffled(_ question: Question) -> Question {
        let choices = question.choices
        let keys = choices.map(TextNormaliser.comparable)
        // The canonical order: normalised text, then the text itself, then the key first, so that only truly
        // identical distractors (which the validator rejects) could depend on the order given.
        let canonical = choices.indices.sorted { left, right in
            (keys[left], choices[left], left == question.answer ? 0 : 1)
                < (keys[right], choices[right], right == question.answer ? 0 : 1)
        }
        var generator = SplitMix64(seed: seed(prompt: question.prompt, sortedKeys: canonical.map { keys[$0] }))
        var order = canonical
        // Fisher–Yates; the modulo bias for at most six choices is below 2⁻⁶⁰ and does not matter.
        for last in order.indices.dropFirst().reversed() {
            let other = Int(generator.next() % UInt64(last + 1))
            order.swapAt(last, other)
        }
        var result = question
        result.choices = order.map { choices[$0] }
        result.answer = order.firstIndex(of: question.answer) ?? question.answer
        return result
    }
}

// MARK: - Seeding

private extension QuestionShuffler {
    /// The first 8 bytes, big-endian, of the SHA-256 of the normalised prompt and choices, each written as its
    /// UTF-8 length, `:`, and its bytes, so that no text can pass for two.
    static func seed(prompt: String, sortedKeys: [String]) -> UInt64 {
        let parts = [TextNormaliser.comparable(prompt)] + sortedKeys
        // Appended in place: an array per part and per length cost more than hashing them.
        var material = [UInt8]()
        material.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count + 8 })
        for part in parts {
            material.append(contentsOf: String(part.utf8.count).utf8)
            material.append(UInt8(ascii: ":"))
            material.append(contentsOf: part.utf8)
        }
        return SHA256.digest(material).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
