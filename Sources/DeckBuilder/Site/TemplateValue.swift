/// The data a Mustache template renders: JSON-shaped, so page models and spec fixtures map onto it directly.
public indirect enum TemplateValue: Sendable, Equatable {
    /// Text, HTML-escaped when written with `{{name}}`.
    case string(String)
    /// A flag: `true` shows a section without changing the context, `false` hides it.
    case bool(Bool)
    /// A number; whole numbers print without a fraction (`85`, not `85.0`).
    case number(Double)
    /// Items a section repeats over, each becoming the context in turn.
    case list([TemplateValue])
    /// Named fields, looked up by `{{name}}` and `{{a.b}}`.
    case object([String: TemplateValue])
    /// No value: renders as nothing and is falsy.
    case null
}

// MARK: - Rendering rules

extension TemplateValue {
    /// Whether a section shows (and an inverted section hides).
    ///
    /// `null`, `false`, `""`, `0` and `[]` are falsy, as in JavaScript Mustache, so a template can write
    /// `{{#count}}…{{/count}}` or `{{^items}}none{{/items}}` without the page model adding flags.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let text): !text.isEmpty
        case .number(let value): value != 0
        case .list(let items): !items.isEmpty
        case .object: true
        }
    }

    /// The text `{{name}}` writes, before HTML escaping; lists and objects have none.
    public var text: String {
        switch self {
        case .string(let text): text
        case .bool(let value): value ? "true" : "false"
        case .number(let value): Self.format(value)
        case .list, .object, .null: ""
        }
    }

    /// Prints whole numbers as integers and others in their shortest round-tripping form (`1.21`).
    private static func format(_ value: Double) -> String {
        // 2^53: beyond it not every integer is representable, and `Int(_:)` would trap past Int.max.
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return String(value)
    }
}

// MARK: - Literals

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates win, like a JSON object read by most parsers.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}
