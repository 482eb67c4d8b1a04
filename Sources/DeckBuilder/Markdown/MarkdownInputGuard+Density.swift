// Even where cmark-gfm is linear, Markdown markers cost it nodes: 1 MB of `*a* `, `- - - …` or
// `a\n` takes 0.3 to 0.6 s, and 5 MB of it several seconds, rendering to tens of megabytes. Notes
// never look like that. The guard weighs each marker by what it costs cmark-gfm (measured on 1 MB
// inputs, about 0.15 µs per eight units, so a weight of 8 is about one emphasis delimiter or one
// container opened on a line), and past a budget renders the whole input as one fenced code
// block: escaped, preformatted, and cheap. Plain prose weighs little: 5 MB of it stays under half
// the budget, and so do the 3.5 MB of Node.js's API docs.

extension MarkdownInputGuard {
    /// The input as one fenced code block, if its markers weigh more than `limits.markupWeight`.
    func densityFallback(_ text: UnsafeBufferPointer<UInt8>) -> Outcome? {
        let weight = Self.markupWeight(text)
        guard weight > limits.markupWeight else { return nil }
        var fence = [UInt8](repeating: UInt8(ascii: "`"), count: max(3, Self.longestBacktickRun(text) + 1))
        var markdown = fence + [MarkdownByte.newline]
        markdown.append(contentsOf: text)
        if text.last != MarkdownByte.newline { markdown.append(MarkdownByte.newline) }
        fence.append(MarkdownByte.newline)
        markdown.append(contentsOf: fence)
        return Outcome(markdown: markdown, disabledOptions: [], warnings: [.warning(
            "note too large and dense to render as Markdown in good time (a cost estimate of \(weight) against a budget of "
                + "\(limits.markupWeight)); shown as preformatted text; expected a smaller note (split it into several files)")])
    }

    /// The weighted markers of the input: containers opened at the start of each line, then the inline markers.
    static func markupWeight(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var weight = 0
        forEachLine(in: text) { _, start, end in
            let (containers, contentStart) = containerPrefix(text, start, end)
            weight += 8 * containers + Int(inlineWeights[Int(MarkdownByte.newline)])
            // A heading costs a block of its own.
            if contentStart < end, text[contentStart] == UInt8(ascii: "#") { weight += 4 }
            for index in contentStart..<end {
                weight += Int(inlineWeights[Int(text[index])])
            }
        }
        return weight
    }

    /// How many block quotes and list items a line opens (`> - 1. text`), and where its content starts.
    private static func containerPrefix(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var containers = 0
        var index = start
        while true {
            while index < end, text[index] == MarkdownByte.space || text[index] == MarkdownByte.tab { index += 1 }
            guard index < end else { return (containers, index) }
            let byte = text[index]
            if byte == UInt8(ascii: ">") {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*"), endsMarker(text, index + 1, end) {
                index += 1
            } else {
                var digit = index
                while digit < end, digit - index < 9, text[digit] >= UInt8(ascii: "0"), text[digit] <= UInt8(ascii: "9") { digit += 1 }
                guard digit > index, digit < end, text[digit] == UInt8(ascii: ".") || text[digit] == UInt8(ascii: ")"),
                      endsMarker(text, digit + 1, end)
                else { return (containers, index) }
                index = digit + 1
            }
            containers += 1
        }
    }

    private static func endsMarker(_ text: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Bool {
        index == end || text[index] == MarkdownByte.space || text[index] == MarkdownByte.tab
    }

    /// Weight by byte, measured: `*`, `_`, `~` open delimiter runs; `[`, `]` brackets; `:`, `<`, `w`
    /// start autolink or raw HTML checks; `.`, `"`, `'`, `!` each end a text node; a line break makes two nodes.
    private static let inlineWeights: [UInt8] = {
        var weights = [UInt8](repeating: 0, count: 256)
        let table: [(Character, UInt8)] = [
            ("*", 8), ("_", 8), ("~", 8), ("[", 6), ("]", 6), (":", 6), ("<", 6), ("&", 4), ("`", 4),
            ("!", 2), (".", 2), ("\"", 2), ("'", 2), ("w", 2), ("\\", 1), ("\n", 5),
        ]
        for (character, weight) in table {
            weights[Int(character.asciiValue ?? 0)] = weight
        }
        return weights
    }()

    private static func longestBacktickRun(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var longest = 0
        var run = 0
        for byte in text {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
