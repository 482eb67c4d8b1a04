// The autolink extension of cmark-gfm 0.29.0.gfm.6 rescans text in two ways:
// - at each `www.` (after a space or `*_~(`) and each `://`, it scans to the end of the unbroken
//   run of non-space bytes, and again for each `)` it trims from the end (`www.a.b/))))…`), even
//   when the match then fails or stops early (`www.a_www.a_…`, `<http://a<http://a…`);
// - at each `@` of a text node (up to 1,000 per node) it scans forward over the address bytes and,
//   on a match, copies the rest of the node (`a@a@a@…`, `a@b.co a@b.co …` on one line).
// The guard estimates those bytes per line (a text node never spans lines) and, over budget,
// turns the extension off for the input: bare URLs and addresses stay text; `<…>` autolinks still work.

extension MarkdownInputGuard {
    func autolinkVerdict(_ text: UnsafeBufferPointer<UInt8>) -> Verdict {
        var total = 0
        var worst: (line: Int, cost: Int)?
        Self.forEachLine(in: text) { line, start, end in
            guard total <= limits.autolinkScan else { return }
            let cost = Self.autolinkScanCost(text, start, end)
            total = Self.saturatingAdd(total, cost)
            if cost > worst?.cost ?? 0 { worst = (line, cost) }
        }
        guard total > limits.autolinkScan, let worst else { return Verdict() }
        return Verdict(disable: .autolinks, warnings: [.warning(
            "too many web or e-mail addresses run together for autolinking (about \(worst.cost) bytes to rescan on this line); "
                + "bare addresses in this note left as text; expected addresses separated by spaces",
            line: worst.line)])
    }

    /// Bytes the autolink extension would scan on one line, saturating instead of overflowing.
    static func autolinkScanCost(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var cost = 0
        var ats = 0
        var runStart = start
        var index = start
        while index <= end {
            let byte = index < end ? text[index] : MarkdownByte.space
            if byte == UInt8(ascii: "@") { ats += 1 }
            if isSpace(byte) {
                if index > runStart { cost = saturatingAdd(cost, urlScanCost(text, runStart, index)) }
                runStart = index + 1
            }
            index += 1
        }
        // Each `@` (at most 1,000 per text node) may scan or copy the rest of the node.
        return saturatingAdd(cost, min(ats, 1_000) * (end - start))
    }

    /// Bytes scanned for `www.` and `://` candidates in one run of non-space bytes.
    private static func urlScanCost(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var closers = 0
        for index in start..<end where text[index] == UInt8(ascii: ")") { closers += 1 }
        var cost = 0
        var index = start
        while index < end {
            let byte = text[index]
            if byte == UInt8(ascii: ")") { closers -= 1 }
            if isURLCandidate(text, index, runStart: start, end: end) {
                let (scan, overflow) = (end - index).multipliedReportingOverflow(by: 1 + closers)
                cost = overflow ? Int.max : saturatingAdd(cost, scan)
            }
            index += 1
        }
        return cost
    }

    private static func isURLCandidate(_ text: UnsafeBufferPointer<UInt8>, _ index: Int, runStart: Int, end: Int) -> Bool {
        if text[index] == UInt8(ascii: ":") {
            return index + 2 < end && text[index + 1] == UInt8(ascii: "/") && text[index + 2] == UInt8(ascii: "/")
        }
        guard text[index] == UInt8(ascii: "w"), index + 3 < end,
              text[index + 1] == UInt8(ascii: "w"), text[index + 2] == UInt8(ascii: "w"), text[index + 3] == UInt8(ascii: ".")
        else { return false }
        guard index > runStart else { return true }
        return [UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "(")].contains(text[index - 1])
    }

    /// cmark's `cmark_isspace`: the bytes that end an autolink.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == MarkdownByte.space || (byte >= 0x09 && byte <= 0x0D)
    }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
