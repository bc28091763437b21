import CSQLite

/// What SQLite reported when a call failed: its result code and its message, copied at once
/// (the next call on the connection replaces SQLite's own copy), and the statement that ran.
struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code, such as `SQLITE_CONSTRAINT_CHECK` or `SQLITE_BUSY_SNAPSHOT`.
    let code: Int32
    /// SQLite's message ("database is locked", "CHECK constraint failed: …").
    let message: String
    /// The SQL that was prepared or run, when the error came from a statement.
    let sql: String?
    /// The system's `errno` behind a failed open or I/O (`sqlite3_system_errno`), else 0.
    let systemErrno: Int32

    init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// The error of the last failed call on `connection`, read before anything else runs on it.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
        self.init(code: code, message: message, sql: sql, systemErrno: systemErrno)
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …) that the extended code refines.
    var primaryCode: Int32 { code & 0xFF }

    /// Another connection held a lock for longer than the busy timeout.
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// The message and code, then the statement on one line: enough to find the failing call.
    var description: String {
        var text = "\(message) (SQLite error \(code))"
        if let sql {
            text += " in " + sql.split(whereSeparator: \.isNewline)
                .map { $0.drop { $0 == " " || $0 == "\t" } }
                .joined(separator: " ")
        }
        return text
    }

    /// A call made on a connection after `close()`: a mistake in our code, reported rather than crashed on.
    static func closed(sql: String?) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed", sql: sql)
    }
}
