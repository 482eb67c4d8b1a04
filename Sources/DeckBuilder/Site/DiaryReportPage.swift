/// A diary report as one self-contained HTML page (placeholder: being written).
public struct DiaryReportPage: Sendable {
    public var report: DiaryReport
    public var name: String?
    public var redactNotes: Bool

    public init(report: DiaryReport, name: String?, redactNotes: Bool) {
        self.report = report
        self.name = name
        self.redactNotes = redactNotes
    }

    public func html() -> String { "<!doctype html>" }
}
