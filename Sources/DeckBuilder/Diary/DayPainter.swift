/// Marks the days of a period that a list of day spans touch, visiting each day at most once however many spans
/// cover it: a thousand attacks of a year each cost a year of days, not a thousand.
enum DayPainter {
    /// Calls `mark` with each day of `period` (as an index from its first day) that a span touches, and the first span
    /// in `spans` to touch it; days already marked are skipped.
    static func paint(_ spans: some Sequence<AttackSpan>, over period: ClosedRange<Int>, mark: (_ day: Int, _ span: AttackSpan) -> Void) {
        // next[i] leads to the first day from i not yet marked (a union-find with path halving); the last is a sentinel.
        var next = Array(0...period.count)
        func unmarked(from day: Int) -> Int {
            var day = day
            while next[day] != day {
                next[day] = next[next[day]]
                day = next[day]
            }
            return day
        }
        for span in spans {
            let first = max(span.first, period.lowerBound) - period.lowerBound
            let last = min(span.last, period.upperBound) - period.lowerBound
            guard first <= last else { continue }
            var day = unmarked(from: first)
            while day <= last {
                mark(day, span)
                next[day] = day + 1
                day = unmarked(from: day + 1)
            }
        }
    }
}
