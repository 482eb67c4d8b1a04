import Foundation

extension String {
    /// Whether the string's UTF-8 bytes sort before `other`'s (byte order, as `utf8.lexicographicallyPrecedes`
    /// gives it), compared with `memcmp`: stepping through both UTF-8 views cost sorting thousands of paths dearly.
    func precedesInUTF8Order(_ other: String) -> Bool {
        withUTF8Bytes { left in
            other.withUTF8Bytes { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    /// `body` on the string's UTF-8 bytes, in place when they are contiguous (always, for a native string): a loop
    /// over a buffer costs a fraction of one stepping through the UTF-8 view's indices.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = self
        return contiguous.withUTF8(body)
    }
}
