/// HTML escaping for text that goes into element content and quoted attribute values.
public enum HTML {
    /// Escapes `& < > " '` so the text is safe in element content and in attributes quoted with either quote.
    public static func escape(_ text: String) -> String {
        var source = text
        // `withUTF8` makes the storage contiguous if needed, so both passes read raw bytes.
        let escaped: String? = source.withUTF8 { bytes in
            let extra = extraByteCount(in: bytes)
            // Most strings (titles, words, numbers) need no escaping: answer them without allocating.
            guard extra > 0 else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + extra) { output in
                write(bytes, escapedInto: output)
            }
        }
        return escaped ?? text
    }
}

// MARK: - Bytes

private extension HTML {
    // Byte literals rather than named constants: the switches below are the hot loop of every page render.

    /// How many bytes longer the escaped text is, so the output is allocated once at its exact size.
    static func extraByteCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var extra = 0
        for byte in bytes {
            switch byte {
            case 0x26: extra += 4  // & → &amp;
            case 0x3C, 0x3E: extra += 3  // < → &lt;, > → &gt;
            case 0x22: extra += 5  // " → &quot;
            case 0x27: extra += 4  // ' → &#39;
            default: break
            }
        }
        return extra
    }

    /// Copies `bytes` into `output`, replacing each special byte by its entity; returns the bytes written.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, escapedInto output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress, let target = output.baseAddress else { return 0 }
        var written = 0
        var runStart = 0
        // Copy the plain runs between special bytes in bulk; they are most of any real text.
        func copy(_ start: UnsafePointer<UInt8>, count: Int) {
            (target + written).update(from: start, count: count)
            written += count
        }
        for index in 0..<bytes.count {
            let entity: StaticString
            switch source[index] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default: continue
            }
            copy(source + runStart, count: index - runStart)
            copy(entity.utf8Start, count: entity.utf8CodeUnitCount)
            runStart = index + 1
        }
        copy(source + runStart, count: bytes.count - runStart)
        return written
    }
}
