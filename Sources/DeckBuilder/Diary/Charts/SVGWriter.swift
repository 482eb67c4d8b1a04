/// Builds SVG markup element by element; every attribute value and text passes through `HTML.escape`.
struct SVGWriter {
    private(set) var markup = ""

    /// An attribute as written: name and unescaped value, in call order so output is byte-stable.
    typealias Attributes = KeyValuePairs<String, String>

    /// `<name a="…">`, left open for children.
    mutating func open(_ name: String, _ attributes: Attributes...) {
        markup += "<" + name
        for list in attributes { append(list) }
        markup += ">"
    }

    mutating func close(_ name: String) {
        markup += "</" + name + ">"
    }

    /// `<name a="…"/>`, or `<name a="…"><title>…</title></name>` when a tooltip is given.
    mutating func leaf(_ name: String, _ attributes: Attributes..., tooltip: String? = nil) {
        markup += "<" + name
        for list in attributes { append(list) }
        guard let tooltip else {
            markup += "/>"
            return
        }
        markup += "><title>" + HTML.escape(tooltip) + "</title></" + name + ">"
    }

    /// `<name a="…">text</name>`.
    mutating func element(_ name: String, _ attributes: Attributes..., text: String) {
        markup += "<" + name
        for list in attributes { append(list) }
        markup += ">"
        markup += HTML.escape(text)
        close(name)
    }

    /// Markup another writer made, already escaped.
    mutating func append(_ other: SVGWriter) {
        markup += other.markup
    }

    private mutating func append(_ attributes: Attributes) {
        for (name, value) in attributes {
            markup += " " + name + "=\"" + HTML.escape(value) + "\""
        }
    }
}
