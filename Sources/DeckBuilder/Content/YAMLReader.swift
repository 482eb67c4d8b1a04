import CYaml

/// Parses YAML with libyaml into `YAMLNode`s; the only file that imports CYaml.
public enum YAMLReader {
    /// Parses the first document of `source`; nil for an empty document.
    /// - Parameter lineOffset: added to every line, for YAML embedded in a larger file.
    public static func parse(_ source: String, lineOffset: Int = 0) throws(Diagnostic) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error("out of memory while reading YAML")
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(source.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var builder = TreeBuilder(lineOffset: lineOffset)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw problem(of: parser, lineOffset: lineOffset)
                }
                defer { yaml_event_delete(&event) }
                let done = try builder.take(event)
                if done { return builder.root }
            }
        }
    }

    /// Where libyaml found the problem; when it names the construct it was reading (a `[` list, a quoted
    /// string), the error points at the line that construct starts on, which is where the user has to look.
    private static func problem(of parser: yaml_parser_t, lineOffset: Int) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        let mark = parser.problem_mark
        guard let context = parser.context.map({ String(cString: $0) }) else {
            return .error("YAML: \(problem); expected `key: value` lines",
                          line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
        }
        let opened = parser.context_mark
        return .error(
            "YAML: \(problem) at line \(Int(mark.line) + 1 + lineOffset), \(context) that starts here; expected `key: value` lines with brackets and quotes closed",
            line: Int(opened.line) + 1 + lineOffset, column: Int(opened.column) + 1)
    }
}

/// Turns libyaml's event stream into a tree with an explicit stack, so deep nesting cannot overflow ours; the tree is
/// kept to `maximumDepth` levels, since freeing a deeper one, node inside node, would overflow the stack after all.
private struct TreeBuilder {
    /// Far deeper than any settings or front matter: `title: [[[[…` from a stranger's folder is refused instead.
    static let maximumDepth = 64

    enum Open {
        case sequence([YAMLNode], line: Int, column: Int)
        case mapping([YAMLNode.Pair], pendingKey: YAMLNode?, line: Int, column: Int)
    }

    let lineOffset: Int
    var stack: [Open] = []
    var root: YAMLNode?
    var sawDocument = false

    init(lineOffset: Int) { self.lineOffset = lineOffset }

    /// Takes one event; returns true at the end of the first document or the stream.
    mutating func take(_ event: yaml_event_t) throws(Diagnostic) -> Bool {
        let line = Int(event.start_mark.line) + 1 + lineOffset
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
            return true
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            add(YAMLNode(value: .scalar(text, plain: plain), line: line, column: column))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < Self.maximumDepth else {
                throw .error("YAML nested more than \(Self.maximumDepth) levels deep; expected settings nested a few levels at most",
                             line: line, column: column)
            }
            stack.append(event.type == YAML_SEQUENCE_START_EVENT ? .sequence([], line: line, column: column)
                                                                  : .mapping([], pendingKey: nil, line: line, column: column))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return true }
            switch open {
            case .sequence(let items, let line, let column):
                add(YAMLNode(value: .sequence(items), line: line, column: column))
            case .mapping(let pairs, _, let line, let column):
                add(YAMLNode(value: .mapping(pairs), line: line, column: column))
            }
        case YAML_ALIAS_EVENT:
            throw .error("YAML aliases (`*name`) are not supported; expected plain values", line: line, column: column)
        default:
            break
        }
        return false
    }

    private mutating func add(_ node: YAMLNode) {
        guard let open = stack.popLast() else {
            root = node
            return
        }
        switch open {
        case .sequence(var items, let line, let column):
            items.append(node)
            stack.append(.sequence(items, line: line, column: column))
        case .mapping(var pairs, let pendingKey, let line, let column):
            if let key = pendingKey {
                pairs.append(YAMLNode.Pair(key: key, value: node))
                stack.append(.mapping(pairs, pendingKey: nil, line: line, column: column))
            } else {
                stack.append(.mapping(pairs, pendingKey: node, line: line, column: column))
            }
        }
    }
}
