/// Decodes Windows-1252 (the superset of Latin-1 that Windows editors and older OCR tools write).
enum Windows1252 {
    /// The text of `bytes`; the five bytes the code page leaves undefined become U+FFFD.
    static func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// `bytes` as `DecodedText` reads them (UTF-8, or UTF-16 with a byte-order mark); text that is not UTF-8 but
    /// reads as Windows-1252 is decoded so, with a warning at the first odd byte, rather than having every
    /// accented letter replaced. A NUL byte is still `DecodedText`'s error: a binary file, not text.
    static func decodedText(_ bytes: [UInt8]) throws(Diagnostic) -> DecodedText {
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        guard !utf16, !bytes.contains(0), isLikely(bytes) else { return try DecodedText(bytes: bytes) }
        let first = UTF8Validation.invalidOffsets(in: bytes, limit: 1).first ?? 0
        // Decoding the UTF-8 of the result again normalises its line endings as for any text.
        var decoded = try DecodedText(bytes: Array(decode(bytes).utf8))
        decoded.warnings = [.warning(
            String(format: "not UTF-8 (byte 0x%02X at byte offset %d); read as Windows-1252 (Latin-1); expected UTF-8 text", bytes[first], first),
            line: bytes[..<first].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })]
        return decoded
    }

    /// True when `bytes` look like Windows-1252 rather than damaged UTF-8: no byte above 0x7F is part of a
    /// well-formed UTF-8 sequence, so reading them as UTF-8 would lose every accented letter.
    static func isLikely(_ bytes: [UInt8]) -> Bool {
        let high = bytes.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
        guard high > 0 else { return false }
        return UTF8Validation.invalidOffsets(in: bytes, limit: high + 1).count == high
    }

    /// 0x80–0x9F, where Windows-1252 differs from Latin-1.
    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
