// Numbers are formatted by hand, not with `String(format:)`, so output never depends on the locale and the same
// report always gives the same bytes.

extension Double {
    /// At most one decimal, no trailing `.0`: `12`, `6.5`, `-0.3`; the form used for coordinates and data values.
    var svg: String {
        let tenths = (self * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "0" }
        let whole = Int(tenths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        return magnitude % 10 == 0 ? sign + String(magnitude / 10) : sign + "\(magnitude / 10).\(magnitude % 10)"
    }

    /// Always one decimal, for text a reader compares with a table: `6.0`, `6.5`.
    var oneDecimal: String {
        let text = svg
        return text.contains(".") ? text : text + ".0"
    }
}

extension Int {
    var svg: String { String(self) }
}
