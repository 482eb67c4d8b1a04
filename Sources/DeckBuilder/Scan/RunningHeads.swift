/// Finds running headers and footers: lines near the top or bottom of a page that recur, allowing for OCR noise,
/// on several pages. Page numbers inside them (`CHAPTER II. 43`) do not stop a match.
enum RunningHeads {
    /// Removes running heads and edge page numbers from `pages`, and the blank lines left at each page's edges
    /// (a page break is not a paragraph break); returns how many heads and numbers went.
    static func strip(_ pages: inout [[String]]) -> (heads: Int, numbers: Int) {
        var heads = 0
        var numbers = 0
        let several = pages.count >= 2
        if several {
            for (page, indices) in repeatedEdgeLines(in: pages) {
                for index in Set(indices).sorted(by: >) { pages[page].remove(at: index); heads += 1 }
            }
        }
        // A number may sit beside a head (removed above) or alone: look twice at each edge.
        for page in pages.indices {
            for _ in 0..<2 {
                let edges = PageSplitter.edgeIndices(of: pages[page], count: 1)
                let found = Set(edges.top + edges.bottom).filter { PageNumbers.isPageNumber(pages[page][$0], strongOnly: !several) }
                guard !found.isEmpty else { break }
                for index in found.sorted(by: >) { pages[page].remove(at: index); numbers += 1 }
            }
            while let first = pages[page].first, first.allSatisfy(\.isWhitespace), pages.count > 1 { pages[page].removeFirst() }
            while let last = pages[page].last, last.allSatisfy(\.isWhitespace), pages.count > 1 { pages[page].removeLast() }
        }
        return (heads, numbers)
    }

    /// For each page, the indices of its edge lines that recur on enough other pages.
    private static func repeatedEdgeLines(in pages: [[String]]) -> [Int: [Int]] {
        let zones = pages.map { PageSplitter.edgeIndices(of: $0, count: 2) }
        let needed = max(2, Int((Double(pages.count) * 0.3).rounded(.up)))
        var found = [Int: [Int]]()
        for atTop in [true, false] {
            let keys = pages.indices.map { page in
                (atTop ? zones[page].top : zones[page].bottom).map { (index: $0, key: key(of: pages[page][$0])) }
            }
            // Each edge line is compared with a bounded set of heads, so a long scan stays linear: every distinct
            // line for a short text, else the lines seen most often (a real running head recurs, OCR noise or not).
            let heads = candidateHeads(keys.flatMap { $0.map(\.key) })
            var pagesByHead = [String: Set<Int>]()
            for page in pages.indices {
                for line in keys[page] {
                    for head in heads where similar(line.key, head) { pagesByHead[head, default: []].insert(page) }
                }
            }
            // The pages of each set of heads a line is like, gathered once per set: gathering them again for every
            // line made a scan of thousands of pages quadratic.
            var pagesByLikeness = [[Int]: Set<Int>]()
            for page in pages.indices {
                for candidate in keys[page] where candidate.key.count >= 4 {
                    let like = heads.indices.filter { similar(candidate.key, heads[$0]) }
                    let pagesWithHeads = pagesByLikeness[like] ?? like.reduce(into: Set<Int>()) { $0.formUnion(pagesByHead[heads[$1]] ?? []) }
                    pagesByLikeness[like] = pagesWithHeads
                    let pagesWithIt = pagesWithHeads.count + (pagesWithHeads.contains(page) ? 0 : 1)
                    if pagesWithIt >= needed { found[page, default: []].append(candidate.index) }
                }
            }
        }
        return found
    }

    /// The distinct keys worth comparing against: all of them when there are few, else the 40 most frequent.
    private static func candidateHeads(_ keys: [String]) -> [String] {
        var counts = [String: Int]()
        for key in keys where key.count >= 4 { counts[key, default: 0] += 1 }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        return ranked.count <= 120 ? ranked : Array(ranked.prefix(40))
    }

    /// The letters of `line`, lowercased: digits, punctuation and spacing vary from page to page.
    static func key(of line: String) -> String {
        String(line.lowercased().filter { $0.isLetter })
    }

    /// Equal but for a few OCR errors (at most a quarter of the letters).
    static func similar(_ a: String, _ b: String) -> Bool {
        guard a.count >= 4, b.count >= 4 else { return false }
        let allowed = max(1, max(a.count, b.count) / 4)
        guard abs(a.count - b.count) <= allowed else { return false }
        return EditDistance.between(Array(a), Array(b)) <= allowed
    }
}

/// Levenshtein distance.
enum EditDistance {
    static func between<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
