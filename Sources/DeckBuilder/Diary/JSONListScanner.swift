import Foundation

/// Finds where a JSON diary's list of attacks and each of its items lie, without building them: a diary of a million
/// attacks parsed whole took gigabytes, where its items parsed one at a time take no more than the text.
enum JSONListScanner {
    /// The byte ranges of the items of the array at the root of `bytes`, or of the array under the first of `keys`
    /// (in that order) that the root object has; nil when the document has no such array or is not well formed
    /// around its items (each item is checked by whoever parses it).
    static func items(in bytes: UnsafeBufferPointer<UInt8>, keys: [String]) -> [Range<Int>]? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        switch scanner.peek {
        case UInt8(ascii: "["):
            guard let items = scanner.arrayItems() else { return nil }
            scanner.skipSpace()
            return scanner.atEnd ? items : nil
        case UInt8(ascii: "{"):
            guard let arrays = scanner.objectArrays(), (scanner.skipSpace(), scanner.atEnd).1 else { return nil }
            return keys.lazy.compactMap { arrays[$0] }.first
        default:
            return nil
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        /// Steps over one value of any kind; false when it is not well formed. Containers are counted, not entered
        /// by recursion, so depth costs no stack.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard let first = peek else { return false }
            if first == UInt8(ascii: "\"") { return skipString() }
            guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else {
                // A number, true, false or null: up to the next delimiter.
                let start = position
                while let byte = peek, !"\t\n\r ,]}".utf8.contains(byte) { position += 1 }
                return position > start
            }
            var depth = 0
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return true
                    }
                default:
                    break
                }
                position += 1
            }
            return false
        }

        /// Steps over a string, escapes and all.
        mutating func skipString() -> Bool {
            position += 1
            while let byte = peek {
                position += 1
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    return true
                }
            }
            return false
        }

        /// The items of the array that starts here, stepping past it.
        mutating func arrayItems() -> [Range<Int>]? {
            position += 1
            var items = [Range<Int>]()
            skipSpace()
            if peek == UInt8(ascii: "]") {
                position += 1
                return items
            }
            while true {
                skipSpace()
                let start = position
                guard skipValue() else { return nil }
                items.append(start..<position)
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"):
                    position += 1
                    return items
                default: return nil
                }
            }
        }

        /// The items of each array the object that starts here holds directly, by key, stepping past it.
        mutating func objectArrays() -> [String: [Range<Int>]]? {
            position += 1
            var arrays = [String: [Range<Int>]]()
            skipSpace()
            if peek == UInt8(ascii: "}") {
                position += 1
                return arrays
            }
            while true {
                skipSpace()
                let keyStart = position
                guard peek == UInt8(ascii: "\""), skipString() else { return nil }
                let raw = Data(bytes[keyStart..<position])
                guard let key = (try? JSONSerialization.jsonObject(with: raw, options: [.fragmentsAllowed])) as? String else { return nil }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return nil }
                position += 1
                skipSpace()
                if peek == UInt8(ascii: "[") {
                    guard let items = arrayItems() else { return nil }
                    if arrays[key] == nil { arrays[key] = items }
                } else {
                    guard skipValue() else { return nil }
                }
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    return arrays
                default: return nil
                }
            }
        }
    }
}
