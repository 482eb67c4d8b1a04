import Foundation

/// A Markdown note read from the content folder, ready to render.
public struct Note: Sendable, Equatable {
    /// The path relative to the content folder, `/`-separated.
    public var path: String
    /// The page name: `decks/<slug>.html`.
    public var slug: String
    public var frontMatter: FrontMatter
    public var body: String
    /// The line of the file on which `body` starts.
    public var bodyFirstLine: Int
    /// SHA-256 of the whole file's normalised text: stored questions made from another text are stale.
    public var sourceHash: String
    /// SHA-256 of the file's bytes as read, when read from a file: what the build's fingerprint records for it.
    public var fileDigest: String?
    /// For a scanned note, the words tesseract was unsure of (`UnsureWords`): none becomes an answer or a wrong choice.
    public var unsureWords: Set<String> = []

    /// SHA-256 of `text` with trailing spaces and trailing blank lines normalised away (line ends already are).
    public static func sourceHash(of text: String) -> String {
        SHA256.hex(bytes: normalisedForHash(text))
    }

    /// The bytes `sourceHash` digests. Worked on bytes, as the Character version did it: a line ends at a lone
    /// `\n` (a `\r\n` is one Character, so it never did), and only a plain space or tab is trimmed from a
    /// line's end (one followed by a combining mark is part of another Character).
    static func normalisedForHash(_ text: String) -> [UInt8] {
        var text = text
        // Written into the result's storage, a line at a time: `memchr` finds each line feed and the bytes before
        // it are copied whole (byte by byte, this cost as much as the digest).
        return text.withUTF8 { input in
            [UInt8](unsafeUninitializedCapacity: input.count) { output, count in
                guard let source = input.baseAddress, let target = output.baseAddress else {
                    count = 0
                    return
                }
                var read = 0, written = 0, lineStart = 0
                while read < input.count {
                    let feed = memchr(source + read, 0x0A, input.count - read)
                        .map { UnsafeRawPointer(source).distance(to: UnsafeRawPointer($0)) } ?? input.count
                    (target + written).initialize(from: source + read, count: feed - read)
                    written += feed - read
                    guard feed < input.count else { break }
                    if feed == 0 || input[feed - 1] != 0x0D {
                        while written > lineStart, output[written - 1] == 0x20 || output[written - 1] == 0x09 { written -= 1 }
                        output[written] = 0x0A
                        written += 1
                        lineStart = written
                    } else {
                        output[written] = 0x0A
                        written += 1
                    }
                    read = feed + 1
                }
                while written > lineStart, output[written - 1] == 0x20 || output[written - 1] == 0x09 { written -= 1 }
                // Trailing line ends, each a lone `\n`.
                while written > 0, output[written - 1] == 0x0A, written < 2 || output[written - 2] != 0x0D { written -= 1 }
                count = written
            }
        }
    }

    /// The folder part of `path`; it names the note's section on the index.
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The title when neither front matter nor a heading gives one: the file name, with `-` and `_` as spaces.
    public var fileTitle: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        // `page1.scan.png` is a scanned page called page1 (see `SourceFile.isScanPath`).
        if stem.lowercased().hasSuffix(".scan"), stem.count > 5 { stem.removeLast(5) }
        let spaced = String(stem.map { $0 == "-" || $0 == "_" ? " " : $0 }).trimmingWhitespace
        return spaced.isEmpty ? name : spaced
    }
}
