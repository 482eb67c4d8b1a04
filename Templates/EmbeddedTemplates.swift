/// The default page templates, compiled into the binary so deckgen runs from any working directory.
public enum EmbeddedTemplates {
    /// Template file name → contents, for every file in `Templates/`.
    public static let files: [String: String] = [
        "base.mustache": String(decoding: PackageResources.base_mustache, as: UTF8.self),
        "index.mustache": String(decoding: PackageResources.index_mustache, as: UTF8.self),
        "deck.mustache": String(decoding: PackageResources.deck_mustache, as: UTF8.self),
        "review.mustache": String(decoding: PackageResources.review_mustache, as: UTF8.self),
        "style.css": String(decoding: PackageResources.style_css, as: UTF8.self),
        "quiz.js": String(decoding: PackageResources.quiz_js, as: UTF8.self),
        "report.mustache": String(decoding: PackageResources.report_mustache, as: UTF8.self),
        "report.css": String(decoding: PackageResources.report_css, as: UTF8.self),
    ]
}
