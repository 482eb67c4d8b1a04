/// The outer `<svg>` every chart shares: accessible name and description, fonts, and its own pattern ids.
struct ChartFrame {
    /// Prefix of every id in the chart, unique per chart kind and month (`dm-202403`).
    var id: String
    var width = 720.0
    var height: Double
    var title: String
    var description: String

    /// The id of this chart's hatch pattern, for `fill="url(#…)"`.
    var hatchID: String { id + "-h" }

    /// Opens the root and writes title, desc and the hatch pattern; the caller closes with `</svg>`.
    /// No width or height attribute: the page's CSS sizes the chart and the viewBox keeps its proportions.
    func open(into writer: inout SVGWriter) {
        writer.open("svg", [
            "xmlns": "http://www.w3.org/2000/svg", "role": "img", "aria-labelledby": "\(id)-t \(id)-d",
            "viewBox": "0 0 \(width.svg) \(height.svg)", "font-family": ChartStyle.fontFamily, "font-size": "11",
        ])
        writer.element("title", ["id": "\(id)-t"], text: title)
        writer.element("desc", ["id": "\(id)-d"], text: description)
    }

    /// White diagonal lines over the migraine colour, so migraine bars read as hatched in greyscale too.
    func hatchPattern(into writer: inout SVGWriter) {
        writer.open("defs")
        writer.open("pattern", ["id": hatchID, "width": "5", "height": "5", "patternUnits": "userSpaceOnUse",
                                "patternTransform": "rotate(45)"])
        writer.leaf("rect", ["width": "5", "height": "5", "fill": ChartStyle.migraine])
        writer.leaf("path", ["d": "M2.5 0v5", "stroke": "#fff", "stroke-width": "1.6"])
        writer.close("pattern")
        writer.close("defs")
    }
}

/// The chart drawn when there is nothing to draw: a short box that says so.
enum EmptyChart {
    static func svg(id: String, title: String, message: String) -> String {
        var writer = SVGWriter()
        let frame = ChartFrame(id: id, height: 60, title: title, description: message)
        frame.open(into: &writer)
        writer.leaf("rect", ["x": "0.5", "y": "0.5", "width": "719", "height": "59", "fill": "#fafafa", "stroke": ChartStyle.grid])
        writer.element("text", ["x": "360", "y": "35", "text-anchor": "middle", "font-size": "14", "fill": ChartStyle.axis],
                       text: message)
        writer.close("svg")
        return writer.markup
    }
}
