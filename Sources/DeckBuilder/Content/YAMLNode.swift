/// A YAML value with the 1-based line and column where it starts.
public struct YAMLNode: Sendable, Equatable {
    /// The three shapes a YAML value takes.
    public indirect enum Value: Sendable, Equatable {
        /// A scalar; `plain` is false when it was quoted or a block scalar, so `"12"` stays text.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// One key and value of a mapping, in document order.
    public struct Pair: Sendable, Equatable {
        public var key: YAMLNode
        public var value: YAMLNode
    }

    public var value: Value
    public var line: Int
    public var column: Int

    /// The scalar's text, or nil for a sequence or mapping.
    public var text: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// The value for `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { $0.key.text == key }?.value
    }

    /// A plain scalar read as YAML 1.2 core `null`.
    public var isNull: Bool {
        if case .scalar(let text, true) = value { return ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }

    /// A plain scalar read as a YAML boolean.
    public var bool: Bool? {
        guard case .scalar(let text, true) = value else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// A plain scalar read as a whole number.
    public var int: Int? {
        guard case .scalar(let text, true) = value else { return nil }
        return Int(text)
    }

    /// A short name for the node's shape, for error messages.
    public var kindName: String {
        switch value {
        case .scalar: "text"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
