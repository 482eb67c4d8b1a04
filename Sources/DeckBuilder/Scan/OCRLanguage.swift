/// Tesseract's language names (ISO 639-2, plus script) translated to the BCP 47 tags pages and the cleaner use.
enum OCRLanguage {
    /// The tag for the first language of `lang` (`chi_sim+eng` → `zh-Hans`); nil for one deckgen does not know,
    /// so the page falls back to the site's language.
    static func tag(for lang: String) -> String? {
        let first = lang.split(separator: "+").first.map(String.init) ?? lang
        return tags[first.lowercased()]
    }

    private static let tags: [String: String] = [
        "eng": "en", "deu": "de", "fra": "fr", "spa": "es", "ita": "it", "por": "pt", "nld": "nl", "rus": "ru",
        "pol": "pl", "swe": "sv", "dan": "da", "nor": "no", "fin": "fi", "ces": "cs", "tur": "tr", "ell": "el",
        "chi_sim": "zh-Hans", "chi_sim_vert": "zh-Hans", "chi_tra": "zh-Hant", "chi_tra_vert": "zh-Hant",
        "jpn": "ja", "jpn_vert": "ja", "kor": "ko", "kor_vert": "ko",
    ]
}
