@testable import DeckBuilder

/// Why deckgen's output for a spec example differs from the spec on purpose: deckgen renders every
/// example in safe mode with all GFM extensions on, while the core spec describes CommonMark with
/// raw HTML passed through.
enum SafeModeDifference: String, Sendable {
    case rawHTML = "raw HTML is omitted in safe mode"
    case tagFilter = "tagfilter escapes <script>, <style>, <textarea>… even in unsafe mode; safe mode omits the raw HTML"
    case autolink = "the autolink extension links a bare URL or e-mail address that core CommonMark leaves as text"

    /// Options under which cmark-gfm must reproduce the spec's HTML exactly.
    var matchingOptions: MarkdownOptions {
        switch self {
        case .rawHTML: MarkdownOptions.default.union(.unsafe)
        case .tagFilter: MarkdownOptions.default.union(.unsafe).subtracting(.tagFilter)
        case .autolink: MarkdownOptions.default.union(.unsafe).subtracting(.autolinks)
        }
    }
}

/// The examples of one spec file that are known not to match deckgen's safe-mode output exactly.
struct GFMSpecExpectations: Sendable {
    /// Example number → why the safe-mode output differs. Each is verified: the output must differ
    /// in that way, and `matchingOptions` must reproduce the spec.
    var expectedDifferences: [Int: SafeModeDifference]
    /// Example number → why cmark-gfm 0.29.0.gfm.6 differs even in unsafe mode.
    var libraryDifferences: [Int: String] = [:]

    /// spec.txt (GFM 0.29): 76 examples differ on purpose, none because of the library.
    static let core = GFMSpecExpectations(expectedDifferences: [
        // HTML blocks: the block is omitted in safe mode.
        118: .rawHTML, 119: .rawHTML, 120: .rawHTML, 121: .rawHTML, 122: .rawHTML, 123: .rawHTML,
        124: .rawHTML, 125: .rawHTML, 126: .rawHTML, 127: .rawHTML, 128: .rawHTML, 129: .rawHTML,
        130: .rawHTML, 131: .rawHTML, 132: .rawHTML, 133: .rawHTML, 134: .rawHTML, 135: .rawHTML,
        136: .rawHTML, 137: .rawHTML, 138: .rawHTML, 139: .rawHTML,
        140: .tagFilter, 141: .tagFilter, 142: .tagFilter,
        143: .rawHTML, 144: .rawHTML,
        145: .tagFilter,
        146: .rawHTML,
        147: .tagFilter,
        148: .rawHTML, 149: .rawHTML, 150: .rawHTML, 151: .rawHTML, 152: .rawHTML, 153: .rawHTML,
        154: .rawHTML, 155: .rawHTML, 156: .rawHTML, 157: .rawHTML, 158: .rawHTML, 159: .rawHTML,
        160: .rawHTML,
        // Link reference definitions, lists, escapes, entities, code spans: an inline tag or a comment among them.
        170: .rawHTML,
        288: .rawHTML, 289: .rawHTML,
        317: .rawHTML,
        327: .rawHTML,
        354: .rawHTML,
        // Emphasis and links whose precedence the spec shows with raw HTML.
        484: .rawHTML, 485: .rawHTML, 486: .rawHTML,
        500: .rawHTML, 503: .rawHTML, 532: .rawHTML, 544: .rawHTML,
        // Autolinks: text that is not a CommonMark autolink but that the extension links.
        610: .autolink, 614: .autolink, 616: .autolink, 619: .autolink, 620: .autolink,
        // Raw HTML.
        632: .rawHTML, 633: .rawHTML, 634: .rawHTML, 635: .rawHTML, 636: .rawHTML,
        642: .rawHTML, 644: .rawHTML,
        647: .rawHTML, 648: .rawHTML, 649: .rawHTML, 650: .rawHTML, 651: .rawHTML,
        // Disallowed raw HTML: the tagfilter example itself, all raw HTML.
        653: .rawHTML,
        // Hard line breaks inside a raw HTML attribute.
        663: .rawHTML, 664: .rawHTML,
    ])

    /// extensions.txt: two differ on purpose; one shows footnotes as cmark-gfm rendered them before 0.29.0.gfm.2.
    static let extensions = GFMSpecExpectations(
        expectedDifferences: [
            12: .rawHTML,  // Tables: embedded HTML in cells.
            22: .rawHTML,  // HTML tag filter: raw HTML throughout.
        ],
        libraryDifferences: [
            23: "this extensions.txt predates cmark-gfm 0.29.0.gfm.2, which renders footnotes with `#fn-1` ids, "
                + "data-footnote attributes, aria-labels and one back-link per reference",
        ])
}
