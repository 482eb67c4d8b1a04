/// The most recent attacks of a diary read in any order, at most twice `limit` of them held at a time: the page's
/// attack list, without keeping every attack.
struct RecentAttacks {
    let limit: Int
    /// By start on the written clock, then place in the file.
    private var kept: [(start: Int, order: Int, attack: Attack)] = []

    init(limit: Int) {
        self.limit = limit
    }

    mutating func add(_ attack: Attack, order: Int) {
        kept.append((attack.start.wallSeconds, order, attack))
        // Trimmed only when twice the limit, so sorting costs a little per attack, not a sort per attack.
        if kept.count >= 2 * limit { trim() }
    }

    /// The most recent `limit` attacks starting in `month` or later, by start, file order breaking ties.
    func attacks(from month: CalendarMonth) -> [Attack] {
        kept.filter { $0.attack.start.day.calendarMonth >= month }
            .sorted { ($0.start, $0.order) < ($1.start, $1.order) }
            .suffix(limit).map(\.attack)
    }

    private mutating func trim() {
        kept.sort { ($0.start, $0.order) > ($1.start, $1.order) }
        kept.removeLast(kept.count - limit)
    }
}
