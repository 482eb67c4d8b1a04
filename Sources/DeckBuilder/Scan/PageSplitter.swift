/// Cuts OCR text into pages at form feeds, and pages into lines.
enum PageSplitter {
    /// The lines of each page; an empty last page (text ending in a form feed) is left out.
    static func pages(of text: String) -> [[String]] {
        var pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).map { page in
            page.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        }
        if pages.count > 1, let last = pages.last, last.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { pages.removeLast() }
        return pages
    }

    /// The indices of the first `count` and last `count` non-blank lines of `page`.
    static func edgeIndices(of page: [String], count: Int) -> (top: [Int], bottom: [Int]) {
        let filled = page.indices.filter { !page[$0].allSatisfy(\.isWhitespace) }
        let top = Array(filled.prefix(count))
        let bottom = Array(filled.suffix(count).filter { !top.contains($0) })
        return (top, bottom)
    }
}
