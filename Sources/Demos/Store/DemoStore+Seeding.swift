#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DemoStore {
    /// The `storeMetadata` key that records whether a new store got the sample data.
    public static let sampleDataKey = "sampleData"

    /// Seeds a new, empty store exactly once.
    ///
    /// Inside one IMMEDIATE transaction: if no decision is recorded yet, record one, and seed
    /// when asked to and every table is still empty. Deciding on emptiness rather than on
    /// "the schema was just created" means a first launch killed between the migration and
    /// the seeding still gets its samples next time, while a store upgraded from an older
    /// version with the user's rows in it never gets samples mixed in.
    /// The first open decides: a store first opened without samples never gets them later.
    func seedIfFirstOpen(seedsSampleData: Bool) throws(StoreError) {
        // A read first: every open after the first finds the decision and takes no write lock.
        guard try read("adding the sample data", Self.sampleDataDecision) == nil else { return }
        try write("adding the sample data") { connection in
            // Again under the write lock, in case another process decided meanwhile.
            guard try Self.sampleDataDecision(connection) == nil else { return }
            let hasRows = try connection.statement("""
                SELECT EXISTS (SELECT 1 FROM coffee) OR EXISTS (SELECT 1 FROM brewSession)
                    OR EXISTS (SELECT 1 FROM color) OR EXISTS (SELECT 1 FROM appState)
                """).scalar(as: Bool.self) ?? true
            let seeding = seedsSampleData && !hasRows
            try connection.statement("INSERT INTO storeMetadata (key, value) VALUES (?, ?)")
                .execute([Self.sampleDataKey, seeding ? "seeded" : "declined"])
            if seeding {
                try Self.insertSampleData(connection, now: Date())
            }
        }
    }

    /// "seeded" or "declined" once a first open has decided, else nil.
    private static func sampleDataDecision(_ connection: SQLiteConnection) throws(SQLiteError) -> String? {
        try connection.statement("SELECT value FROM storeMetadata WHERE key = ?").scalar([sampleDataKey], as: String.self)
    }

    private static func insertSampleData(_ connection: SQLiteConnection, now: Date) throws(SQLiteError) {
        var coffeeIDs: [Int64] = []
        let insertCoffee = try connection.statement("INSERT INTO coffee (name, origin) VALUES (?, ?)")
        for coffee in SampleData.coffees {
            try insertCoffee.execute([coffee.name, coffee.origin])
            coffeeIDs.append(connection.lastInsertedRowID)
        }
        let insertSession = try connection.statement(
            "INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)")
        for session in SampleData.sessions where coffeeIDs.indices.contains(session.coffee) {
            let brewedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - session.hoursAgo * 3600).rounded())
            try insertSession.execute([coffeeIDs[session.coffee], session.temperatureF, brewedAt])
        }
        let insertColor = try connection.statement(
            "INSERT INTO color (name, red, green, blue, position) VALUES (?, ?, ?, ?, ?)")
        for (index, color) in SampleData.colors.enumerated() {
            try insertColor.execute([color.name, color.red, color.green, color.blue, index + 1])
        }
    }
}
