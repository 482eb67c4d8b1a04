import Foundation

/// Recognises page numbers: `12`, `- 12 -`, `Page 12 of 30`, `12/30`, `第 12 页`, roman numerals.
enum PageNumbers {
    /// Whether `line` is a page number alone; `strongOnly` accepts only forms that cannot be ordinary text
    /// (a bare `12` or `iv` can be, so it counts only when the text has several pages).
    static func isPageNumber(_ line: String, strongOnly: Bool) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 24 else { return false }
        for pattern in strong where text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        guard !strongOnly else { return false }
        if text.range(of: #"^\d{1,4}$"#, options: .regularExpression) != nil { return true }
        return text.count <= 8 && (isRoman(text.lowercased()) && (text == text.lowercased() || text == text.uppercased()))
    }

    private static let strong = [
        #"^[-–—~]\s*(\d{1,4}|[ivxlcdm]{1,7})\s*[-–—~]$"#,
        #"^(page|p\.|pg\.?|seite|página|pagina)\s*\d{1,4}(\s*(of|/|de|von|di)\s*\d{1,4})?$"#,
        #"^\d{1,4}\s*/\s*\d{1,4}$"#,
        #"^第\s*\d{1,4}\s*[页頁]$"#,
        #"^[\[(]\s*\d{1,4}\s*[\])]$"#,
    ]

    private static func isRoman(_ text: String) -> Bool {
        text.range(of: #"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$"#, options: .regularExpression) != nil
            && text != "i" && !["mix", "mi", "dim", "mid", "civ", "liv", "lid", "dix", "mim", "cc"].contains(text)
    }
}
