import CSQLite

/// One connection to an SQLite database file: what the store needs of SQLite's C API, and no more.
///
/// Statements are prepared once per SQL text and kept (the store runs a handful of fixed
/// statements over and over: the list's pages, the count, the inserts), so every statement
/// the connection made is in its cache, and `close()` finalizes them all before it closes.
///
/// Not thread-safe, and opened without SQLite's own mutexes (`SQLITE_OPEN_NOMUTEX`): its owner
/// serializes every call, as `DemoStore` does with its lock.
final class SQLiteConnection {
    /// How a transaction takes its locks.
    enum TransactionKind {
        /// `BEGIN DEFERRED`: a read snapshot from the first read, the write lock at the first write.
        case deferred
        /// `BEGIN IMMEDIATE`: the write lock at once, waiting out the busy timeout for it. A
        /// transaction that reads and then writes must start so: a deferred one would fail
        /// with SQLITE_BUSY at its first write if another connection wrote in between, since
        /// its snapshot is then stale, and waiting cannot help.
        case immediate
    }

    /// The database file.
    let path: String

    /// Nil once closed.
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens `path` for reading and writing, creating an empty file if there is none.
    ///
    /// SQLite reads nothing yet: a file that is not a database fails at the first statement.
    convenience init(path: String) throws(SQLiteError) {
        try self.init(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    }

    /// Opens an existing `path` only to read it: nothing is ever written to the file or beside it.
    convenience init(readingOnly path: String) throws(SQLiteError) {
        try self.init(path: path, flags: SQLITE_OPEN_READONLY)
    }

    private init(path: String, flags: Int32) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            // SQLite hands back a connection even when opening fails, to carry the message.
            let error = SQLiteError(code: code, connection: opened)
            sqlite3_close(opened)
            throw error
        }
        // Extended codes tell a CHECK from a UNIQUE failure, and a snapshot conflict from a lock.
        sqlite3_extended_result_codes(opened, 1)
        self.path = path
        self.handle = opened
    }

    deinit {
        for statement in statements.values { statement.finalize() }
        sqlite3_close(handle)
    }

    /// Whether `close()` has not been called (or failed).
    var isOpen: Bool { handle != nil }

    /// Finalizes every statement and closes the file; later calls report an error. Closing the
    /// last connection to a WAL database checkpoints it and removes the -wal file.
    func close() throws(SQLiteError) {
        guard let connection = handle else { return }
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        let code = sqlite3_close(connection)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
        handle = nil
    }

    // MARK: - Settings

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        guard let connection = handle else { throw .closed(sql: nil) }
        let code = sqlite3_busy_timeout(connection, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
    }

    /// The row id the last successful INSERT on this connection made (0 when closed).
    var lastInsertedRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// How many rows the last INSERT, UPDATE or DELETE changed (0 when closed).
    var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Whether SQLite opened the file read-only: asked to write, it found the file (or its
    /// folder) closed to this process and fell back to reading.
    var isReadOnly: Bool {
        handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? false
    }

    /// Writes a consistent copy of the whole database into a new file at `path` (`VACUUM
    /// INTO`): one read transaction, so another process's commits are in it whole or not at all.
    func copy(to path: String) throws(SQLiteError) {
        try statement("VACUUM INTO ?").execute([path])
    }

    /// Whether a transaction is open (SQLite is out of autocommit mode).
    var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    // MARK: - Statements

    /// The prepared statement for `sql` (exactly one statement), from the cache or made now.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        guard let connection = handle else { throw .closed(sql: sql) }
        var prepared: OpaquePointer?
        var consumed = 0
        let code = sql.withCString { text in
            var rest: UnsafePointer<CChar>?
            // PERSISTENT: these statements live as long as the connection, so SQLite keeps
            // them out of its short-lived lookaside memory.
            let code = sqlite3_prepare_v3(connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &rest)
            if let rest { consumed = text.distance(to: rest) }
            return code
        }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, connection: connection, sql: sql)
            sqlite3_finalize(prepared)
            throw error
        }
        guard let prepared else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no statement to prepare", sql: sql)
        }
        // SQLite prepares the first statement only; a second one would be silently ignored.
        let separators: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ";")]
        guard sql.utf8.dropFirst(consumed).allSatisfy(separators.contains) else {
            sqlite3_finalize(prepared)
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "more than one statement; scripts go through execute(script:)", sql: sql)
        }
        let statement = SQLiteStatement(handle: prepared, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `script`, one or more statements separated by `;`, none of them returning rows
    /// that matter (schema changes); stops at the first failure.
    func execute(script: String) throws(SQLiteError) {
        guard let connection = handle else { throw .closed(sql: script) }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, script, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, sql: script)
        }
    }

    // MARK: - Transactions

    /// Runs `body` in a transaction and commits; if `body` throws (or the commit fails), rolls
    /// back and rethrows. Transactions do not nest.
    @discardableResult
    func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try statement(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED").execute()
        do {
            let value = try body()
            try statement("COMMIT").execute()
            return value
        } catch {
            rollBackIfOpen()
            throw error
        }
    }

    /// SQLite rolls back by itself after some failures (a full disk, an I/O error); a ROLLBACK
    /// then would fail with "no transaction is active", so only an open transaction gets one.
    private func rollBackIfOpen() {
        guard isInTransaction else { return }
        // If even the rollback fails, SQLite rolls back when the connection closes; nothing
        // better can be done here, and the error that got us here is the one to report.
        _ = try? statement("ROLLBACK").execute()
    }
}
