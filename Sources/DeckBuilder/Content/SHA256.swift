import CCrypto
import Foundation

/// SHA-256 digests through OpenSSL's libcrypto; the only file that imports CCrypto.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let contiguous = Array(bytes)
        contiguous.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                // One-shot EVP digest: the context is created and freed inside this call.
                var length: UInt32 = 0
                _ = EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        return output
    }

    /// The digest of the UTF-8 bytes of `text`, as lowercase hex.
    public static func hex(_ text: String) -> String {
        hex(bytes: Array(text.utf8))
    }

    /// The digest of `bytes`, as lowercase hex.
    public static func hex(bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result = [UInt8]()
        result.reserveCapacity(64)
        for byte in digest(bytes) {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The digest of the UTF-8 bytes of `text`, in base64 (the form a Content-Security-Policy hash takes).
    public static func base64(_ text: String) -> String {
        Data(digest(Array(text.utf8))).base64EncodedString()
    }
}
