#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import enum Flow.GregorianDays

/// The store's date text, `yyyy-MM-dd HH:mm:ss.SSS` in UTC ("2011-06-06 16:00:00.123"), with
/// integer arithmetic on the proleptic Gregorian calendar.
///
/// This is the format the GRDB version of the store wrote, so every store made since the first
/// release reads the same; text sorts as time does, which the paging index relies on. No
/// `Calendar` or `DateFormatter`: in that version, the first date read set up ICU's time-zone
/// data (over a megabyte touched) on the app's start path.
///
/// One difference from that version: its formatter switched to the Julian calendar before
/// 1582-10-15, as ICU does, while this arithmetic stays Gregorian, as the generated sample
/// sessions always did. No brew was logged that early.
enum StorageDate {
    /// The first and last milliseconds with a four-digit year: 0001-01-01 and 9999-12-31.
    static let representable: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    private static let millisecondsPerDay: Int64 = 86_400_000

    /// `date` to the nearest millisecond, as the GRDB version's formatter rounded
    /// (…0.1239 → …0.124); nil when there is no four-digit year for it (or it is not finite).
    static func milliseconds(_ date: Date) -> Int64? {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value >= Double(representable.lowerBound), value <= Double(representable.upperBound) else {
            return nil
        }
        return Int64(value)
    }

    /// The text for a moment in `representable`.
    static func text(millisecondsSince1970 milliseconds: Int64) -> String {
        var days = milliseconds / millisecondsPerDay
        var rest = milliseconds % millisecondsPerDay
        if rest < 0 {
            rest += millisecondsPerDay
            days -= 1
        }
        let (year, month, day) = GregorianDays.date(days: days)
        let hour = rest / 3_600_000
        let minute = rest / 60_000 % 60
        let second = rest / 1000 % 60
        let millisecond = rest % 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + " "
            + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + "." + pad(millisecond, 3)
    }

    /// Milliseconds since 1970 of a date text, or nil if it is not one.
    ///
    /// Reads the stored form and the other date texts SQLite's date functions know:
    /// `YYYY-MM-DD`, then optionally ` HH:MM` or `THH:MM`, `:SS`, a fraction (digits past
    /// milliseconds are dropped), and a zone, `Z` or `±HH:MM`. Impossible dates (February 30)
    /// are refused rather than rolled over.
    static func milliseconds(parsing text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var reader = DigitReader(bytes: text)
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, millisecond: Int64 = 0
        var offsetMinutes: Int64 = 0
        if reader.skip(" ") || reader.skip("T") {
            guard let h = reader.number(digits: 2), reader.skip(":"), let m = reader.number(digits: 2),
                  h < 24, m < 60
            else { return nil }
            hour = h
            minute = m
            if reader.skip(":") {
                guard let s = reader.number(digits: 2), s < 60 else { return nil }
                second = s
                if reader.skip(".") {
                    guard let fraction = reader.fractionInMilliseconds() else { return nil }
                    millisecond = fraction
                }
            }
            while reader.skip(" ") {}
            if reader.skip("Z") || reader.skip("z") {
                offsetMinutes = 0
            } else if let sign = reader.sign() {
                guard let h = reader.number(digits: 2), reader.skip(":"), let m = reader.number(digits: 2),
                      h < 24, m < 60
                else { return nil }
                offsetMinutes = sign * (h * 60 + m)
            }
        }
        guard reader.atEnd else { return nil }
        let days = GregorianDays.days(year: year, month: month, day: day)
        let local = days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
        // A zone says how far local time is ahead of UTC.
        return local - offsetMinutes * 60_000
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Reads a date text front to back, ASCII only.
private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var atEnd: Bool { position == bytes.count }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        guard bytes.count - position >= digits else { return nil }
        var value: Int64 = 0
        for _ in 0..<digits {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            position += 1
        }
        return value
    }

    /// One or more digits after a decimal point, as whole milliseconds (truncated).
    mutating func fractionInMilliseconds() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            if count < 3 { value = value * 10 + Int64(bytes[position] - UInt8(ascii: "0")) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { value *= 10 }
        return value
    }

    /// Consumes `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// `+` as 1, `-` as -1, consumed; nil for anything else.
    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
