import CXXHash

/// The digest by which a rebuild tells a page unchanged: XXH3's 128 bits, as `xxh3-` and 32 hex digits. A build
/// hashes every page it makes, 180 MB for 5,000 notes, and SHA-256 took a thirtieth of a clean build's CPU time.
/// Not for security: a page that collided with the last build's would be one its own notes made.
enum PageDigest {
    /// The digest of `bytes`.
    static func of(_ bytes: UnsafeRawBufferPointer) -> String {
        let hash = XXH3_128bits(bytes.baseAddress, bytes.count)
        return "xxh3-" + hex(hash.high64) + hex(hash.low64)
    }

    /// `value` as 16 lowercase hex digits.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.utf8.count) + digits
    }
}
