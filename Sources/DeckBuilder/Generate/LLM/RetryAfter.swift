import Foundation

/// Parses the `Retry-After` header: delta seconds (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`).
enum RetryAfter {
    /// The delay from `now`, never negative; nil when the value is neither form.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text) {
            return seconds.isFinite && seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = httpDate(text) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }

    /// RFC 9110 allows three date forms; the first is the one servers send, the others are obsolete but legal.
    static func httpDate(_ text: String) -> Date? {
        let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
