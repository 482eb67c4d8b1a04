import Foundation

/// The site-wide settings of `deckgen.yml` in the content folder.
public struct SiteSettings: Sendable, Equatable {
    public var title = "Study decks"
    public var lang = "en"
    /// What the pages keep study progress under (`id:`); when not set, a digest of the title, the same on every build
    /// and machine, so a site rebuilt in CI keeps its readers' progress.
    public var id: String?
    /// Which question generator to use; the offline one unless the `llm:` block says otherwise.
    public var llm = LLMSettings()
    /// How diaries are read.
    public var diary = DiarySettings()
    /// How scanned pages are read.
    public var ocr = OCRSettings()

    /// Keys this version reads; anything else is a warning, which catches typos.
    static let knownKeys: Set<String> = ["title", "lang", "id", "llm", "diary", "ocr"]

    public init() {}

    /// The id the pages keep progress under: `id`, else the first 16 hex digits of the title's SHA-256.
    var siteID: String {
        id ?? String(SHA256.hex(title).prefix(16))
    }

    /// Reads `deckgen.yml` (or `deckgen.yaml`) from `folder`; defaults when there is none, or when it links out of the
    /// folder (a stranger's folder must not have deckgen read, and quote in its errors, a file elsewhere).
    public static func load(from folder: URL) -> (settings: SiteSettings, diagnostics: [Diagnostic]) {
        let boundary = ContentBoundary(contentFolder: folder)
        for name in ["deckgen.yml", "deckgen.yaml"] {
            let real: String
            switch boundary.place(of: name) {
            case .missing: continue
            case .outside(let target):
                return (SiteSettings(), [.warning("links to \(target), outside the content folder; not read, and the default settings apply; expected the settings file itself",
                                                  path: name)])
            case .inside(let found): real = found
            }
            guard let data = FileManager.default.contents(atPath: real) else { continue }
            do throws(Diagnostic) {
                let decoded = try DecodedText(bytes: [UInt8](data))
                var diagnostics = decoded.warnings.map { $0.located(in: name) }
                let settings = try SiteSettings(yaml: YAMLReader.parse(decoded.text), warnings: &diagnostics)
                return (settings, diagnostics.map { $0.located(in: name) })
            } catch {
                return (SiteSettings(), [error.located(in: name)])
            }
        }
        return (SiteSettings(), [])
    }

    init(yaml: YAMLNode?, warnings: inout [Diagnostic]) throws(Diagnostic) {
        guard let yaml, !yaml.isNull else { return }
        guard case .mapping(let pairs) = yaml.value else {
            throw .error("settings are \(yaml.kindName); expected `key: value` lines such as `title: Biology`", line: yaml.line)
        }
        for pair in pairs {
            let key = pair.key.text ?? ""
            switch key {
            case "title":
                guard let text = pair.value.text?.trimmingWhitespace, !text.isEmpty else {
                    throw .error("`title` is \(pair.value.kindName); expected text such as `title: Biology`", line: pair.value.line)
                }
                title = text
            case "lang":
                guard let text = pair.value.text?.trimmingWhitespace, FrontMatter.isLanguageTag(text) else {
                    throw .error("`lang` is not a language tag; expected a code such as `lang: en`", line: pair.value.line)
                }
                lang = text
            case "id":
                guard let text = pair.value.text?.trimmingWhitespace, !text.isEmpty, text.count <= 100 else {
                    throw .error("`id` is \(pair.value.kindName); expected a short name for the site such as `id: biology-2026`",
                                 line: pair.value.line)
                }
                id = text
            case "llm":
                llm = try LLMSettings(yaml: pair.value)
            case "diary":
                diary = try DiarySettings(yaml: pair.value)
            case "ocr":
                ocr = try OCRSettings(yaml: pair.value)
            default:
                if !Self.knownKeys.contains(key) {
                    warnings.append(.warning("unknown setting `\(key)`; expected one of \(Self.knownKeys.sorted().joined(separator: ", "))",
                                             line: pair.key.line))
                }
            }
        }
    }
}
