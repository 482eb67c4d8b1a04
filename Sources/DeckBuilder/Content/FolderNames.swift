import Foundation

/// The names in a folder of the content, which may be a stranger's: each must be a name deckgen can use as a path,
/// a page name and a store file name on every system, or it is skipped with a warning naming it printably.
enum FolderNames {
    /// A folder entry's name as its bytes, which need not be UTF-8.
    typealias Raw = [UInt8]

    /// The names of the open folder `descriptor`, without `.` and `..`; nil, with `errno` set, when it cannot be read.
    static func list(_ descriptor: Int32) -> [Raw]? {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            let failure = errno
            if copy >= 0 { close(copy) }
            errno = failure
            return nil
        }
        defer { closedir(stream) }
        var names = [Raw]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Raw($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// The names deckgen can use, sorted by their bytes: a name that is not UTF-8 or holds a control character is
    /// skipped, and of names that are one as people see them (`café` in NFC and NFD), the first in byte order is kept.
    static func usable(_ names: [Raw], in folder: String, warnings: inout [Diagnostic]) -> [String] {
        var usable = [String]()
        // Swift's strings compare by canonical equivalence: a set of them finds the names that read alike.
        var seen = [String: String]()
        for raw in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let shown = printable(raw)
            let path = folder.isEmpty ? shown : folder + "/" + shown
            guard let name = String(validating: raw, as: UTF8.self) else {
                warnings.append(.warning("the name is not UTF-8 text; skipped; expected a name in UTF-8, as every current system writes", path: path))
                continue
            }
            if name.unicodeScalars.contains(where: isControl) {
                warnings.append(.warning("the name holds a control character (a line break, tab or escape); skipped; expected a name without one",
                                         path: path))
                continue
            }
            if let earlier = seen[name] {
                warnings.append(.warning("the name reads the same as \(earlier) beside it, spelled with other Unicode characters (NFC and NFD); skipped; expected names that differ as people read them",
                                         path: path))
                continue
            }
            seen[name] = shown
            usable.append(name)
        }
        return usable
    }

    /// Whether `scalar` is a C0 or C1 control character, which has no place in a file name shown to a person.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `raw` as text safe to print on a terminal: control characters as `\u{1B}`, bytes that are not UTF-8 as `\xFF`.
    static func printable(_ raw: Raw) -> String {
        var text = ""
        var rest = raw[...]
        while !rest.isEmpty {
            // The longest prefix that is valid UTF-8, then one byte that is not.
            var end = rest.endIndex
            while end > rest.startIndex, String(validating: rest[rest.startIndex..<end], as: UTF8.self) == nil { end -= 1 }
            if end > rest.startIndex, let valid = String(validating: rest[rest.startIndex..<end], as: UTF8.self) {
                for scalar in valid.unicodeScalars {
                    text += isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
                }
                rest = rest[end...]
            } else {
                text += "\\x" + String(format: "%02X", rest[rest.startIndex])
                rest = rest.dropFirst()
            }
        }
        return text
    }
}
