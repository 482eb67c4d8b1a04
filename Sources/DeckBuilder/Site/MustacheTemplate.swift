/// A Mustache template, parsed once and rendered many times against `TemplateValue` data.
///
/// Variables are HTML-escaped unless written `{{{name}}}` or `{{&name}}`. Lambdas are not supported.
public struct MustacheTemplate: Sendable {
    /// The name errors are reported under, usually the template's file name.
    public let name: String
    let nodes: [MustacheNode]
    /// A first guess at the output size, so rendering rarely has to grow its buffer.
    private let sizeHint: Int

    /// Parses `source`, throwing the first syntax error with its line and column.
    public init(_ source: String, name: String = "") throws(TemplateError) {
        var parser = MustacheParser(source: source, name: name)
        self.nodes = try parser.parse()
        self.name = name
        self.sizeHint = source.utf8.count
    }

    /// Renders with `context` as the root; `{{>name}}` looks `name` up in `partials`, and a missing one renders nothing.
    public func render(_ context: TemplateValue, partials: [String: MustacheTemplate] = [:]) -> String {
        rendering(context, partials: partials).output
    }

    /// `render`, and whether it stopped unfinished at the renderer's limits (`MustacheRenderer.overflowed`).
    func rendering(_ context: TemplateValue, partials: [String: MustacheTemplate],
                   limits: MustacheRenderer.Limits = .init()) -> (output: String, overflowed: Bool) {
        var renderer = MustacheRenderer(context: context, partials: partials, capacity: sizeHint, limits: limits)
        renderer.render(nodes)
        return (renderer.output, renderer.overflowed)
    }

    /// Parses templates given as name → source, naming each after its key; the first error by name is thrown.
    public static func compile(_ sources: [String: String]) throws(TemplateError) -> [String: MustacheTemplate] {
        var templates: [String: MustacheTemplate] = [:]
        // Sorted so that with several broken templates the same one is always reported.
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try MustacheTemplate(source, name: name)
        }
        return templates
    }
}
