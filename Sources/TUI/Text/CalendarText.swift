import struct FoundationEssentials.Date
import enum Flow.GregorianDays

/// Dates as a date picker shows them, in UTC (the same on every machine, as a recording or a
/// test needs): `Fri 7 Oct 2022`, `16:05`, `1 h 30 min`.
enum CalendarText {
    /// The day: weekday, day, month and year.
    static func day(_ date: Date) -> String {
        let (days, _) = split(date)
        let (year, month, day) = GregorianDays.date(days: Int64(days))
        // 1 January 1970 was a Thursday.
        let weekday = ((days % 7) + 7 + 4) % 7
        return "\(weekdays[weekday]) \(day) \(months[Int(month) - 1]) \(year)"
    }

    /// The time of day, on the 24-hour clock.
    static func time(_ date: Date) -> String {
        let (_, seconds) = split(date)
        let minutes = seconds / 60
        return twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// A count-down's length in hours and minutes.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds.isFinite ? max(0, seconds) : 0) / 60)
        switch (minutes / 60, minutes % 60) {
        case (0, let minutes): return "\(minutes) min"
        case (let hours, 0): return "\(hours) h"
        case (let hours, let minutes): return "\(hours) h \(minutes) min"
        }
    }

    /// Whole days since 1970 and the seconds into the last of them.
    private static func split(_ date: Date) -> (days: Int, seconds: Int) {
        let raw = date.timeIntervalSince1970
        // Dates past any calendar's use are kept to what the arithmetic below can carry.
        let total = Int(min(max(raw.isFinite ? raw : 0, -1e13), 1e13).rounded(.down))
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        return (days, total - days * 86_400)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
