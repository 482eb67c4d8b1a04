// cmark-gfm 0.29.0.gfm.6 parses and renders a table row in time quadratic in its cells (10,000
// columns take a third of a second, 50,000 take eight), and pads every short row with empty cells
// up to the header's width (a 1,000-column header over 100,000 one-word lines makes 100 million
// cells). So the guard finds every place a table may start (a delimiter row under a non-blank
// line), takes the lines up to the next blank line as its rows, and turns the table extension off
// when a row is too wide or the tables hold too many cells.

extension MarkdownInputGuard {
    func tableVerdict(_ text: UnsafeBufferPointer<UInt8>) -> Verdict {
        var scan = TableScan()
        var previous: TableLine?
        Self.forEachLine(in: text) { line, start, end in
            let current = TableLine(text, start, end, number: line)
            defer { previous = current }
            if scan.open != nil, !current.isBlank {
                scan.open?.add(current)
                return
            }
            scan.close()  // A blank line ends the open table, if any.
            if let columns = current.delimiterColumns, let header = previous, !header.isBlank {
                scan.open = TableRegion(header: header, delimiter: current, columns: columns)
            }
        }
        scan.close()

        var verdict = Verdict()
        if let widest = scan.widest, widest.cells > limits.tableColumns {
            verdict.disable = .tables
            verdict.warnings.append(.warning(
                "table with \(widest.cells) columns rendered as plain text; expected at most \(limits.tableColumns) columns",
                line: widest.line))
        } else if scan.totalCells > limits.tableCells, let largest = scan.largest {
            verdict.disable = .tables
            verdict.warnings.append(.warning(
                "tables with \(scan.totalCells) cells rendered as plain text; expected at most \(limits.tableCells) cells in one note",
                line: largest.line))
        }
        return verdict
    }
}

// MARK: - Scanning

/// What the table check needs to know about one line.
private struct TableLine {
    var number: Int
    var isBlank: Bool
    /// Cells the line would split into: its `|` count, plus one, less a leading and a trailing pipe.
    var cells: Int
    /// The column count when the line looks like a delimiter row (`| --- | :-: |`), else nil.
    var delimiterColumns: Int?

    init(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, number: Int) {
        self.number = number
        // Block quote markers and indentation come before a table inside a quote or a list item.
        var first = start
        while first < end, text[first] == MarkdownByte.space || text[first] == MarkdownByte.tab || text[first] == UInt8(ascii: ">") {
            first += 1
        }
        var last = end
        while last > first, text[last - 1] == MarkdownByte.space || text[last - 1] == MarkdownByte.tab { last -= 1 }
        isBlank = first == last

        var pipes = 0
        var onlyDelimiterBytes = true
        var hasColon = false
        var columns = 0
        var segmentHasDash = false
        for index in first..<last {
            switch text[index] {
            case UInt8(ascii: "|"):
                pipes += 1
                if segmentHasDash { columns += 1 }
                segmentHasDash = false
            case UInt8(ascii: "-"):
                segmentHasDash = true
            case UInt8(ascii: ":"):
                hasColon = true
            case MarkdownByte.space, MarkdownByte.tab:
                break
            default:
                onlyDelimiterBytes = false
            }
        }
        if segmentHasDash { columns += 1 }
        let leading = !isBlank && text[first] == UInt8(ascii: "|") ? 1 : 0
        let trailing = !isBlank && last - first > 1 && text[last - 1] == UInt8(ascii: "|") ? 1 : 0
        cells = isBlank ? 0 : pipes + 1 - leading - trailing
        // `---` alone is a thematic break or a setext underline; a pipe or a colon makes it a delimiter row.
        delimiterColumns = onlyDelimiterBytes && columns > 0 && (pipes > 0 || hasColon) ? columns : nil
    }
}

/// A run of lines that cmark-gfm may parse as one table: header, delimiter row, rows up to a blank line.
private struct TableRegion {
    var columns: Int
    var rows: Int
    var headerLine: Int
    var widestLine: Int
    var widestCells: Int

    init(header: TableLine, delimiter: TableLine, columns: Int) {
        self.columns = columns
        rows = 2
        headerLine = header.number
        widestLine = header.number
        widestCells = max(header.cells, columns)
        if delimiter.cells > widestCells {
            widestCells = delimiter.cells
            widestLine = delimiter.number
        }
    }

    mutating func add(_ row: TableLine) {
        rows += 1
        if row.cells > widestCells {
            widestCells = row.cells
            widestLine = row.number
        }
    }

    /// Every row is cut or padded to the header's width.
    var cells: Int { rows * columns }
}

private struct TableScan {
    var open: TableRegion?
    var totalCells = 0
    var widest: (line: Int, cells: Int)?
    var largest: (line: Int, cells: Int)?

    mutating func close() {
        guard let region = open else { return }
        open = nil
        totalCells += region.cells
        if region.widestCells > widest?.cells ?? 0 { widest = (region.widestLine, region.widestCells) }
        if region.cells > largest?.cells ?? 0 { largest = (region.headerLine, region.cells) }
    }
}
