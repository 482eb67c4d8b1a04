import Foundation

/// GitHub-style heading ids: `## Two Stages!` → `two-stages`, repeats numbered `-1`, `-2`.
enum HeadingAnchors {
    /// Sets each heading's `anchor`, unique within the note.
    static func assign(to headings: inout [RenderedMarkdown.Heading]) {
        var used = [String: Int]()
        for index in headings.indices {
            let base = anchor(for: headings[index].text)
            var candidate = base
            if let count = used[base] {
                var next = count
                repeat {
                    next += 1
                    candidate = "\(base)-\(next)"
                } while used[candidate] != nil
                used[base] = next
            }
            used[candidate] = used[candidate] ?? 0
            headings[index].anchor = candidate
        }
    }

    /// Lowercase letters, digits, `-` and `_` kept; spaces become `-`; everything else dropped, as GitHub does.
    static func anchor(for text: String) -> String {
        asciiAnchor(for: text) ?? characterAnchor(for: text)
    }

    /// `anchor` of ASCII text on its bytes, where a letter or digit is one byte and lowercasing maps bytes to
    /// bytes; nil for any other text. Walking Characters cost more than the rest of numbering the headings.
    static func asciiAnchor(for text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.isASCII else { return nil }
            var result = [UInt8]()
            result.reserveCapacity(bytes.count)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: " "): result.append(UInt8(ascii: "-"))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte + 0x20)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    result.append(byte)
                default: break
                }
            }
            return result.isEmpty ? "section" : String(decoding: result, as: UTF8.self)
        }
    }

    /// `anchor` for any text, on Characters.
    static func characterAnchor(for text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character == " " {
                result.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                result.append(character)
            }
        }
        return result.isEmpty ? "section" : result
    }

    /// Adds `id="…"` to the opening tags `<h1>`…`<h6>` of `html`, in order. In safe-mode output
    /// those tags come only from headings: text is escaped and raw HTML is left out.
    static func inserting(_ anchors: [String], into html: String) -> String {
        var html = html
        return html.withUTF8 { inserting(anchors, into: $0) }
    }

    /// `inserting` on the bytes cmark-gfm rendered, which become the page's string once, not twice; the runs
    /// between headings are copied whole.
    static func inserting(_ anchors: [String], into bytes: UnsafeBufferPointer<UInt8>) -> String {
        let escaped = anchors.map(HTML.escape)
        // Written straight into the string's storage, sized for every anchor: an array first cost a second copy.
        let capacity = escaped.reduce(bytes.count) { $0 + $1.utf8.count + 7 }
        return String(unsafeUninitializedCapacity: capacity) { output in
            guard let base = bytes.baseAddress, let target = output.baseAddress else { return 0 }
            var written = 0
            func copy(_ source: UnsafePointer<UInt8>, _ count: Int) {
                (target + written).initialize(from: source, count: count)
                written += count
            }
            var anchorIndex = 0
            var runStart = 0
            var index = 0
            while anchorIndex < escaped.count, index + 3 < bytes.count {
                // Straight to the next tag: memchr passes over the text between tags many bytes at a time.
                guard let tag = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) else { break }
                index = base.distance(to: tag.assumingMemoryBound(to: UInt8.self))
                guard index + 3 < bytes.count else { break }
                if bytes[index + 1] == UInt8(ascii: "h"),
                   (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]), bytes[index + 3] == UInt8(ascii: ">") {
                    copy(base + runStart, index + 3 - runStart)
                    for part in [" id=\"", escaped[anchorIndex], "\">"] {
                        var part = part
                        part.withUTF8 { if let start = $0.baseAddress { copy(start, $0.count) } }
                    }
                    anchorIndex += 1
                    index += 4
                    runStart = index
                    continue
                }
                index += 1
            }
            copy(base + runStart, bytes.count - runStart)
            return written
        }
    }
}
