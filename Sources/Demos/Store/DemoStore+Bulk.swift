#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DemoStore {
    /// The most rows one call of `insertSampleSessions` accepts.
    public static let maximumSampleSessions = 50_000_000

    /// Adds `count` generated sessions in one transaction, for benchmarks and tests.
    ///
    /// Sessions are three minutes apart, the newest at `end`, cycling through the coffees
    /// and through temperatures 190...210 °F. They get ascending ids in date order.
    /// One prepared statement and dates formatted from whole milliseconds keep a million rows to seconds.
    public func insertSampleSessions(count: Int, endingAt end: Date = Date()) throws(StoreError) {
        guard (0...Self.maximumSampleSessions).contains(count) else {
            throw .invalidValue(field: "count", reason: "must be between 0 and \(Self.maximumSampleSessions) (got \(count))")
        }
        if count == 0 { return }
        let spacing: Int64 = 180_000
        // The stored text has four-digit years: keep every generated date in 0001...9999.
        guard let endMilliseconds = StorageDate.milliseconds(end),
              StorageDate.representable.contains(endMilliseconds - Int64(count - 1) * spacing)
        else {
            throw .invalidValue(field: "endingAt", reason: "the generated dates must fall in the years 1 to 9999")
        }
        try write("adding sample brew sessions") { connection in
            let coffeeIDs = try connection.statement("SELECT id FROM coffee ORDER BY id")
                .rows { row throws(SQLiteError) in try row.column(0, as: Int64.self) }
            guard !coffeeIDs.isEmpty else {
                throw StoreError.invalidValue(field: "coffee", reason: "the store has no coffees to brew")
            }
            let insert = try connection.statement(
                "INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)")
            for index in 0..<count {
                let stepsBack = Int64(count - 1 - index)
                let milliseconds = endMilliseconds - stepsBack * spacing
                try insert.execute([
                    coffeeIDs[index % coffeeIDs.count],
                    190 + (index * 7) % 21,
                    StorageDate.text(millisecondsSince1970: milliseconds),
                ])
            }
        }
    }
}
