/// Brings a database's schema up to date from an append-only list of migrations, and refuses a
/// database that a newer list has changed.
///
/// The applied migrations are recorded by identifier in the table `grdb_migrations`
/// (`identifier TEXT NOT NULL PRIMARY KEY`). The name is GRDB's: the store was first written
/// with GRDB's migrator, and every store made since holds its history in that table, so this
/// migrator reads and extends the same record rather than starting a second one.
struct SQLiteMigrator {
    /// One step of the schema: an identifier that is never reused, and the SQL that makes it.
    struct Migration {
        let identifier: String
        let sql: String
    }

    /// The database records migrations this list does not have: a newer program changed it.
    struct NewerSchemaError: Error, Equatable {
        /// The identifiers this list does not know, in the order they were applied.
        let unknownIdentifiers: [String]
    }

    /// Where applied migrations are recorded; see the type's comment for the name.
    static let tableName = "grdb_migrations"

    /// Every migration, in the order they are applied.
    let migrations: [Migration]

    /// The identifiers recorded in the database, in the order they were applied; none for a
    /// database that has never been migrated.
    func appliedIdentifiers(_ connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        let recorded = try connection.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
            .scalar([Self.tableName], as: Int.self)
        guard recorded != nil else { return [] }
        return try connection.statement("SELECT identifier FROM \(Self.tableName) ORDER BY rowid")
            .rows { row throws(SQLiteError) in try row.column(0, as: String.self) }
    }

    /// Applies the migrations the database lacks, in order and in one IMMEDIATE transaction (a
    /// database is upgraded entirely or not at all), and returns their identifiers. Throws
    /// `NewerSchemaError` without changing anything when the database records a migration
    /// this list lacks.
    ///
    /// Migrations run with the connection's settings, foreign keys enforced: a migration that
    /// rebuilds a referenced table must keep the references valid at every statement, since
    /// `PRAGMA foreign_keys` cannot change inside a transaction.
    @discardableResult
    func migrate(_ connection: SQLiteConnection) throws -> [String] {
        // A read first: the usual open finds nothing to do and never waits for the write lock.
        guard try !pending(applied: appliedIdentifiers(connection)).isEmpty else { return [] }
        return try connection.transaction(.immediate) {
            try connection.execute(
                script: "CREATE TABLE IF NOT EXISTS \(Self.tableName) (identifier TEXT NOT NULL PRIMARY KEY)")
            // Read again under the write lock: another connection may have migrated meanwhile.
            let pending = try pending(applied: appliedIdentifiers(connection))
            let record = try connection.statement("INSERT INTO \(Self.tableName) (identifier) VALUES (?)")
            for migration in pending {
                try connection.execute(script: migration.sql)
                try record.execute([migration.identifier])
            }
            return pending.map(\.identifier)
        }
    }

    /// The migrations not in `applied`, in list order.
    private func pending(applied: [String]) throws(NewerSchemaError) -> [Migration] {
        let known = Set(migrations.map(\.identifier))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw NewerSchemaError(unknownIdentifiers: unknown) }
        let done = Set(applied)
        return migrations.filter { !done.contains($0.identifier) }
    }
}
