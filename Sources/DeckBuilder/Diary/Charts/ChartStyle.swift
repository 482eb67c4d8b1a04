/// Colours, dashes and fonts shared by the charts, chosen to stay apart in greyscale print: series differ in
/// lightness, hatching, dash and marker shape, never in hue alone.
enum ChartStyle {
    static let fontFamily = "system-ui,sans-serif"
    static let ink = "#222"
    static let axis = "#555"
    static let grid = "#e3e3e3"

    static let headache = "#9ecae1"
    static let headacheEdge = "#3182bd"
    static let migraine = "#08519c"
    static let medication = "#c2410c"
    static let intensity = "#6a3d9a"
    /// Long dashes for the intensity line, short ones for the reference lines, so the two never look alike.
    static let intensityDash = "6 3"
    static let referenceDash = "2 3"

    /// Heatmap fills for no attack, 1–3, 4–6, 7–8 and 9–10: greys 235, 202, 165, 107 and 61 once printed.
    static let heat = ["#ebebeb", "#fdbe85", "#fd8d3c", "#d94701", "#7f2704"]
    static let heatLabels = ["none", "1–3", "4–6", "7–8", "9–10"]

    /// The heatmap step of a day's highest intensity: decimals go up (3.5 is in 4–6); 0 (aura alone) counts as none.
    static func heatStep(_ intensity: Double) -> Int {
        switch intensity {
        case ...0: 0
        case ...3: 1
        case ...6: 2
        case ...8: 3
        default: 4
        }
    }
}
