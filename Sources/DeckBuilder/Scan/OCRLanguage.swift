/// Tesseract's language names (ISO 639-2, plus script) translated to the BCP 47 tags pages and the cleaner use.
enum OCRLanguage {
    /// The tag for the first language of `lang` (`chi_sim+eng` → `zh-Hans`); nil for one deckgen does not know,
    /// so the page falls back to the site's language.
    static func tag(for lang: String) -> String? {
        let first = lang.split(separator: "+").first.map(String.init) ?? lang
        return tags[first.lowercased()]
    }

    /// The tesseract language for a BCP 47 tag: `en` → `eng`, `zh` → `chi_sim`, `zh-TW` → `chi_tra`, `ja` → `jpn`;
    /// `eng` for a language deckgen has no name for.
    static func tesseractName(for tag: String) -> String {
        let lower = tag.lowercased()
        if lower == "zh" || lower.hasPrefix("zh-") {
            let traditional = lower.contains("hant") || ["-tw", "-hk", "-mo"].contains { lower.hasSuffix($0) }
            return traditional ? "chi_tra" : "chi_sim"
        }
        let primary = lower.split(separator: "-").first.map(String.init) ?? lower
        return tags.filter { $0.value == primary && !$0.key.hasSuffix("_vert") }.map(\.key).sorted().first ?? "eng"
    }

    private static let tags: [String: String] = [
        "eng": "en", "deu": "de", "fra": "fr", "spa": "es", "ita": "it", "por": "pt", "nld": "nl", "rus": "ru",
        "pol": "pl", "swe": "sv", "dan": "da", "nor": "no", "fin": "fi", "ces": "cs", "tur": "tr", "ell": "el",
        "chi_sim": "zh-Hans", "chi_sim_vert": "zh-Hans", "chi_tra": "zh-Hant", "chi_tra_vert": "zh-Hant",
        "jpn": "ja", "jpn_vert": "ja", "kor": "ko", "kor_vert": "ko",
    ]
}
