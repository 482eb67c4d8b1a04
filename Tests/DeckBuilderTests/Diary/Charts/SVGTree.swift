import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A chart parsed as XML, flattened to its elements in document order, each with its attributes and the classes of
/// the groups around it (charts put a series' class on the `<g>` that holds its elements).
struct SVGTree {
    struct Node {
        var name: String
        var attributes: [String: String]
        var text: String
        /// This element's classes and those of every element around it.
        var classes: Set<String>
        /// The text of a `<title>` child: the tooltip of a bar.
        var tooltip: String?

        subscript(_ name: String) -> String? { attributes[name] }
        func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }
    }

    var root: Node
    var nodes: [Node]

    /// Parses `svg`; throws when it is not well-formed XML.
    init(_ svg: String) throws {
        let document = try XMLDocument(xmlString: svg, options: [])
        guard let element = document.rootElement() else { throw CocoaError(.coderReadCorrupt) }
        var nodes = [Node]()
        Self.walk(element, inherited: [], into: &nodes)
        self.nodes = nodes
        root = nodes[0]
    }

    /// Elements named `name` inside groups (or with classes) that include every class in `classes`.
    func all(_ name: String, _ classes: String...) -> [Node] {
        nodes.filter { $0.name == name && Set(classes).isSubset(of: $0.classes) }
    }

    private static func walk(_ element: XMLElement, inherited: Set<String>, into nodes: inout [Node]) {
        var attributes = [String: String]()
        for attribute in element.attributes ?? [] {
            if let name = attribute.name { attributes[name] = attribute.stringValue ?? "" }
        }
        let classes = inherited.union((attributes["class"] ?? "").split(separator: " ").map(String.init))
        nodes.append(Node(name: element.localName ?? element.name ?? "", attributes: attributes,
                          text: element.stringValue ?? "", classes: classes,
                          tooltip: element.elements(forName: "title").first?.stringValue))
        for case let child as XMLElement in element.children ?? [] {
            walk(child, inherited: classes, into: &nodes)
        }
    }
}
