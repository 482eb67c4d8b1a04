/// Walks parsed nodes against a context stack, writing into one growing string.
struct MustacheRenderer {
    /// Deeper partial nesting than this is a runaway recursion, not a page; it renders as nothing.
    static let maxPartialDepth = 100
    /// Sections and partials inside each other, all told: past this the stack, not the page, would run out.
    static let maximumNesting = 300
    /// How far a page may go: no page is this large or this long to make, while a template that repeats itself
    /// (`{{> base}}{{> base}}` in base, or sections over a list nested forty deep) would grow without end. Past
    /// either, rendering stops and `overflowed` says so.
    struct Limits: Sendable {
        var outputBytes = 64 * 1024 * 1024
        /// Nodes rendered, each section item and partial counting its nodes again: the index of 20,000 notes takes
        /// about half a million.
        var nodes = 20_000_000
    }

    private(set) var output = ""
    /// Whether rendering stopped at a limit or at `maximumNesting`, leaving the page unfinished.
    private(set) var overflowed = false
    private var nesting = 0
    private let limits: Limits
    private var nodesLeft: Int
    private let partials: [String: MustacheTemplate]
    /// Innermost context last; names resolve from the innermost outwards.
    private var stack: [TemplateValue]
    /// Whitespace put before each template line of the standalone partial being rendered.
    private var indent = ""
    /// Whether the next template output starts a line, so it gets `indent`; only tracked while `indent` is set.
    private var atLineStart = false
    private var partialDepth = 0

    init(context: TemplateValue, partials: [String: MustacheTemplate], capacity: Int, limits: Limits = Limits()) {
        self.stack = [context]
        self.partials = partials
        self.limits = limits
        nodesLeft = limits.nodes
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [MustacheNode]) {
        guard nesting < Self.maximumNesting else {
            overflowed = true
            return
        }
        nesting += 1
        defer { nesting -= 1 }
        for node in nodes {
            nodesLeft -= 1
            // A native string knows its length in bytes without counting.
            guard !overflowed, nodesLeft >= 0, output.utf8.count <= limits.outputBytes else {
                overflowed = true
                return
            }
            switch node {
            case .text(let text):
                write(template: text)
            case .variable(let path, let escaped):
                let value = lookup(path)?.text ?? ""
                startLine()
                output += escaped ? HTML.escape(value) : value
            case .section(let path, let inverted, let children):
                renderSection(lookup(path) ?? .null, inverted: inverted, children: children)
            case .partial(let name, let standaloneIndent):
                renderPartial(name, indent: standaloneIndent)
            }
        }
    }
}

// MARK: - Sections and partials

private extension MustacheRenderer {
    mutating func renderSection(_ value: TemplateValue, inverted: Bool, children: [MustacheNode]) {
        guard !inverted else {
            if !value.isTruthy { render(children) }
            return
        }
        guard value.isTruthy else { return }
        switch value {
        case .list(let items):
            for item in items {
                renderPushing(item, children)
            }
        case .bool:
            // `true` has no keys and `{{.}}` printing "true" helps nobody: keep the current context.
            render(children)
        default:
            renderPushing(value, children)
        }
    }

    mutating func renderPushing(_ context: TemplateValue, _ children: [MustacheNode]) {
        stack.append(context)
        render(children)
        stack.removeLast()
    }

    mutating func renderPartial(_ name: String, indent standaloneIndent: String?) {
        guard partialDepth < Self.maxPartialDepth, let partial = partials[name] else { return }
        let outerIndent = indent
        if let standaloneIndent {
            // A standalone partial starts on its own line, indented like its tag.
            indent = outerIndent + standaloneIndent
            atLineStart = true
        }
        partialDepth += 1
        render(partial.nodes)
        partialDepth -= 1
        indent = outerIndent
    }

    /// Resolves the first key in the innermost context that has it, the rest inside that value only.
    func lookup(_ path: [String]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        for context in stack.reversed() {
            guard case .object(let fields) = context, let found = fields[first] else { continue }
            var value = found
            for key in path.dropFirst() {
                guard case .object(let nested) = value, let next = nested[key] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }
}

// MARK: - Indentation

private extension MustacheRenderer {
    /// Writes the pending indentation before the first output of a template line inside an indented partial.
    mutating func startLine() {
        guard atLineStart, !indent.isEmpty else { return }
        output += indent
        atLineStart = false
    }

    /// Writes template text, indenting each of its non-empty lines when inside an indented partial.
    mutating func write(template text: String) {
        guard !indent.isEmpty else {
            output += text
            return
        }
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        while let newline = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = text[lineStart..<newline]
            // Blank lines stay blank rather than gaining trailing whitespace.
            if !line.isEmpty, line != "\r" { startLine() }
            output += text[lineStart...newline]
            atLineStart = true
            lineStart = utf8.index(after: newline)
        }
        if lineStart < utf8.endIndex {
            startLine()
            output += text[lineStart...]
        }
    }
}
