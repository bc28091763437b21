import Demos
import Foundation
import Logging
import PostgresNIO

/// `storyboard serve --store URL --import DATA_DIR`: one server's per-key data (each key's
/// SQLite store and saved screens, `DATA_DIR/users/KEY/`) copied into the shared store.
///
/// Each key is one transaction, whole or not at all, and is marked as imported: a second run
/// skips it, so the command may be run again after a failure. A key that already has rows in
/// the shared store (a session ran there first) is left alone and named in the report:
/// merging two histories would mix sample data into the user's own.
public enum SharedStoreImport {
    /// What happened to one key.
    public enum Outcome: Equatable, Sendable {
        case imported(coffees: Int, cups: Int, colors: Int, values: Int)
        case alreadyImported
        case hasData
    }

    /// The metadata key that marks a user as imported.
    static let importedKey = "importedFrom"

    /// Imports every key folder of `dataDirectory`; returns each key's outcome, by key.
    public static func run(
        dataDirectory: URL, location: PostgresLocation, password: String?, logger: Logger
    ) async throws(SharedStoreError) -> [(owner: String, outcome: Outcome)] {
        let users = dataDirectory.appendingPathComponent("users", isDirectory: true)
        let owners: [String]
        do {
            owners = try FileManager.default.contentsOfDirectory(atPath: users.path)
                .filter { FileManager.default.fileExists(atPath: users.appendingPathComponent($0).appendingPathComponent(DemoStore.fileName).path) }
                .sorted()
        } catch {
            throw .importSource(path: dataDirectory.path, reason: "no users folder to import (\(error.localizedDescription))")
        }
        // Every store is read before anything is written: a damaged file stops the import
        // with nothing half done.
        var sources: [(owner: String, data: UserData)] = []
        for owner in owners {
            let folder = users.appendingPathComponent(owner, isDirectory: true)
            do {
                sources.append((owner, try UserData(folder: folder)))
            } catch {
                throw .importSource(path: folder.path, reason: error.description)
            }
        }
        try await SharedStore.prepare(location: location, password: password, logger: logger)
        let sourcePath = dataDirectory.path
        return try await SharedStore.withStartupConnection(location: location, password: password, logger: logger) { connection in
            var outcomes: [(owner: String, outcome: Outcome)] = []
            for (owner, data) in sources {
                let outcome = try await connection.withTransaction(logger: logger) { connection in
                    try await importUser(owner, data, from: sourcePath, connection, logger)
                }
                outcomes.append((owner, outcome))
            }
            return outcomes
        }
    }

    /// One key's data, read from its folder through a throwaway copy (the original is only read).
    struct UserData: Sendable {
        var coffees: [Coffee]
        var rows: [BrewSessionRow]
        var colors: [PaletteColor]
        var values: [(key: String, value: Data)]
        var sampleData: String?

        init(folder: URL) throws(StoreError) {
            let copy = try ThrowawayStoreCopy(of: folder)
            let store = copy.store
            coffees = try store.coffees()
            rows = try store.sessions(offset: 0, limit: try store.sessionCount())
            colors = try store.colors()
            values = try store.allValues()
            sampleData = try store.sampleDataDecision()
            // The screens the key's sessions left, kept as the shared store's sessions keep them.
            let state = folder.appendingPathComponent("state", isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                if let bytes = FileManager.default.contents(atPath: state.appendingPathComponent(name).path) {
                    values.append((key: "screens/" + name, value: bytes))
                }
            }
        }
    }

    private static func importUser(
        _ owner: String, _ data: UserData, from source: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> Outcome {
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(owner), 0))", logger: logger)
        for try await _ in try await connection.query(
            "SELECT 1 FROM store_metadata WHERE owner = \(owner) AND key = \(importedKey)", logger: logger
        ) {
            return .alreadyImported
        }
        for try await exists in try await connection.query("""
            SELECT EXISTS (SELECT 1 FROM coffee WHERE owner = \(owner)) OR EXISTS (SELECT 1 FROM color WHERE owner = \(owner))
                OR EXISTS (SELECT 1 FROM app_state WHERE owner = \(owner))
            """, logger: logger).decode(Bool.self) where exists
        {
            return .hasData
        }
        var coffeeIDs: [Int64: Int64] = [:]
        for coffee in data.coffees {
            for try await id in try await connection.query(
                "INSERT INTO coffee (owner, name, origin) VALUES (\(owner), \(coffee.name), \(coffee.origin)) RETURNING id", logger: logger
            ).decode(Int64.self) {
                coffeeIDs[coffee.id] = id
            }
        }
        // Oldest first, so that the new ids keep the old order among cups of one moment.
        for row in data.rows.reversed() {
            guard let coffee = coffeeIDs[row.coffeeID] else { continue }
            try await connection.query("""
                INSERT INTO brew_session (owner, coffee_id, temperature_f, brewed_at)
                VALUES (\(owner), \(coffee), \(row.temperatureF), \(row.brewedAt))
                """, logger: logger)
        }
        for color in data.colors {
            try await connection.query("""
                INSERT INTO color (owner, name, red, green, blue, position)
                VALUES (\(owner), \(color.name), \(color.red), \(color.green), \(color.blue), \(color.position))
                """, logger: logger)
        }
        for (key, value) in data.values {
            try await connection.query(
                "INSERT INTO app_state (owner, key, value) VALUES (\(owner), \(key), \(ByteBuffer(bytes: value)))", logger: logger)
        }
        // The source's decision stands: an imported store never gets sample data mixed in.
        try await connection.query("""
            INSERT INTO store_metadata (owner, key, value) VALUES (\(owner), \(DemoStore.sampleDataKey), \(data.sampleData ?? "declined"))
            ON CONFLICT (owner, key) DO NOTHING
            """, logger: logger)
        try await connection.query(
            "INSERT INTO store_metadata (owner, key, value) VALUES (\(owner), \(importedKey), \(source))", logger: logger)
        return .imported(coffees: data.coffees.count, cups: data.rows.count, colors: data.colors.count, values: data.values.count)
    }
}
