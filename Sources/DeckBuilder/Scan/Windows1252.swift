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
