import Demos
import Flow
import Logging
import PostgresNIO

extension SharedStore {
    /// Where the applied steps are recorded: each step's place in `StoreMigrations.postgres`
    /// and its identifier.
    static let migrationsTable = "storyboard_migrations"

    /// A constant for `pg_advisory_xact_lock`: servers starting at once migrate one at a time.
    static let migrationLock: Int64 = 0x5354_4f52_5942_4f41

    /// Checks and upgrades the database behind `location` over one connection.
    static func prepare(location: PostgresLocation, password: String?, logger: Logger) async throws(SharedStoreError) {
        try await withStartupConnection(location: location, password: password, logger: logger) { connection in
            try await migrate(connection, location: location, logger: logger)
        }
    }

    /// Applies the steps the database lacks, all in one transaction; refuses, changing
    /// nothing, a database holding only another program's tables or steps this program lacks.
    /// Returns the identifiers applied.
    @discardableResult
    static func migrate(_ connection: PostgresConnection, location: PostgresLocation, logger: Logger) async throws -> [String] {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            var tables: [String] = []
            for try await name in try await connection.query(
                "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
                logger: logger
            ).decode(String.self) {
                tables.append(name)
            }
            if !tables.isEmpty && !tables.contains(migrationsTable) {
                throw SharedStoreError.foreignDatabase(location: location.description, tables: tables)
            }
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS storyboard_migrations (step INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                logger: logger)
            var applied: [String] = []
            for try await identifier in try await connection.query(
                "SELECT identifier FROM storyboard_migrations ORDER BY step", logger: logger
            ).decode(String.self) {
                applied.append(identifier)
            }
            let known = Set(StoreMigrations.postgres.map(\.identifier))
            let unknown = applied.filter { !known.contains($0) }
            guard unknown.isEmpty else { throw SharedStoreError.newerSchema(location: location.description, steps: unknown) }
            var made: [String] = []
            for (step, migration) in StoreMigrations.postgres.enumerated() where !applied.contains(migration.identifier) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO storyboard_migrations (step, identifier) VALUES (\(step), \(migration.identifier))", logger: logger)
                made.append(migration.identifier)
            }
            if !made.isEmpty {
                logger.info("store schema upgraded", metadata: ["store": "\(DiagnosticText.escaped(location.description))", "steps": "\(made.joined(separator: "; "))"])
            }
            return made
        }
    }
}
