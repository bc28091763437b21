import CSQLite

/// One prepared statement, made and owned by a `SQLiteConnection`, which finalizes it when it
/// closes.
///
/// Every run binds all parameters afresh and resets the statement when it ends, however it
/// ends: a statement left mid-result would keep its read transaction open and hold back
/// checkpoints and other transactions. Not thread-safe: its connection's owner serializes calls.
final class SQLiteStatement {
    /// The statement's text, for error messages.
    let sql: String

    /// Nil once finalized; a run after that reports an error instead of touching freed memory.
    private var handle: OpaquePointer?

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Releases SQLite's statement; the object then only reports errors.
    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    /// Runs the statement to its end with `arguments` bound to its `?` parameters, in order;
    /// rows it returns (a PRAGMA's answer, say) are skipped.
    func execute(_ arguments: [any SQLiteBindable] = []) throws(SQLiteError) {
        let statement = try prepareRun(arguments)
        defer { sqlite3_reset(statement) }
        while try step(statement) {}
    }

    /// Every row of the result, each turned into a value by `read`.
    func rows<T>(
        _ arguments: [any SQLiteBindable] = [], reading read: (SQLiteRow) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        let statement = try prepareRun(arguments)
        defer { sqlite3_reset(statement) }
        var values: [T] = []
        while try step(statement) {
            values.append(try read(SQLiteRow(statement: statement, sql: sql)))
        }
        return values
    }

    /// The first row of the result, turned into a value by `read`, or nil when there is none.
    func firstRow<T>(
        _ arguments: [any SQLiteBindable] = [], reading read: (SQLiteRow) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T? {
        let statement = try prepareRun(arguments)
        defer { sqlite3_reset(statement) }
        guard try step(statement) else { return nil }
        return try read(SQLiteRow(statement: statement, sql: sql))
    }

    /// The first column of the first row, or nil when there is no row.
    func scalar<T: SQLiteColumnReadable>(
        _ arguments: [any SQLiteBindable] = [], as type: T.Type = T.self
    ) throws(SQLiteError) -> T? {
        try firstRow(arguments) { row throws(SQLiteError) in try row.column(0, as: T.self) }
    }

    // MARK: - Running

    /// Checks the statement is alive, starts it afresh and binds `arguments`.
    private func prepareRun(_ arguments: [any SQLiteBindable]) throws(SQLiteError) -> OpaquePointer {
        guard let statement = handle else { throw .closed(sql: sql) }
        // A run that threw in a `read` closure has been reset already; this is for safety.
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard arguments.count == expected else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "expected \(expected) arguments, got \(arguments.count)", sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let code = argument.bind(to: statement, at: Int32(offset + 1))
            guard code == SQLITE_OK else {
                throw SQLiteError(code: code, connection: sqlite3_db_handle(statement), sql: sql)
            }
        }
        return statement
    }

    /// One step: true with a row ready, false at the end; SQLite's error copied when it fails.
    private func step(_ statement: OpaquePointer) throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, connection: sqlite3_db_handle(statement), sql: sql)
        }
    }
}

/// The current row of a running statement; valid only inside the closure it is handed to.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer
    fileprivate let sql: String

    /// Column `index` (counted from 0) as a `T`; a NULL (for a non-optional `T`) or a value of
    /// another type throws an error naming the column and what it holds.
    func column<T: SQLiteColumnReadable>(_ index: Int32, as type: T.Type = T.self) throws(SQLiteError) -> T {
        guard index >= 0, index < sqlite3_column_count(statement) else {
            throw SQLiteError(code: SQLITE_RANGE, message: "the result has no column \(index)", sql: sql)
        }
        if let value = T.read(from: statement, at: index) { return value }
        let name = sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "\(index)"
        throw SQLiteError(
            code: SQLITE_MISMATCH, message: "column \(name) holds \(held(index)), not \(T.sqliteTypeName)", sql: sql)
    }

    /// What a column holds, for an error message; long text is cut short.
    private func held(_ index: Int32) -> String {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL:
            return "NULL"
        case SQLITE_INTEGER:
            return "the integer \(sqlite3_column_int64(statement, index))"
        case SQLITE_FLOAT:
            return "the number \(sqlite3_column_double(statement, index))"
        case SQLITE_TEXT:
            let text = String.read(from: statement, at: index) ?? ""
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "the text \"\(shown)\""
        default:
            return "a blob of \(sqlite3_column_bytes(statement, index)) bytes"
        }
    }
}
