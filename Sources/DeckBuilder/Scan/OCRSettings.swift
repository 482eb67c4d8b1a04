/// The `ocr:` block of `deckgen.yml`: which language tesseract reads scanned pages in.
public struct OCRSettings: Sendable, Equatable {
    /// Tesseract's language names, `+`-joined: `eng`, `chi_sim`, `jpn`, `eng+jpn`.
    public var lang = "eng"

    public init() {}

    /// Reads the block; problems are errors at their line.
    init(yaml: YAMLNode) throws(Diagnostic) {
        guard case .mapping(let pairs) = yaml.value else {
            throw .error("`ocr` is \(yaml.kindName); expected settings such as `lang: eng`", line: yaml.line)
        }
        for pair in pairs {
            let key = pair.key.text ?? ""
            switch key {
            case "lang":
                let text = pair.value.text?.trimmingWhitespace ?? ""
                guard TesseractReader.isLanguageList(text) else {
                    throw .error("`lang: \(text)` is not a tesseract language; expected names such as `eng`, `chi_sim`, `jpn` or `eng+jpn`",
                                 line: pair.value.line)
                }
                lang = text
            default:
                throw .error("unknown `ocr` setting `\(key)`; expected lang", line: pair.key.line)
            }
        }
    }
}
