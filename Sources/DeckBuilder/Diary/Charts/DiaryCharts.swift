/// Hand-written SVG charts of a diary report (placeholder: being written).
public enum DiaryCharts {
    /// Monthly combined chart: bars for headache and migraine days, a line for acute-medication days.
    public static func monthly(_ report: DiaryReport) -> String { "<svg role=\"img\"></svg>" }
    /// One month's days: bars of the day's maximum intensity, markers for medication.
    public static func daily(_ report: DiaryReport, month: CalendarMonth) -> String { "<svg role=\"img\"></svg>" }
    /// A calendar heatmap of every reported day's maximum intensity.
    public static func calendar(_ report: DiaryReport) -> String { "<svg role=\"img\"></svg>" }
}
