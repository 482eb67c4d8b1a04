/// A row of legend entries inside the SVG, wrapped onto more rows when they do not fit the width.
struct ChartLegend {
    /// A label and the little drawing before it, drawn in a 16 × 10 box centred on the given point.
    struct Entry {
        var label: String
        var symbol: (inout SVGWriter, _ x: Double, _ y: Double) -> Void
    }

    var entries: [Entry]
    var fontSize = 11.0
    static let rowHeight = 16.0

    /// Draws from (`x`, `y`) (the first row's middle) within `width`.
    func draw(into writer: inout SVGWriter, x: Double, y: Double, width: Double) {
        let places = layout(width: width)
        writer.open("g", ["class": "legend", "font-size": fontSize.svg])
        for (entry, place) in zip(entries, places) {
            entry.symbol(&writer, x + place.left + 8, y + Double(place.row) * Self.rowHeight)
        }
        // One text per row with a tspan per label: the legend repeats on every chart of a long report.
        for row in 0...(places.last?.row ?? 0) {
            writer.open("text", ["y": (y + Double(row) * Self.rowHeight + fontSize * 0.36).rounded().svg])
            for (entry, place) in zip(entries, places) where place.row == row {
                writer.element("tspan", ["x": (x + place.left + 20).svg], text: entry.label)
            }
            writer.close("text")
        }
        writer.close("g")
    }

    /// Rows `draw` will use, so a chart can place its plot below the legend before drawing it.
    func rows(width: Double) -> Int { (layout(width: width).last?.row ?? 0) + 1 }

    /// Each entry's offset from the legend's left edge and its row.
    private func layout(width: Double) -> [(left: Double, row: Int)] {
        var left = 0.0, row = 0
        return entries.map { entry in
            let entryWidth = 22 + Self.textWidth(entry.label, fontSize: fontSize)
            if left > 0, left + entryWidth > width {
                left = 0
                row += 1
            }
            defer { left += entryWidth + 14 }
            return (left, row)
        }
    }

    /// A generous estimate of a sans-serif label's width; wrapping early is better than overlapping.
    static func textWidth(_ text: String, fontSize: Double) -> Double { (Double(text.count) * fontSize * 0.54).rounded(.up) }
}

// MARK: - Symbols

extension ChartLegend.Entry {
    /// A filled box, as for bars.
    static func box(_ label: String, fill: String, stroke: String? = nil) -> Self {
        Self(label: label) { writer, x, y in
            writer.leaf("rect", ["x": (x - 6).svg, "y": (y - 5).svg, "width": "12", "height": "10", "fill": fill,
                                 "stroke": stroke ?? "none"])
        }
    }

    /// A short line, dashed if given, with an optional marker on it.
    static func line(_ label: String, colour: String, dash: String? = nil, marker: ChartMarker? = nil, markerFill: String? = nil) -> Self {
        Self(label: label) { writer, x, y in
            writer.leaf("path", ["d": "M\((x - 8).svg) \(y.svg)h16", "stroke": colour, "stroke-width": "2",
                                 "stroke-dasharray": dash ?? "none"])
            marker?.draw(into: &writer, x: x, y: y, size: 3.5, ["fill": markerFill ?? colour, "stroke": colour])
        }
    }

    /// A marker alone.
    static func marker(_ label: String, _ marker: ChartMarker, colour: String) -> Self {
        Self(label: label) { writer, x, y in
            marker.draw(into: &writer, x: x, y: y, size: 4, ["fill": colour])
        }
    }
}
