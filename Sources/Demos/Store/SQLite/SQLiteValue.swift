import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Swift value that can be bound to a statement's parameter.
protocol SQLiteBindable {
    /// Binds this value to parameter `index` (counted from 1) of `statement`; returns SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

/// A Swift value that can be read from a column of a result row.
protocol SQLiteColumnReadable {
    /// The value in column `index` (counted from 0) of the current row, or nil when the column
    /// holds something that is not a value of this type (NULL included, except for optionals).
    static func read(from statement: OpaquePointer, at index: Int32) -> Self?

    /// What this type is called in an error message: "an integer", "a date".
    static var sqliteTypeName: String { get }
}

// MARK: - Integers, reals and booleans

extension Int64: SQLiteBindable, SQLiteColumnReadable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }

    /// Only INTEGER values: a REAL or TEXT where an integer belongs means the row is not what we wrote.
    static func read(from statement: OpaquePointer, at index: Int32) -> Int64? {
        sqlite3_column_type(statement, index) == SQLITE_INTEGER ? sqlite3_column_int64(statement, index) : nil
    }

    static var sqliteTypeName: String { "an integer" }
}

extension Int: SQLiteBindable, SQLiteColumnReadable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        Int64(self).bind(to: statement, at: index)
    }

    static func read(from statement: OpaquePointer, at index: Int32) -> Int? {
        Int64.read(from: statement, at: index).flatMap { Int(exactly: $0) }
    }

    static var sqliteTypeName: String { "an integer" }
}

extension Double: SQLiteBindable, SQLiteColumnReadable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }

    /// REAL, or INTEGER as another program may have written a whole number.
    static func read(from statement: OpaquePointer, at index: Int32) -> Double? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_FLOAT, SQLITE_INTEGER: return sqlite3_column_double(statement, index)
        default: return nil
        }
    }

    static var sqliteTypeName: String { "a number" }
}

extension Bool: SQLiteBindable, SQLiteColumnReadable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }

    /// SQLite has no boolean type: `EXISTS (…)` and comparisons give the integers 0 and 1.
    static func read(from statement: OpaquePointer, at index: Int32) -> Bool? {
        Int64.read(from: statement, at: index).map { $0 != 0 }
    }

    static var sqliteTypeName: String { "a boolean (an integer)" }
}

// MARK: - Text and bytes

extension String: SQLiteBindable, SQLiteColumnReadable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // `withCString` never hands over a null pointer (which would bind NULL, not ""), and the
        // explicit length keeps any NUL inside the string.
        let length = utf8.count
        return withCString { text in
            sqlite3_bind_text64(
                statement, index, text, sqlite3_uint64(length), sb_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    static func read(from statement: OpaquePointer, at index: Int32) -> String? {
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT else { return nil }
        // The pointer first, then the length: that order is the one SQLite documents as safe.
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        // Invalid UTF-8 written by another program is repaired (U+FFFD), never trusted.
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    static var sqliteTypeName: String { "text" }
}

extension Data: SQLiteBindable, SQLiteColumnReadable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // An empty buffer may have no address, and a null pointer would bind NULL.
        if isEmpty { return sqlite3_bind_zeroblob(statement, index, 0) }
        return withUnsafeBytes { bytes in
            sqlite3_bind_blob64(statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), sb_sqlite_transient())
        }
    }

    /// A BLOB, or TEXT taken as its UTF-8 bytes.
    static func read(from statement: OpaquePointer, at index: Int32) -> Data? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_BLOB:
            // A zero-length blob comes back as a null pointer.
            guard let bytes = sqlite3_column_blob(statement, index) else { return Data() }
            return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, index)))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return Data() }
            return Data(bytes: text, count: Int(sqlite3_column_bytes(statement, index)))
        default:
            return nil
        }
    }

    static var sqliteTypeName: String { "bytes (a blob)" }
}

// MARK: - Dates

extension Date: SQLiteBindable, SQLiteColumnReadable {
    /// Binds the stored text form, `yyyy-MM-dd HH:mm:ss.SSS` in UTC (see `StorageDate`).
    ///
    /// A date outside the years 1 to 9999 has no such text; it binds NULL, which every date
    /// column of the schema refuses, so it fails as a constraint instead of storing a wrong date.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        guard let milliseconds = StorageDate.milliseconds(self) else { return sqlite3_bind_null(statement, index) }
        return StorageDate.text(millisecondsSince1970: milliseconds).bind(to: statement, at: index)
    }

    /// The stored text form (and SQLite's other date texts); a number is seconds since 1970,
    /// as the GRDB version read it.
    static func read(from statement: OpaquePointer, at index: Int32) -> Date? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return nil }
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index)))
            return StorageDate.milliseconds(parsing: bytes)
                .map { Date(timeIntervalSince1970: Double($0) / 1000) }
        case SQLITE_INTEGER, SQLITE_FLOAT:
            return Date(timeIntervalSince1970: sqlite3_column_double(statement, index))
        default:
            return nil
        }
    }

    static var sqliteTypeName: String { "a date" }
}

// MARK: - NULL

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): return value.bind(to: statement, at: index)
        case .none: return sqlite3_bind_null(statement, index)
        }
    }
}

extension Optional: SQLiteColumnReadable where Wrapped: SQLiteColumnReadable {
    /// NULL is `.some(nil)`: a value that was read, and is absent.
    static func read(from statement: OpaquePointer, at index: Int32) -> Wrapped?? {
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return .some(nil) }
        return Wrapped.read(from: statement, at: index).map { .some($0) }
    }

    static var sqliteTypeName: String { Wrapped.sqliteTypeName + " or NULL" }
}
