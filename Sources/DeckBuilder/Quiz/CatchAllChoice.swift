/// "All of the above", "none of the above" and their usual Chinese, Japanese and Korean forms:
/// choices that test reading the choices rather than knowing the material.
enum CatchAllChoice {
    static let phrases: Set<String> = Set([
        // English
        "all of the above", "none of the above", "all the above", "none of these", "all of these",
        "both a and b", "neither a nor b", "all of them", "none of them", "both of the above", "neither of the above",
        "all of the above answers", "none of these answers",
        // Chinese
        "以上都是", "以上皆是", "以上都对", "以上都正确", "以上全部", "以上都不是", "以上皆非", "以上都不对", "以上都错",
        "以上均是", "以上均不是", "都对", "都不对", "皆是", "皆非",
        // Japanese
        "上記のすべて", "上記すべて", "上記の全て", "上記全て", "以上すべて", "以上のすべて", "すべて正しい", "全て正しい",
        "上記のいずれでもない", "上記のどれでもない", "いずれでもない", "どれでもない", "該当なし",
        // Korean
        "위의 모든 것", "위 모두", "위의 것 모두", "모두 정답", "모두 맞다", "모두 옳다", "위의 어느 것도 아님", "위의 것 중 없음",
        "해당 없음", "정답 없음", "모두 아님", "모두 틀리다",
    ].map(TextNormaliser.comparable))

    /// True when `choice`, normalised, is one of the catch-all phrases.
    static func matches(_ choice: String) -> Bool {
        phrases.contains(TextNormaliser.comparable(choice))
    }

    /// `matches` for a choice already made comparable (`TextNormaliser.comparable`).
    static func matches(comparable: String) -> Bool {
        phrases.contains(comparable)
    }
}
