/// Replaces typographic ligatures with their letters and drops the control characters OCR leaves behind.
struct Ligatures: Sendable {
    /// The text after normalisation, with how much was changed.
    struct Outcome: Sendable {
        var text: String
        var ligatures = 0
        var controls = 0
    }

    static let letters: [Character: String] = [
        "\u{FB00}": "ff", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB03}": "ffi", "\u{FB04}": "ffl", "\u{FB05}": "st", "\u{FB06}": "st",
    ]

    /// `text` with ligatures spelled out, CRLF as LF, and control characters other than tab, newline and form feed removed.
    /// A soft hyphen at a line end becomes a hyphen (it marks a word broken there); elsewhere it is dropped.
    static func normalise(_ text: String) -> Outcome {
        var outcome = Outcome(text: "")
        outcome.text.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            index += 1
            if let spelled = letters[Character(scalar)] {
                outcome.text += spelled
                outcome.ligatures += 1
                continue
            }
            switch scalar.value {
            case 0x0D:
                if next != "\n" { outcome.text.unicodeScalars.append("\n") }
            case 0x09, 0x0A, 0x0C:
                outcome.text.unicodeScalars.append(scalar)
            case 0x00AD:
                if next == "\n" || next == nil { outcome.text += "-" }
            case 0x00...0x1F, 0x7F...0x9F, 0x200B, 0xFEFF:
                outcome.controls += 1
            default:
                outcome.text.unicodeScalars.append(scalar)
            }
        }
        return outcome
    }
}
