import CSQLite
import Flow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite store behind Daily Buzz and Colorboard: one file, `storyboard.sqlite`, shared by
/// every running instance.
///
/// Guarantees, in the terms of the reliability table:
/// - every write is one `IMMEDIATE` transaction, so a read-then-write never fails half way;
/// - a busy timeout makes a second instance wait its turn instead of failing;
/// - WAL with `synchronous=FULL`: a method that returned has its commit on disk, surviving
///   `kill -9` and power loss;
/// - foreign keys are enforced.
///
/// One connection, behind a lock: methods are synchronous and safe to call from any thread.
/// (The app is single-threaded; a pool's extra reader connections would cost memory and do
/// nothing.)
public final class DemoStore: Sendable {
    /// The name of the database file inside the data directory.
    public static let fileName = "storyboard.sqlite"

    /// How long a write waits for another process's transaction before giving up.
    public static let busyTimeout: TimeInterval = 5

    /// How long `open` waits for another process that is creating or upgrading the store.
    static let openLockTimeout: TimeInterval = 20

    /// The database file.
    public let fileURL: URL

    /// The connection; nil once the store is closed.
    private let connection: Locked<SQLiteConnection?>

    private init(fileURL: URL, connection: SQLiteConnection) {
        self.fileURL = fileURL
        self.connection = Locked(connection)
    }

    /// `$XDG_DATA_HOME/storyboard` when `XDG_DATA_HOME` is an absolute path, else `~/.local/share/storyboard`.
    public static func defaultDataDirectory() -> URL {
        StoreDirectory.defaultURL(environment: StoreDirectory.processEnvironment())
    }

    /// The default data directory as `environment` would make it (`XDG_DATA_HOME`, `HOME`).
    public static func defaultDataDirectory(environment: [String: String]) -> URL {
        StoreDirectory.defaultURL(environment: environment)
    }

    /// Opens (creating if needed) `<dataDirectory>/storyboard.sqlite`, upgrades its schema, and on
    /// a brand-new store adds the sample coffees, sessions and colours once.
    ///
    /// A missing directory is created with mode 0700; an existing one keeps its mode.
    /// - Parameter seedsSampleData: pass `false` for an empty new store (tests).
    public static func open(dataDirectory: URL, seedsSampleData: Bool = true) throws(StoreError) -> DemoStore {
        try open(dataDirectory: dataDirectory, seedsSampleData: seedsSampleData, lockTimeout: openLockTimeout)
    }

    static func open(
        dataDirectory: URL, seedsSampleData: Bool, lockTimeout: TimeInterval, busyTimeout: TimeInterval = busyTimeout
    ) throws(StoreError) -> DemoStore {
        try StoreDirectory.prepare(dataDirectory)
        let fileURL = dataDirectory.appendingPathComponent(fileName, isDirectory: false)
        return try StoreOpenLock.holding(databasePath: fileURL.path, timeout: lockTimeout) { () throws(StoreError) in
            try openLocked(fileURL: fileURL, seedsSampleData: seedsSampleData, busyTimeout: busyTimeout)
        }
    }

    private static func openLocked(
        fileURL: URL, seedsSampleData: Bool, busyTimeout: TimeInterval
    ) throws(StoreError) -> DemoStore {
        let path = fileURL.path
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path)
            try configure(connection, busyTimeout: busyTimeout)
            // A file this process may not write opens read-only, and only the first save
            // would fail: the user's edits would be lost. Say so now instead.
            if connection.isReadOnly { throw SQLiteError(code: SQLITE_READONLY, message: "read-only") }
            try StoreMigrations.migrator.migrate(connection)
        } catch is SQLiteMigrator.NewerSchemaError {
            throw .createdByNewerVersion(path: path)
        } catch {
            throw .openFailed(path: path, reason: openReason(error))
        }
        let store = DemoStore(fileURL: fileURL, connection: connection)
        try store.seedIfFirstOpen(seedsSampleData: seedsSampleData)
        return store
    }

    /// The settings behind the guarantees in the type's comment, on a new connection.
    private static func configure(_ connection: SQLiteConnection, busyTimeout: TimeInterval) throws(SQLiteError) {
        // First, so that the journal-mode switch below already waits for a lock another process holds.
        try connection.setBusyTimeout(milliseconds: Int32((busyTimeout * 1000).rounded()))
        // WAL: readers and the writer do not block each other, and a commit appends to one file.
        // The first statement to read the file, so a file that is not a database fails here.
        let mode = try connection.statement("PRAGMA journal_mode = WAL").scalar(as: String.self)
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(
                code: SQLITE_ERROR, message: "the file cannot be switched to WAL (journal mode \(mode ?? "unknown"))")
        }
        // FULL syncs the WAL at every commit: NORMAL can lose the last commits on power loss.
        try connection.execute(script: "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
    }

    static func openReason(_ error: any Error) -> String {
        guard let error = error as? SQLiteError else { return String(describing: error) }
        switch error.primaryCode {
        case SQLITE_NOTADB:
            return "the file is not an SQLite database"
        case SQLITE_CORRUPT:
            return "the database file is damaged"
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "another storyboard process kept the store busy"
        case SQLITE_CANTOPEN:
            return "cannot open the file" + systemReason(error, otherwise: " (check that it and its directory are readable and writable)")
        case SQLITE_READONLY, SQLITE_PERM:
            return "the file is read-only"
        default:
            return reason(error)
        }
    }

    /// SQLite's message, with the system's reason when an I/O call failed ("disk I/O error: No space left on device").
    static func reason(_ error: SQLiteError) -> String {
        error.message + systemReason(error, otherwise: "")
    }

    private static func systemReason(_ error: SQLiteError, otherwise fallback: String) -> String {
        guard error.systemErrno != 0, let text = strerror(error.systemErrno) else { return fallback }
        return ": " + String(cString: text)
    }

    /// Closes the connection; later calls fail with a clear error. Deinit closes too.
    public func close() throws(StoreError) {
        let path = fileURL.path
        try connection.withLock { (connection: inout SQLiteConnection?) throws(StoreError) in
            guard let open = connection else { return }
            do throws(SQLiteError) {
                try open.close()
            } catch {
                throw .databaseFailed(path: path, operation: "closing the store", reason: Self.reason(error))
            }
            connection = nil
        }
    }

    // MARK: - Running database work

    /// Runs `body` in one DEFERRED transaction: its reads see one snapshot of the store.
    func read<T>(_ operation: String, _ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        try withConnection(operation) { connection in
            try connection.transaction(.deferred) { try body(connection) }
        }
    }

    /// Runs `body` in one IMMEDIATE transaction; it has committed when this returns.
    func write<T>(_ operation: String, _ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        try withConnection(operation) { connection in
            try connection.transaction(.immediate) { try body(connection) }
        }
    }

    /// Runs `body` with the open connection, holding the lock; errors become `StoreError`s
    /// naming the file and `operation`.
    func withConnection<T>(_ operation: String, _ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try connection.withLock { (connection: inout SQLiteConnection?) throws -> T in
                guard let connection else {
                    throw StoreError.databaseFailed(path: fileURL.path, operation: operation, reason: "the store is closed")
                }
                return try body(connection)
            }
        } catch {
            throw mapped(error, operation: operation)
        }
    }

    func mapped(_ error: any Error, operation: String) -> StoreError {
        if let error = error as? StoreError {
            return error
        }
        let path = fileURL.path
        if let error = error as? SQLiteError {
            if error.isBusy {
                return .busy(path: path, operation: operation)
            }
            return .databaseFailed(path: path, operation: operation, reason: Self.reason(error))
        }
        return .databaseFailed(path: path, operation: operation, reason: String(describing: error))
    }

    // MARK: - Health

    /// Runs `PRAGMA integrity_check`; returns `["ok"]` for a sound file, else SQLite's findings.
    public func integrityCheck() throws(StoreError) -> [String] {
        try read("checking the store") { connection in
            try connection.statement("PRAGMA integrity_check").rows { row throws(SQLiteError) in
                try row.column(0, as: String.self)
            }
        }
    }
}
