/// One piece of a parsed template; the renderer walks these, never the source text.
indirect enum MustacheNode: Sendable, Equatable {
    /// Literal text, already stripped of standalone-tag lines.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw). An empty path is the implicit iterator `{{.}}`.
    case variable(path: [String], escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(path: [String], inverted: Bool, children: [MustacheNode])
    /// `{{>name}}`; `indent` is the whitespace before a standalone tag, put before each line of the partial.
    case partial(name: String, indent: String?)
}
