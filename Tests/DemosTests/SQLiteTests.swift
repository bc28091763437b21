import CSQLite
import Flow
import Foundation
import Testing
@testable import Demos

/// The store's SQLite layer on its own: binding and reading, errors, transactions, locks, the migrator.
@Suite("SQLite layer")
struct SQLiteLayerTests {
    /// A connection to a new database file in `temp`.
    static func connection(_ temp: TemporaryDirectory, _ name: String = "test.sqlite") throws -> SQLiteConnection {
        try SQLiteConnection(path: temp.url.appendingPathComponent(name).path)
    }

    @Test func everyTypeTheStoreUsesBindsAndReadsBack() throws {
        let temp = try TemporaryDirectory()
        let connection = try Self.connection(temp)
        let date = Date(timeIntervalSince1970: 1_307_376_000.123)
        let noText: String? = nil
        let arguments: [any SQLiteBindable] = [
            Int64.min, Int64.max, 203, 0.1, "Crème brûlée ☕ \u{0}after a NUL", "", noText,
            Data([0, 1, 0xFF]), Data(), date, true, false,
        ]
        let sql = "SELECT " + Array(repeating: "?", count: arguments.count).joined(separator: ", ")
        let values = try #require(try connection.statement(sql).firstRow(arguments) { row throws(SQLiteError) in
            (
                try row.column(0, as: Int64.self), try row.column(1, as: Int64.self), try row.column(2, as: Int.self),
                try row.column(3, as: Double.self), try row.column(4, as: String.self), try row.column(5, as: String.self),
                try row.column(6, as: String?.self), try row.column(7, as: Data.self), try row.column(8, as: Data.self),
                try row.column(9, as: Date.self), try row.column(10, as: Bool.self), try row.column(11, as: Bool.self)
            )
        })
        #expect(values.0 == Int64.min)
        #expect(values.1 == Int64.max)
        #expect(values.2 == 203)
        #expect(values.3 == 0.1)
        #expect(values.4 == "Crème brûlée ☕ \u{0}after a NUL")
        #expect(values.5 == "")
        #expect(values.6 == nil)
        #expect(values.7 == Data([0, 1, 0xFF]))
        #expect(values.8 == Data())
        #expect(values.9 == date)
        #expect(values.10 == true)
        #expect(values.11 == false)
        // What SQLite stored: an empty string and empty bytes are values, not NULL, and a date is text.
        let types = try connection.statement("SELECT typeof(?), typeof(?), typeof(?), typeof(?)")
            .firstRow(["", Data(), noText, date]) { row throws(SQLiteError) in
                try (0..<4).map { index throws(SQLiteError) in try row.column(Int32(index), as: String.self) }
            }
        #expect(types == ["text", "blob", "null", "text"])
        #expect(try connection.statement("SELECT ?").scalar([date], as: String.self) == "2011-06-06 16:00:00.123")
    }

    @Test func aValueOfTheWrongTypeIsAnErrorNamingTheColumnAndWhatItHolds() throws {
        let temp = try TemporaryDirectory()
        let connection = try Self.connection(temp)
        let cases: [(sql: String, read: (SQLiteRow) throws(SQLiteError) -> Void, message: String)] = [
            ("SELECT NULL AS origin", { row throws(SQLiteError) in _ = try row.column(0, as: String.self) },
             "column origin holds NULL, not text"),
            ("SELECT 'yesterday' AS brewedAt", { row throws(SQLiteError) in _ = try row.column(0, as: Date.self) },
             "column brewedAt holds the text \"yesterday\", not a date"),
            ("SELECT 1.5 AS id", { row throws(SQLiteError) in _ = try row.column(0, as: Int64.self) },
             "column id holds the number 1.5, not an integer"),
            ("SELECT x'00' AS name", { row throws(SQLiteError) in _ = try row.column(0, as: String.self) },
             "column name holds a blob of 1 bytes, not text"),
            ("SELECT 1 AS id", { row throws(SQLiteError) in _ = try row.column(1, as: Int64.self) },
             "the result has no column 1"),
        ]
        for item in cases {
            #expect {
                _ = try connection.statement(item.sql).firstRow(reading: item.read)
            } throws: { error in
                guard let error = error as? SQLiteError else { return false }
                return error.message == item.message && error.sql == item.sql
            }
        }
        // Optionals read NULL as nil and still refuse another type.
        #expect(try connection.statement("SELECT NULL").scalar(as: String?.self) == .some(nil))
        #expect(throws: SQLiteError.self) { _ = try connection.statement("SELECT 7").scalar(as: String?.self) }
    }

    @Test func aFailedStatementCarriesSQLitesCodeAndMessage() throws {
        let temp = try TemporaryDirectory()
        let connection = try Self.connection(temp)
        let syntax = #expect(throws: SQLiteError.self) { _ = try connection.statement("SELEC 1") }
        #expect(syntax?.primaryCode == SQLITE_ERROR)
        #expect(syntax?.message == "near \"SELEC\": syntax error")
        #expect(syntax?.sql == "SELEC 1")

        try connection.execute(script: "CREATE TABLE cup (temperatureF INTEGER NOT NULL CHECK (temperatureF BETWEEN 32 AND 212))")
        let insert = try connection.statement("INSERT INTO cup (temperatureF) VALUES (?)")
        let check = #expect(throws: SQLiteError.self) { try insert.execute([5000]) }
        #expect(check?.code == SQLITE_CONSTRAINT | (1 << 8))  // SQLITE_CONSTRAINT_CHECK, a macro Swift cannot import
        #expect(check?.message == "CHECK constraint failed: temperatureF BETWEEN 32 AND 212")
        // The message was copied: later calls (here a success) do not change it.
        try insert.execute([203])
        #expect(check?.message == "CHECK constraint failed: temperatureF BETWEEN 32 AND 212")
        let missing = #expect(throws: SQLiteError.self) { try insert.execute() }
        #expect(missing?.message == "expected 1 arguments, got 0")
        let script = #expect(throws: SQLiteError.self) { try connection.execute(script: "INSERT INTO nowhere VALUES (1)") }
        #expect(script?.message == "no such table: nowhere")
        #expect(throws: SQLiteError.self) { _ = try connection.statement("SELECT 1; SELECT 2") }
    }

    @Test func aTransactionCommitsItsBodyOrRollsItBackWhenTheBodyThrows() throws {
        struct Refused: Error {}
        let temp = try TemporaryDirectory()
        let connection = try Self.connection(temp)
        try connection.execute(script: "CREATE TABLE cup (id INTEGER PRIMARY KEY)")
        let count = { () throws -> Int? in try connection.statement("SELECT COUNT(*) FROM cup").scalar(as: Int.self) }
        #expect(throws: Refused.self) {
            try connection.transaction(.immediate) {
                try connection.statement("INSERT INTO cup DEFAULT VALUES").execute()
                #expect(try count() == 1)
                throw Refused()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try count() == 0)
        try connection.transaction(.immediate) { try connection.statement("INSERT INTO cup DEFAULT VALUES").execute() }
        #expect(try count() == 1)
        // A failing statement inside rolls back everything before it.
        #expect(throws: SQLiteError.self) {
            try connection.transaction(.deferred) {
                try connection.statement("INSERT INTO cup DEFAULT VALUES").execute()
                try connection.statement("INSERT INTO cup (id) VALUES (?)").execute([1])
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try count() == 1)
    }

    @Test func theBusyTimeoutWaitsForAnotherConnectionsWriteLock() throws {
        let temp = try TemporaryDirectory()
        let first = try Self.connection(temp)
        try first.execute(script: "PRAGMA journal_mode = WAL; CREATE TABLE cup (id INTEGER PRIMARY KEY)")
        let second = try Self.connection(temp)
        try second.setBusyTimeout(milliseconds: 0)
        let finished = Flag()
        let failure = Box<SQLiteError>()
        try first.transaction(.immediate) {
            // Without a timeout: "database is locked" at once.
            let busy = #expect(throws: SQLiteError.self) { try second.transaction(.immediate) {} }
            #expect(busy?.primaryCode == SQLITE_BUSY)
            #expect(busy?.message == "database is locked")
            // With one, the second connection waits for the first to commit.
            try second.setBusyTimeout(milliseconds: 30_000)
            let started = Flag()
            // The thread is the only user of `second` until `finished` is set.
            nonisolated(unsafe) let second = second
            Thread {
                started.set()
                do {
                    try second.transaction(.immediate) { try second.statement("INSERT INTO cup DEFAULT VALUES").execute() }
                } catch let error as SQLiteError {
                    failure.value = error
                } catch {}
                finished.set()
            }.start()
            try poll(until: started.isSet)
            // Watched for a fifth of a second: still waiting, not failed.
            let watchUntil = Date().addingTimeInterval(0.2)
            while Date() < watchUntil, !finished.isSet() { sched_yield() }
            #expect(!finished.isSet(), "the second connection stopped waiting: \(String(describing: failure.value))")
            try first.statement("INSERT INTO cup DEFAULT VALUES").execute()
        }
        try poll(until: finished.isSet)
        #expect(failure.value == nil)
        #expect(try first.statement("SELECT COUNT(*) FROM cup").scalar(as: Int.self) == 2)
    }

    @Test func aClosedConnectionReportsErrorsAndItsStatementsToo() throws {
        let temp = try TemporaryDirectory()
        let connection = try Self.connection(temp)
        let statement = try connection.statement("SELECT 1")
        #expect(try statement.scalar(as: Int.self) == 1)
        try connection.close()
        try connection.close()  // a second close does nothing
        #expect(!connection.isOpen)
        let stale = #expect(throws: SQLiteError.self) { _ = try statement.scalar(as: Int.self) }
        #expect(stale?.code == SQLITE_MISUSE)
        #expect(throws: SQLiteError.self) { _ = try connection.statement("SELECT 1") }
        #expect(throws: SQLiteError.self) { try connection.execute(script: "SELECT 1") }
    }

    @Test func aFileThatCannotBeOpenedSaysWhy() throws {
        let temp = try TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteConnection(path: temp.url.appendingPathComponent("missing/dir/test.sqlite").path)
        }
        #expect(error?.primaryCode == SQLITE_CANTOPEN)
        #expect(error?.systemErrno == ENOENT)
    }
}

@Suite("SQLite layer: the migrator")
struct SQLiteMigratorTests {
    static let first = SQLiteMigrator.Migration(identifier: "v1: cups", sql: "CREATE TABLE cup (id INTEGER PRIMARY KEY)")
    static let second = SQLiteMigrator.Migration(identifier: "v2: mugs", sql: "CREATE TABLE mug (id INTEGER PRIMARY KEY)")

    @Test func appliesOnlyWhatIsMissingAndRecordsItInGRDBsTable() throws {
        let temp = try TemporaryDirectory()
        let connection = try SQLiteLayerTests.connection(temp)
        let old = SQLiteMigrator(migrations: [Self.first])
        let new = SQLiteMigrator(migrations: [Self.first, Self.second])
        #expect(try new.appliedIdentifiers(connection).isEmpty)
        #expect(try old.migrate(connection) == ["v1: cups"])
        // Running v1's CREATE TABLE again would fail: only v2 may run.
        #expect(try new.migrate(connection) == ["v2: mugs"])
        #expect(try new.migrate(connection) == [])
        #expect(try new.appliedIdentifiers(connection) == ["v1: cups", "v2: mugs"])
        let recorded = try connection.statement("SELECT identifier FROM grdb_migrations ORDER BY rowid")
            .rows { row throws(SQLiteError) in try row.column(0, as: String.self) }
        #expect(recorded == ["v1: cups", "v2: mugs"])
    }

    @Test func refusesADatabaseANewerListChangedAndLeavesItAlone() throws {
        let temp = try TemporaryDirectory()
        let connection = try SQLiteLayerTests.connection(temp)
        try SQLiteMigrator(migrations: [Self.first, Self.second]).migrate(connection)
        let third = SQLiteMigrator.Migration(identifier: "v3: saucers", sql: "CREATE TABLE saucer (id INTEGER PRIMARY KEY)")
        #expect(throws: SQLiteMigrator.NewerSchemaError(unknownIdentifiers: ["v2: mugs"])) {
            try SQLiteMigrator(migrations: [Self.first, third]).migrate(connection)
        }
        let tables = try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .rows { row throws(SQLiteError) in try row.column(0, as: String.self) }
        #expect(tables == ["cup", "grdb_migrations", "mug"])
    }

    @Test func aFailingMigrationLeavesTheDatabaseAsItWas() throws {
        let temp = try TemporaryDirectory()
        let connection = try SQLiteLayerTests.connection(temp)
        let broken = SQLiteMigrator.Migration(identifier: "v2: broken", sql: "CREATE TABLE mug (id INTEGER PRIMARY KEY); INSERT INTO nowhere VALUES (1)")
        #expect(throws: SQLiteError.self) { try SQLiteMigrator(migrations: [Self.first, broken]).migrate(connection) }
        // All or nothing: not even the first migration, nor the bookkeeping table, is left.
        let tables = try connection.statement("SELECT COUNT(*) FROM sqlite_master").scalar(as: Int.self)
        #expect(tables == 0)
    }
}

@Suite("Store dates")
struct StorageDateTests {
    @Test(arguments: [
        (0.0, "1970-01-01 00:00:00.000"),
        (1_307_376_000.123, "2011-06-06 16:00:00.123"),
        (951_782_400, "2000-02-29 00:00:00.000"),
        (951_868_799.999, "2000-02-29 23:59:59.999"),
        (-1.5, "1969-12-31 23:59:58.500"),
        (-946_771_200.25, "1939-12-31 23:59:59.750"),
        (4_102_444_800, "2100-01-01 00:00:00.000"),
        (1_700_000_000.1239, "2023-11-14 22:13:20.124"),  // to the nearest millisecond, as GRDB's formatter
        (1_700_000_000.9996, "2023-11-14 22:13:21.000"),
        (-62_135_596_800, "0001-01-01 00:00:00.000"),
        (253_402_300_799.999, "9999-12-31 23:59:59.999"),
    ])
    func datesReadAndWriteTheStoredText(seconds: Double, text: String) throws {
        let milliseconds = try #require(StorageDate.milliseconds(Date(timeIntervalSince1970: seconds)))
        #expect(StorageDate.text(millisecondsSince1970: milliseconds) == text)
        #expect(parse(text) == milliseconds)
    }

    @Test(arguments: [
        ("2011-06-06", 1_307_318_400_000),
        ("2011-06-06 16:00", 1_307_376_000_000),
        ("2011-06-06T16:00:00", 1_307_376_000_000),
        ("2011-06-06 16:00:00.1", 1_307_376_000_100),
        ("2011-06-06 16:00:00.123456", 1_307_376_000_123),
        ("2011-06-06T16:00:00Z", 1_307_376_000_000),
        ("2011-06-06 18:30:00+02:30", 1_307_376_000_000),
        ("2011-06-06 14:00:00 -02:00", 1_307_376_000_000),
    ] as [(String, Int64)])
    func otherSQLiteDateTextsAreReadAsSQLiteReadsThem(text: String, milliseconds: Int64) throws {
        #expect(parse(text) == milliseconds)
        #expect(try sqliteMilliseconds(text, SQLiteConnection(path: ":memory:")) == milliseconds)
    }

    @Test(arguments: [
        "", "2011", "2011-6-06", "2011-02-30", "2011-13-01", "2100-02-29", "2011-06-06 24:00", "2011-06-06 16:60",
        "2011-06-06 16:00:60", "2011-06-06 16:00:00.", "2011-06-06 16:00:00.123 UTC", "2011-06-06x", "yesterday",
    ])
    func textsThatAreNotDatesAreRefused(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func agreesWithSQLitesOwnDateFunctionsOnRandomMoments() throws {
        var random = SeededRandomGenerator(seed: 20_261_124)
        let sqlite = try SQLiteConnection(path: ":memory:")
        for _ in 0..<2_000 {
            let milliseconds = Int64.random(in: StorageDate.representable, using: &random)
            let text = StorageDate.text(millisecondsSince1970: milliseconds)
            #expect(parse(text) == milliseconds, "\(text)")
            #expect(try sqliteMilliseconds(text, sqlite) == milliseconds, "\(text)")
        }
    }

    private func parse(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { StorageDate.milliseconds(parsing: $0) }
    }

    /// What SQLite's `julianday()` makes of `text`, in milliseconds since 1970.
    private func sqliteMilliseconds(_ text: String, _ connection: SQLiteConnection) throws -> Int64? {
        // julianday() is a day count whose fraction loses a little precision: its nearest millisecond.
        let days = try connection.statement("SELECT julianday(?)").scalar([text], as: Double?.self) ?? nil
        return days.map { Int64((($0 - 2_440_587.5) * 86_400_000).rounded()) }
    }
}

/// A flag one thread sets and another polls.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    func isSet() -> Bool { lock.withLock { value } }
}

/// A value one thread writes and another reads.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
