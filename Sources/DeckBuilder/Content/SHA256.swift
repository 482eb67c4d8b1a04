import CCrypto
import Foundation

/// SHA-256 digests through OpenSSL's libcrypto; the only file that imports CCrypto.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        output.withUnsafeMutableBufferPointer { out in
            let hashed: Void? = bytes.withContiguousStorageIfAvailable { input in
                digest(UnsafeRawBufferPointer(input), into: out.baseAddress!)
            }
            if hashed == nil {
                Array(bytes).withUnsafeBytes { digest($0, into: out.baseAddress!) }
            }
        }
        return output
    }

    /// The digest of the UTF-8 bytes of `text`, as lowercase hex.
    public static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex(bytes: $0) }
    }

    /// SHA-256 as OpenSSL provides it, fetched once: `EVP_sha256()` makes every `EVP_Digest` call fetch it again,
    /// which cost more than hashing a short string. Immutable once fetched, so threads share it.
    nonisolated(unsafe) private static let algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    private static func digest(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
        // One-shot EVP digest: the context is created and freed inside this call.
        var length: UInt32 = 0
        _ = EVP_Digest(input.baseAddress, input.count, output, &length, algorithm ?? EVP_sha256(), nil)
    }

    /// The digest of `bytes`, as lowercase hex.
    public static func hex(bytes: some Collection<UInt8>) -> String {
        let digest = digest(bytes)
        return String(unsafeUninitializedCapacity: 64) { result in
            for (index, byte) in digest.enumerated() {
                result[2 * index] = hexDigit(byte >> 4)
                result[2 * index + 1] = hexDigit(byte & 0x0F)
            }
            return 64
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The digest of the UTF-8 bytes of `text`, in base64 (the form a Content-Security-Policy hash takes).
    public static func base64(_ text: String) -> String {
        Data(digest(Array(text.utf8))).base64EncodedString()
    }
}
