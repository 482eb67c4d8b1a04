/// Text reduced to what matters when comparing choices: case, spacing and punctuation ignored.
enum TextNormaliser {
    /// Lowercased, letters, digits and other symbols kept, punctuation dropped, runs of space made one.
    static func comparable(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if isPunctuation(scalar) {
                continue
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
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
