import Foundation
import GRDB

extension DemoStore {
    /// The most rows one call of `insertSampleSessions` accepts.
    public static let maximumSampleSessions = 50_000_000

    /// Adds `count` generated sessions in one transaction, for benchmarks and tests.
    ///
    /// Sessions are three minutes apart, the newest at `end`, cycling through the coffees
    /// and through temperatures 190...210 °F. They get ascending ids in date order.
    /// One prepared statement and dates formatted by hand keep a million rows to seconds.
    public func insertSampleSessions(count: Int, endingAt end: Date = Date()) throws(StoreError) {
        guard (0...Self.maximumSampleSessions).contains(count) else {
            throw .invalidValue(field: "count", reason: "must be between 0 and \(Self.maximumSampleSessions) (got \(count))")
        }
        if count == 0 { return }
        let spacing: Int64 = 180_000
        // GRDB's text dates have four-digit years: keep every generated date in 0001...9999.
        let seconds = end.timeIntervalSince1970
        let firstYear1: Double = -62_135_596_800, lastYear9999: Double = 253_402_300_799
        guard seconds <= lastYear9999, seconds - Double(count) * Double(spacing / 1000) >= firstYear1 else {
            throw .invalidValue(field: "endingAt", reason: "the generated dates must fall in the years 1 to 9999")
        }
        let endMilliseconds = Int64((seconds * 1000).rounded())
        try write("adding sample brew sessions") { db in
            let coffeeIDs = try Int64.fetchAll(db, sql: "SELECT id FROM coffee ORDER BY id")
            guard !coffeeIDs.isEmpty else {
                throw StoreError.invalidValue(field: "coffee", reason: "the store has no coffees to brew")
            }
            let statement = try db.makeStatement(
                sql: "INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)")
            for index in 0..<count {
                let stepsBack = Int64(count - 1 - index)
                let milliseconds = endMilliseconds - stepsBack * spacing
                statement.setUncheckedArguments([
                    coffeeIDs[index % coffeeIDs.count],
                    190 + (index * 7) % 21,
                    StorageDate.text(millisecondsSince1970: milliseconds),
                ])
                try statement.execute()
            }
        }
    }
}

/// GRDB's date text, `yyyy-MM-dd HH:mm:ss.SSS` in UTC, without a `DateFormatter` per row.
enum StorageDate {
    static func text(millisecondsSince1970 milliseconds: Int64) -> String {
        let perDay: Int64 = 86_400_000
        var days = milliseconds / perDay
        var rest = milliseconds % perDay
        if rest < 0 {
            rest += perDay
            days -= 1
        }
        let (year, month, day) = civil(daysSince1970: days)
        let hour = rest / 3_600_000
        let minute = rest / 60_000 % 60
        let second = rest / 1000 % 60
        let millisecond = rest % 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + " "
            + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + "." + pad(millisecond, 3)
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func civil(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
