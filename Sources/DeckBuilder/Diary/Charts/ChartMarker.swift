/// Point marker shapes; shape, not colour, tells the series apart in greyscale.
enum ChartMarker {
    case circle, triangle, square, diamond, dot

    /// Draws the marker centred on (`x`, `y`) with half-size `size`, carrying `attributes` (class, data, paint).
    func draw(into writer: inout SVGWriter, x: Double, y: Double, size: Double, _ attributes: SVGWriter.Attributes) {
        switch self {
        case .circle:
            writer.leaf("circle", attributes, ["cx": x.svg, "cy": y.svg, "r": size.svg])
        case .dot:
            writer.leaf("circle", attributes, ["cx": x.svg, "cy": y.svg, "r": (size * 0.6).svg])
        case .square:
            let side = size * 1.7
            writer.leaf("rect", attributes, ["x": (x - side / 2).svg, "y": (y - side / 2).svg, "width": side.svg, "height": side.svg])
        case .triangle:
            let half = size * 1.1
            writer.leaf("path", attributes, ["d": "M\(x.svg) \((y - half).svg)l\(half.svg) \((half * 1.8).svg)h\((-2 * half).svg)z"])
        case .diamond:
            let half = size * 1.2
            writer.leaf("path", attributes, ["d": "M\(x.svg) \((y - half).svg)l\(half.svg) \(half.svg) \((-half).svg) \(half.svg) \((-half).svg) \((-half).svg)z"])
        }
    }
}
