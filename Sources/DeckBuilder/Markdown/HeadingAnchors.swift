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
        guard !anchors.isEmpty else { return html }
        let bytes = Array(html.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count + anchors.count * 24)
        var next = anchors.makeIterator()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "h"),
               (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]), bytes[index + 3] == UInt8(ascii: ">"),
               let anchor = next.next() {
                output.append(contentsOf: bytes[index...(index + 2)])
                output.append(contentsOf: Array(" id=\"".utf8))
                output.append(contentsOf: Array(HTML.escape(anchor).utf8))
                output.append(UInt8(ascii: "\""))
                output.append(UInt8(ascii: ">"))
                index += 4
                continue
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
