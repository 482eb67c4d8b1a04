/// Settles, once for a whole diary, whether its `05/03/2024` dates are day first or month first, from every date in it:
/// a day over 12 settles the order. A file that writes both orders, or never says which, is refused rather than read
/// row by row with guesses.
enum DiaryDateOrder {
    /// The order the file's dates prove; nil when it writes none that needs one. Throws when they disagree or never tell.
    static func of(_ text: String, fileExtension: String) throws(DiaryValueError) -> DiaryDateFormat? {
        var columns: DiaryColumns?
        var dayFirst: (line: Int, date: String)?
        var monthFirst: (line: Int, date: String)?
        var undecided: (line: Int, date: String)?
        try DiaryTable.read(text, fileExtension: fileExtension, columns: { names in
            columns = DiaryColumns(names)
            return columns?.missing == nil
        }, row: { row in
            guard let columns else { return }
            for field in [DiaryColumns.Field.start, .end, .date] {
                guard let value = columns.text(field, in: row), let (first, second) = numbers(value) else { continue }
                if first > 12, second <= 12, dayFirst == nil { dayFirst = (row.line, value) }
                if second > 12, first <= 12, monthFirst == nil { monthFirst = (row.line, value) }
                if first <= 12, second <= 12, first != second, undecided == nil { undecided = (row.line, value) }
            }
        })
        if let dayFirst, let monthFirst {
            throw DiaryValueError("writes dates day first (line \(dayFirst.line): \(dayFirst.date)) and month first (line \(monthFirst.line): \(monthFirst.date)); expected one order in a file")
        }
        if dayFirst != nil { return .dayFirst }
        if monthFirst != nil { return .monthFirst }
        if let undecided {
            throw DiaryValueError("has dates such as \(undecided.date) (line \(undecided.line)) that read either day first or month first, and none that settles it; expected --date-format dd/mm/yyyy or mm/dd/yyyy (or `date_format:` under `diary:` in deckgen.yml)")
        }
        return nil
    }

    /// The first two numbers of a date written `d/m/y` or `d.m.y`.
    static func numbers(_ text: String) -> (Int, Int)? {
        var scanner = TextScanner(text.trimmingWhitespace)
        guard let first = scanner.number(maxDigits: 2) else { return nil }
        let separator = scanner.rest.first
        guard separator == "/" || separator == ".", scanner.skip(separator ?? "/"), let second = scanner.number(maxDigits: 2),
              scanner.skip(separator ?? "/"), scanner.number(maxDigits: 4) != nil else { return nil }
        return (first.value, second.value)
    }
}
