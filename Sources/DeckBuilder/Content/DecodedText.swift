import Foundation

/// Text read from a file: decoded to Unicode, BOM stripped, line endings normalised to `\n`.
public struct DecodedText: Sendable, Equatable {
    public var text: String
    /// Problems found while decoding (invalid bytes replaced with U+FFFD); the path is left for the caller.
    public var warnings: [Diagnostic]

    /// Decodes `bytes` as UTF-8 (or UTF-16 when a UTF-16 byte-order mark says so); throws for binary data.
    public init(bytes: [UInt8]) throws(Diagnostic) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            text = Self.normalisingNewlines(Self.decodeUTF16(bytes))
            warnings = []
            return
        }
        if let zero = Self.firstOffset(of: 0, in: bytes) {
            throw .error(
                "binary data (a NUL byte at byte offset \(zero)), not text; expected a UTF-8 text file",
                line: Self.line(at: zero, in: bytes))
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        warnings = []
        // Valid text, which nearly every note is, is checked once, by the standard library as it makes the string;
        // only text that fails is looked through for where.
        if let valid = String(validating: body, as: UTF8.self) {
            text = Self.normalisingNewlines(valid)
            return
        }
        let invalid = UTF8Validation.invalidOffsets(in: body, limit: 1000)
        if let first = invalid.first {
            let offset = first + (body.count == bytes.count ? 0 : 3)
            let more = invalid.count > 1 ? " and \(invalid.count >= 1000 ? "at least " : "")\(invalid.count - 1) more" : ""
            warnings.append(.warning(
                String(format: "invalid UTF-8 byte 0x%02X at byte offset %d%@, replaced with U+FFFD; expected UTF-8 text",
                       bytes[offset], offset, more),
                line: Self.line(at: offset, in: bytes)))
        }
        text = Self.normalisingNewlines(String(decoding: body, as: UTF8.self))
    }

    /// Where `byte` first occurs in `bytes`: glibc's `memchr`, which reads many bytes at a time where a loop over
    /// a whole note read one.
    private static func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    private static func firstOffset(of byte: UInt8, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstOffset(of: byte, in: $0) }
    }

    /// The 1-based line on which byte `offset` lies.
    private static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for byte in bytes[..<offset] where byte == UInt8(ascii: "\n") { line += 1 }
        return line
    }

    private static func decodeUTF16(_ bytes: [UInt8]) -> String {
        let bigEndian = bytes[0] == 0xFE
        var units = [UInt16]()
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let high = UInt16(bytes[bigEndian ? index : index + 1])
            let low = UInt16(bytes[bigEndian ? index + 1 : index])
            units.append(high << 8 | low)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// CRLF and lone CR become LF, so line numbers agree with what editors show.
    private static func normalisingNewlines(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ firstOffset(of: UInt8(ascii: "\r"), in: $0) }) != nil else { return text }
        // Written straight into the new string: a buffer between them held a third copy of a file of a hundred megabytes.
        return text.withUTF8 { source in
            String(unsafeUninitializedCapacity: source.count) { target in
                var count = 0
                var previousWasCR = false
                for byte in source {
                    if byte == UInt8(ascii: "\r") {
                        target[count] = UInt8(ascii: "\n")
                        count += 1
                        previousWasCR = true
                        continue
                    }
                    if !(byte == UInt8(ascii: "\n") && previousWasCR) {
                        target[count] = byte
                        count += 1
                    }
                    previousWasCR = false
                }
                return count
            }
        }
    }
}
