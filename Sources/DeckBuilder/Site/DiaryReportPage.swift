/// A diary report as one self-contained HTML page a patient can hand to a doctor: inline CSS and SVG, no script,
/// a Content-Security-Policy allowing only its own stylesheet, every diary text escaped.
public struct DiaryReportPage: Sendable {
    public var report: DiaryReport
    public var name: String?
    public var redactNotes: Bool
    /// Shown as "Generated …" when given; left out by default, so the same diary always gives the same bytes.
    public var generated: String?
    /// The paper the page is printed on, fixed by an `@page` rule (for a PDF); nil leaves it to the printer.
    public var paper: PaperSize?

    public init(report: DiaryReport, name: String?, redactNotes: Bool, generated: String? = nil) {
        self.report = report
        self.name = name
        self.redactNotes = redactNotes
        self.generated = generated
    }

    /// The page with deckgen's built-in template and stylesheet.
    public func html() -> String {
        // The built-in templates are compiled by the tests; a failure here would be a bug in deckgen itself.
        var none = [Diagnostic]()
        guard let templates = try? TemplateSet(warnings: &none) else { return "" }
        return html(templates: templates)
    }

    /// The page with `templates` (a site's overrides); `site` links it back to the index it belongs to.
    func html(templates: TemplateSet, site: SiteLink? = nil) -> String {
        let source = templates.files["report.css"] ?? ""
        let style = (templates.overridden.contains("report.css") ? source : AssetCompactor.stylesheet(source)) + (paper?.pageRule ?? "")
        let data = DiaryReportData(report: report, name: name, redactNotes: redactNotes, generated: generated)
        let policy = ContentSecurityPolicy(styles: [style]).headerValue
        return templates.enforcing(policy, on: templates.render("report", data.context(page: [
            "title": .string(name.map { "Headache diary report: \($0)" } ?? "Headache diary report"),
            "lang": "en",
            "csp": .string(policy),
            "style": .string(style),
            "site": site.map { ["root": .string($0.root), "title": .string($0.title)] } ?? .null,
        ])))
    }

    /// Where a report inside a built site leads back to.
    struct SiteLink: Sendable {
        /// The relative path to the site's root, `../`.
        var root: String
        var title: String
    }
}
