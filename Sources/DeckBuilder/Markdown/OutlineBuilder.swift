/// What the cmark walk tells the outline builder, as plain Swift values.
enum OutlineEvent {
    enum Container {
        case heading(level: Int)
        case paragraph
        case list
        case item
        case strong
        case table
        case row
        case cell
        case other
    }

    case enter(Container, line: Int)
    case exit(Container)
    /// Text, code span or other literal words inside the current block: the UTF-8 bytes cmark-gfm holds, read
    /// during the call only.
    case text(UnsafeBufferPointer<UInt8>)
    /// A soft or hard line break.
    case lineBreak
}

/// Builds a `NoteOutline` from the walk's events, keeping its own stack instead of recursing.
struct OutlineBuilder {
    private var entries = [NoteOutline.Entry]()

    /// The outline built so far.
    var outline: NoteOutline {
        NoteOutline(entries: entries)
    }
    private var headings: [(level: Int, text: String)] = [] {
        didSet { headingTexts = headings.map(\.text) }
    }
    /// The texts of `headings`, worked out when they change rather than for each block: the blocks under one
    /// heading share one array.
    private var headingTexts: [String] = []
    private var listDepth = 0
    private var itemHasParagraph: [Bool] = []
    /// The block whose text is being gathered.
    private var current: (strong: [String], leadingStrong: String?, line: Int)?
    /// The current block's text as UTF-8 bytes, in one buffer kept from block to block: a block is made a string
    /// once, where each text node's own string cost more than the rest of the outline.
    private var text = [UInt8]()
    /// Where the bold span began, as a UTF-8 offset into the block's text.
    private var strongStart: Int?
    private var strongOpensBlock = false
    private var table: (line: Int, rows: [[String]])?
    private var row: [String]?

    mutating func take(_ event: OutlineEvent) {
        switch event {
        case .enter(let container, let line):
            enter(container, line: line)
        case .exit(let container):
            exit(container)
        case .text(let words):
            if current != nil { text.append(contentsOf: words) }
        case .lineBreak:
            if current != nil { text.append(0x20) }
        }
    }

    private mutating func enter(_ container: OutlineEvent.Container, line: Int) {
        switch container {
        case .heading, .paragraph, .cell:
            current = ([], nil, line)
            text.removeAll(keepingCapacity: true)
        case .list:
            listDepth += 1
        case .item:
            itemHasParagraph.append(false)
        case .strong:
            strongStart = current == nil ? nil : text.count
            strongOpensBlock = current != nil && Self.isAllWhitespace(text)
        case .table:
            table = (line, [])
        case .row:
            row = []
        case .other:
            break
        }
    }

    private mutating func exit(_ container: OutlineEvent.Container) {
        switch container {
        case .heading(let level):
            guard let block = finishText() else { return }
            headings.removeAll { $0.level >= level }
            append(.heading(level: level, text: block.text), line: block.line)
            headings.append((level, block.text.text))
        case .paragraph:
            guard let block = finishText() else { return }
            if let isFirst = itemHasParagraph.last, !isFirst {
                itemHasParagraph[itemHasParagraph.count - 1] = true
                append(.listItem(block.text, depth: listDepth), line: block.line)
            } else {
                append(.paragraph(block.text), line: block.line)
            }
        case .strong:
            if let start = strongStart, current != nil, start <= text.count {
                let words = String(decoding: text[start...], as: UTF8.self).trimmingWhitespace
                if !words.isEmpty {
                    current?.strong.append(words)
                    if strongOpensBlock && current?.leadingStrong == nil { current?.leadingStrong = words }
                }
            }
            strongStart = nil
        case .cell:
            let text = finishText()?.text.text ?? ""
            row?.append(text)
        case .row:
            if let finished = row { table?.rows.append(finished) }
            row = nil
        case .table:
            if let finished = table, let header = finished.rows.first {
                append(.table(header: header, rows: Array(finished.rows.dropFirst())), line: finished.line)
            }
            table = nil
        case .list:
            listDepth -= 1
        case .item:
            _ = itemHasParagraph.popLast()
        case .other:
            break
        }
    }

    private mutating func finishText() -> (text: OutlineText, line: Int)? {
        guard let block = current else { return nil }
        current = nil
        let finished = OutlineText(text: String(decoding: text, as: UTF8.self).trimmingWhitespace,
                                   leadingStrong: block.leadingStrong, strong: block.strong)
        text.removeAll(keepingCapacity: true)
        return (finished, block.line)
    }

    /// Whether `bytes` are whitespace only, as Unicode tells it: looked at up to the first letter, and decoded only
    /// from the first byte beyond ASCII (a no-break space is whitespace).
    private static func isAllWhitespace(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.firstIndex(where: { !$0.isASCIIWhitespace }) else { return true }
        guard bytes[first] >= 0x80 else { return false }
        return String(decoding: bytes[first...], as: UTF8.self).unicodeScalars.allSatisfy(\.isWhitespace)
    }

    private mutating func append(_ block: NoteOutline.Block, line: Int) {
        entries.append(NoteOutline.Entry(block: block, line: line, headings: headingTexts))
    }
}
