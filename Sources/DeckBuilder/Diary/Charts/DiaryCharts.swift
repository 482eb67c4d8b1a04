/// Hand-written SVG charts of a diary report: self-contained, deterministic, readable in greyscale, and carrying
/// `data-*` values so a page check can compare them with the tables.
public enum DiaryCharts {
    /// Monthly combined chart: bars for headache and migraine days, a line for acute-medication days.
    public static func monthly(_ report: DiaryReport) -> String { MonthlyChart(report).svg() }

    /// One month's days: bars of the day's maximum intensity, markers for medication.
    public static func daily(_ report: DiaryReport, month: CalendarMonth) -> String { DailyChart(report, month: month).svg() }

    /// The first page's last months, day by day, as the daily charts draw them.
    public static func recent(_ report: DiaryReport, window: RecentWindow) -> String { DailyChart(report, window: window).svg() }

    /// A calendar heatmap of every reported day's maximum intensity.
    public static func calendar(_ report: DiaryReport) -> String { CalendarHeatmap(report).svg() }
}
