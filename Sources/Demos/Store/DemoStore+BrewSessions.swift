#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DemoStore {
    /// The columns of a `BrewSessionRow`. `CROSS JOIN` pins the join order: sessions outside, coffees inside.
    static let sessionRowSelect = """
        SELECT s.id, s.coffeeId, c.name AS coffeeName, s.temperatureF, s.brewedAt
        FROM brewSession AS s CROSS JOIN coffee AS c ON c.id = s.coffeeId
        """

    /// One page in the given direction. The inner query skips `OFFSET` rows inside the
    /// covering index `brewSession_on_brewedAt` (ids and dates only, no table or coffee
    /// lookups), and only the page's rows are then fetched and joined; the outer sort
    /// touches just `LIMIT` rows. A test checks this plan.
    static func pageSQL(newestFirst: Bool) -> String {
        let direction = newestFirst ? "DESC" : "ASC"
        return """
            SELECT s.id, s.coffeeId, c.name AS coffeeName, s.temperatureF, s.brewedAt
            FROM (SELECT id FROM brewSession ORDER BY brewedAt \(direction), id \(direction) LIMIT ? OFFSET ?) AS page
            CROSS JOIN brewSession AS s ON s.id = page.id
            CROSS JOIN coffee AS c ON c.id = s.coffeeId
            ORDER BY s.brewedAt \(direction), s.id \(direction)
            """
    }
    static let newestFirstSQL = pageSQL(newestFirst: true)
    static let oldestFirstSQL = pageSQL(newestFirst: false)

    /// Below this offset a page is read front to back without counting first.
    static let shortOffset = 1_000

    /// Every coffee, by name regardless of case, then by id (see `sortedForList`). A locale's
    /// collation (accented letters beside plain ones) would need ICU; a user's coffees are a
    /// short list, in any case.
    public func coffees() throws(StoreError) -> [Coffee] {
        try read("reading the coffees") { connection in
            try connection.statement("SELECT id, name, origin FROM coffee").rows(reading: Coffee.init(row:))
        }.sortedForList()
    }

    /// The coffee with this id, or nil.
    public func coffee(id: Int64) throws(StoreError) -> Coffee? {
        try read("reading a coffee") { connection in
            try connection.statement("SELECT id, name, origin FROM coffee WHERE id = ?").firstRow([id], reading: Coffee.init(row:))
        }
    }

    /// How many brew sessions there are.
    public func sessionCount() throws(StoreError) -> Int {
        try read("counting brew sessions") { connection in try Self.sessionCount(connection) }
    }

    /// Up to `limit` sessions, newest first, skipping the `offset` newest: one screenful of the list.
    ///
    /// `OFFSET` still costs an index step per skipped row, so a page past the middle is read
    /// from the other end (oldest first, skipping `count - offset - limit` rows) and reversed:
    /// jumping to the end of a million rows costs a count and one page, not a million steps.
    /// The worst case is the middle: half the index is stepped over.
    /// An offset past the end gives an empty array.
    public func sessions(offset: Int, limit: Int) throws(StoreError) -> [BrewSessionRow] {
        try Self.validatePage(offset: offset, limit: limit)
        if limit == 0 { return [] }
        return try read("reading brew sessions") { connection in
            let newestFirst = try connection.statement(Self.newestFirstSQL)
            if offset < Self.shortOffset {
                return try newestFirst.rows([limit, offset], reading: BrewSessionRow.init(row:))
            }
            let total = try Self.sessionCount(connection)
            guard offset < total else { return [] }
            let take = min(limit, total - offset)
            if offset <= total / 2 {
                return try newestFirst.rows([take, offset], reading: BrewSessionRow.init(row:))
            }
            let skipFromOldest = total - offset - take
            let page = try connection.statement(Self.oldestFirstSQL).rows([take, skipFromOldest], reading: BrewSessionRow.init(row:))
            return page.reversed()
        }
    }

    /// The running count the store's triggers keep (see `StoreMigrations`).
    static func sessionCount(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
        if let count = try connection.statement("SELECT count FROM brewSessionCount WHERE id = 1").scalar(as: Int.self) {
            return count
        }
        return try connection.statement("SELECT COUNT(*) FROM brewSession").scalar(as: Int.self) ?? 0
    }

    /// The session with this id joined with its coffee's name, or nil if there is none.
    public func session(id: Int64) throws(StoreError) -> BrewSessionRow? {
        try read("reading a brew session") { connection in
            try connection.statement(Self.sessionRowSelect + " WHERE s.id = ?").firstRow([id], reading: BrewSessionRow.init(row:))
        }
    }

    /// Records a cup; when this returns the session is committed to disk.
    ///
    /// Throws `.invalidValue` for a temperature outside `TemperatureInput.range` and
    /// `.notFound` if the coffee is gone.
    @discardableResult
    public func addSession(coffeeID: Int64, temperatureF: Int, brewedAt: Date) throws(StoreError) -> BrewSession {
        try Self.validateSession(temperatureF: temperatureF, brewedAt: brewedAt)
        return try write("saving a brew session") { connection in
            guard try connection.statement("SELECT 1 FROM coffee WHERE id = ?").scalar([coffeeID], as: Int.self) != nil else {
                throw StoreError.notFound(kind: "coffee", id: coffeeID)
            }
            try connection.statement("INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)")
                .execute([coffeeID, temperatureF, brewedAt])
            let id = connection.lastInsertedRowID
            // Read back so the caller sees the date exactly as stored (to the millisecond).
            let session = try connection.statement("SELECT id, coffeeId, temperatureF, brewedAt FROM brewSession WHERE id = ?")
                .firstRow([id], reading: BrewSession.init(row:))
            guard let session else {
                throw StoreError.notFound(kind: "brew session", id: id)
            }
            return session
        }
    }

    /// Deletes a session; returns false if it was already gone.
    @discardableResult
    public func deleteSession(id: Int64) throws(StoreError) -> Bool {
        try write("deleting a brew session") { connection in
            try connection.statement("DELETE FROM brewSession WHERE id = ?").execute([id])
            return connection.changes > 0
        }
    }
}

extension Coffee {
    /// A row of `id, name, origin`.
    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(id: try row.column(0), name: try row.column(1), origin: try row.column(2))
    }
}

extension BrewSession {
    /// A row of `id, coffeeId, temperatureF, brewedAt`.
    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(id: try row.column(0), coffeeID: try row.column(1), temperatureF: try row.column(2), brewedAt: try row.column(3))
    }
}

extension BrewSessionRow {
    /// A row of `DemoStore.sessionRowSelect` or a page query: `id, coffeeId, coffeeName, temperatureF, brewedAt`.
    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(
            id: try row.column(0), coffeeID: try row.column(1), coffeeName: try row.column(2),
            temperatureF: try row.column(3), brewedAt: try row.column(4))
    }
}
