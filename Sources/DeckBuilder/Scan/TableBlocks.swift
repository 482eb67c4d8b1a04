import Foundation

/// Finds table-like runs of lines: columns aligned by runs of two or more spaces, or rows of short numeric cells.
/// Such runs are kept as they are, in a fenced code block, rather than joined into a paragraph.
enum TableBlocks {
    /// The ranges of `lines` that look like tables.
    static func runs(in lines: [String]) -> [Range<Int>] {
        var runs = [Range<Int>]()
        var start: Int?
        func close(at end: Int) {
            if let begin = start, isTable(Array(lines[begin..<end])) { runs.append(begin..<end) }
            start = nil
        }
        for (index, line) in lines.enumerated() {
            if isRowCandidate(line) {
                if start == nil { start = index }
            } else {
                close(at: index)
            }
        }
        close(at: lines.count)
        return runs
    }

    /// A line with two or more cells apart by a wide gap, or with three or more cells, half of them numbers.
    static func isRowCandidate(_ line: String) -> Bool {
        !gapColumns(line).isEmpty || isNumericRow(line)
    }

    private static func isTable(_ rows: [String]) -> Bool {
        guard rows.count >= 2 else { return false }
        if rows.count >= 3, rows.filter(isNumericRow).count * 3 >= rows.count * 2 { return true }
        // Aligned: some column starts at the same place (±1) on at least two thirds of the rows.
        let columns = rows.map(gapColumns)
        let positions = Set(columns.flatMap { $0 })
        let needed = max(2, (rows.count * 2 + 2) / 3)
        return positions.contains { position in
            columns.filter { row in row.contains { abs($0 - position) <= 1 } }.count >= needed
        }
    }

    /// Where cells start after a gap of two or more spaces (or a tab), indentation aside.
    static func gapColumns(_ line: String) -> [Int] {
        var columns = [Int]()
        var spaces = 0
        var seenText = false
        for (offset, character) in line.enumerated() {
            if character == " " { spaces += 1; continue }
            if character == "\t" { spaces += 2; continue }
            if seenText, spaces >= 2 { columns.append(offset) }
            seenText = true
            spaces = 0
        }
        return columns
    }

    private static func isNumericRow(_ line: String) -> Bool {
        let cells = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard cells.count >= 3 else { return false }
        let numeric = cells.filter { cell in
            cell.contains(where: \.isNumber) && cell.allSatisfy { $0.isNumber || ".,%$€£¥()+-−/:".contains($0) }
        }
        return numeric.count * 2 >= cells.count
    }
}
