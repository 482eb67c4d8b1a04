/// Text reduced to what matters when comparing choices: case, spacing and punctuation ignored.
enum TextNormaliser {
    /// Lowercased, letters, digits and other symbols kept, punctuation dropped, runs of space made one.
    /// Punctuation that is part of a number stays (`-1`, `3.5`, `1/2`), so different numbers stay different.
    static func comparable(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        let scalars = Array(text.lowercased().unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let properties = scalar.properties
            if properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if isPunctuation(scalar) && !isPartOfNumber(scalars, at: index) {
                continue
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A sign before a digit at the start of a word, or a mark between two digits.
    private static func isPartOfNumber(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let isDigit = { (position: Int) in scalars.indices.contains(position) && scalars[position].properties.numericType != nil }
        guard isDigit(index + 1) else { return false }
        if isDigit(index - 1) { return true }
        let startsWord = index == 0 || scalars[index - 1].properties.isWhitespace
        return startsWord && (scalars[index] == "-" || scalars[index] == "+" || scalars[index] == "−")
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            true
        default:
            false
        }
    }
}
