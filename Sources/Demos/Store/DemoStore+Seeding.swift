import Foundation
import GRDB

extension DemoStore {
    static let sampleDataKey = "sampleData"

    /// Seeds a new, empty store exactly once.
    ///
    /// Inside one IMMEDIATE transaction: if no decision is recorded yet, record one, and seed
    /// when asked to and every table is still empty. Deciding on emptiness rather than on
    /// "the schema was just created" means a first launch killed between the migration and
    /// the seeding still gets its samples next time, while a store upgraded from an older
    /// version with the user's rows in it never gets samples mixed in.
    /// The first open decides: a store first opened without samples never gets them later.
    func seedIfFirstOpen(seedsSampleData: Bool) throws(StoreError) {
        try write("adding the sample data") { db in
            let decided = try String.fetchOne(
                db, sql: "SELECT value FROM storeMetadata WHERE key = ?", arguments: [Self.sampleDataKey])
            guard decided == nil else { return }
            let hasRows = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM coffee) OR EXISTS (SELECT 1 FROM brewSession)
                    OR EXISTS (SELECT 1 FROM color) OR EXISTS (SELECT 1 FROM appState)
                """) ?? true
            let seeding = seedsSampleData && !hasRows
            try db.execute(
                sql: "INSERT INTO storeMetadata (key, value) VALUES (?, ?)",
                arguments: [Self.sampleDataKey, seeding ? "seeded" : "declined"])
            if seeding {
                try Self.insertSampleData(db, now: Date())
            }
        }
    }

    private static func insertSampleData(_ db: Database, now: Date) throws {
        var coffeeIDs: [Int64] = []
        for coffee in SampleData.coffees {
            try db.execute(
                sql: "INSERT INTO coffee (name, origin) VALUES (?, ?)", arguments: [coffee.name, coffee.origin])
            coffeeIDs.append(db.lastInsertedRowID)
        }
        for session in SampleData.sessions where coffeeIDs.indices.contains(session.coffee) {
            let brewedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - session.hoursAgo * 3600).rounded())
            try db.execute(
                sql: "INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)",
                arguments: [coffeeIDs[session.coffee], session.temperatureF, brewedAt])
        }
        for (index, color) in SampleData.colors.enumerated() {
            try db.execute(
                sql: "INSERT INTO color (name, red, green, blue, position) VALUES (?, ?, ?, ?, ?)",
                arguments: [color.name, color.red, color.green, color.blue, index + 1])
        }
    }
}
