/// Axis pieces the charts share: grid lines, tick labels and rotated titles.
enum ChartAxis {
    /// Horizontal grid lines at `ticks` from `left` to `right`, as one path to keep the markup small.
    static func grid(into writer: inout SVGWriter, scale: ChartScale, ticks: [Double], from left: Double, to right: Double) {
        guard !ticks.isEmpty else { return }
        let path = ticks.map { "M\(left.svg) \(scale($0).svg)H\(right.svg)" }.joined()
        writer.leaf("path", ["d": path, "stroke": ChartStyle.grid])
    }

    /// Tick labels at `ticks`: right-aligned ending at `x` for a left axis, left-aligned from `x` for a right one.
    static func labels(into writer: inout SVGWriter, scale: ChartScale, ticks: [Double], x: Double, onLeft: Bool,
                       colour: String = ChartStyle.axis) {
        writer.open("g", ["font-size": "10", "fill": colour, "text-anchor": onLeft ? "end" : "start"])
        for tick in ticks {
            writer.element("text", ["x": x.svg, "y": (scale(tick) + 3.5).svg], text: tick.svg)
        }
        writer.close("g")
    }

    /// An axis title turned to read bottom-up, centred at (`x`, `y`).
    static func title(_ text: String, into writer: inout SVGWriter, x: Double, y: Double, colour: String) {
        writer.element("text", ["transform": "translate(\(x.svg) \(y.svg)) rotate(-90)", "text-anchor": "middle",
                                "font-weight": "600", "fill": colour], text: text)
    }

    /// The x axis line along the plot's bottom.
    static func baseline(into writer: inout SVGWriter, y: Double, from left: Double, to right: Double) {
        writer.leaf("path", ["d": "M\(left.svg) \(y.svg)H\(right.svg)", "stroke": ChartStyle.axis])
    }
}
