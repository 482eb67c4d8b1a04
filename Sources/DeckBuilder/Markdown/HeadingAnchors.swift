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
        var output = [UInt8]()
        output.reserveCapacity(bytes.count + anchors.count * 24)
        var anchorIndex = 0
        var runStart = 0
        var index = 0
        while anchorIndex < anchors.count, index + 3 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "h"),
               (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]), bytes[index + 3] == UInt8(ascii: ">") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<(index + 3)]))
                output.append(contentsOf: " id=\"".utf8)
                output.append(contentsOf: HTML.escape(anchors[anchorIndex]).utf8)
                output.append(contentsOf: "\">".utf8)
                anchorIndex += 1
                index += 4
                runStart = index
                continue
            }
            index += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        return String(decoding: output, as: UTF8.self)
    }
}
