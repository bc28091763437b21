import Foundation
import GRDB

/// The SQLite store behind Daily Buzz and Colorboard: one file, `storyboard.sqlite`, shared by
/// every running instance.
///
/// Guarantees, in the terms of the reliability table:
/// - every write is one `IMMEDIATE` transaction (GRDB 7 begins write transactions
///   `IMMEDIATE` on its writer connection), so a read-then-write never fails half way;
/// - a busy timeout makes a second instance wait its turn instead of failing;
/// - WAL with `synchronous=FULL`: a method that returned has its commit on disk, surviving
///   `kill -9` and power loss.
///
/// Methods are synchronous and safe to call from any thread.
public final class DemoStore: Sendable {
    /// The name of the database file inside the data directory.
    public static let fileName = "storyboard.sqlite"

    /// How long a write waits for another process's transaction before giving up.
    public static let busyTimeout: TimeInterval = 5

    /// How long `open` waits for another process that is creating or upgrading the store.
    static let openLockTimeout: TimeInterval = 20

    /// The database file.
    public let fileURL: URL

    let pool: DatabasePool

    private init(fileURL: URL, pool: DatabasePool) {
        self.fileURL = fileURL
        self.pool = pool
    }

    /// `$XDG_DATA_HOME/storyboard` when `XDG_DATA_HOME` is an absolute path, else `~/.local/share/storyboard`.
    public static func defaultDataDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
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

    static func open(dataDirectory: URL, seedsSampleData: Bool, lockTimeout: TimeInterval) throws(StoreError) -> DemoStore {
        try StoreDirectory.prepare(dataDirectory)
        let fileURL = dataDirectory.appendingPathComponent(fileName, isDirectory: false)
        let path = fileURL.path
        return try StoreOpenLock.holding(databasePath: path, timeout: lockTimeout) { () throws(StoreError) in
            try openLocked(fileURL: fileURL, seedsSampleData: seedsSampleData)
        }
    }

    private static func openLocked(fileURL: URL, seedsSampleData: Bool) throws(StoreError) -> DemoStore {
        let path = fileURL.path
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
            // DatabasePool switches a new file to WAL and then sets synchronous=NORMAL on its
            // writer, after our prepare hook; raise it again here, on the connection that writes.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
        } catch {
            throw .openFailed(path: path, reason: openReason(error))
        }

        let store = DemoStore(fileURL: fileURL, pool: pool)
        let migrator = StoreMigrations.migrator
        do {
            let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
            if !applied.isSubset(of: Set(StoreMigrations.identifiers)) {
                throw StoreError.createdByNewerVersion(path: path)
            }
            try migrator.migrate(pool)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .openFailed(path: path, reason: openReason(error))
        }
        try store.seedIfFirstOpen(seedsSampleData: seedsSampleData)
        return store
    }

    /// Closes the connections; later calls fail with a clear error. Deinit closes too.
    public func close() throws(StoreError) {
        do {
            try pool.close()
        } catch {
            throw mapped(error, operation: "closing the store")
        }
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.journalMode = .wal
        config.label = "storyboard.store"
        config.prepareDatabase { db in
            if !db.configuration.readonly {
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
        }
        return config
    }

    private static func openReason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB:
                return "the file is not an SQLite database"
            case .SQLITE_CORRUPT:
                return "the database file is damaged"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return "another storyboard process kept the store busy"
            case .SQLITE_CANTOPEN:
                return "cannot open the file (check that it and its directory are readable and writable)"
            case .SQLITE_READONLY, .SQLITE_PERM:
                return "the file is read-only"
            default:
                return error.message ?? "SQLite error \(error.resultCode.rawValue)"
            }
        }
        return String(describing: error)
    }

    // MARK: - Running database work

    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw mapped(error, operation: operation)
        }
    }

    /// Runs `body` in one IMMEDIATE transaction; it has committed when this returns.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw mapped(error, operation: operation)
        }
    }

    func mapped(_ error: any Error, operation: String) -> StoreError {
        if let error = error as? StoreError {
            return error
        }
        let path = fileURL.path
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .busy(path: path, operation: operation)
            default:
                return .databaseFailed(
                    path: path, operation: operation,
                    reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
            }
        }
        return .databaseFailed(path: path, operation: operation, reason: String(describing: error))
    }

    // MARK: - Health

    /// Runs `PRAGMA integrity_check`; returns `["ok"]` for a sound file, else SQLite's findings.
    public func integrityCheck() throws(StoreError) -> [String] {
        try read("checking the store") { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
    }
}
