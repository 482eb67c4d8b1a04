/// The paper a printed report is laid out for, as `deckgen report --pdf FILE --paper a4|letter` names it.
public enum PaperSize: String, Sendable, CaseIterable {
    case a4
    case letter

    /// How the summary line names it.
    public var title: String { self == .a4 ? "A4" : "Letter" }

    /// The page's width and height in PostScript points, as a PDF's `/MediaBox` gives them.
    public var points: (width: Double, height: Double) { self == .a4 ? (595.28, 841.89) : (612, 792) }

    /// A CSS rule fixing the page size, appended after the stylesheet's own `@page` rule (which keeps its margins):
    /// Chromium's command line has no paper option, but its printing follows `@page { size }`.
    var pageRule: String { "@page{size:\(self == .a4 ? "A4" : "letter")}" }
}
