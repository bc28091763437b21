import Foundation
import GRDB

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

    /// Every coffee, by name.
    public func coffees() throws(StoreError) -> [Coffee] {
        try read("reading the coffees") { db in
            try Coffee.order(Column("name").collating(.localizedCaseInsensitiveCompare), Column("id")).fetchAll(db)
        }
    }

    /// The coffee with this id, or nil.
    public func coffee(id: Int64) throws(StoreError) -> Coffee? {
        try read("reading a coffee") { db in try Coffee.fetchOne(db, key: id) }
    }

    /// How many brew sessions there are.
    public func sessionCount() throws(StoreError) -> Int {
        try read("counting brew sessions") { db in try Self.sessionCount(db) }
    }

    /// Up to `limit` sessions, newest first, skipping the `offset` newest: one screenful of the list.
    ///
    /// `OFFSET` still costs an index step per skipped row, so a page past the middle is read
    /// from the other end (oldest first, skipping `count - offset - limit` rows) and reversed:
    /// jumping to the end of a million rows costs a count and one page, not a million steps.
    /// The worst case is the middle: half the index is stepped over.
    /// An offset past the end gives an empty array.
    public func sessions(offset: Int, limit: Int) throws(StoreError) -> [BrewSessionRow] {
        guard offset >= 0 else { throw .invalidValue(field: "offset", reason: "must not be negative (got \(offset))") }
        guard limit >= 0 else { throw .invalidValue(field: "limit", reason: "must not be negative (got \(limit))") }
        if limit == 0 { return [] }
        return try read("reading brew sessions") { db in
            if offset < Self.shortOffset {
                return try BrewSessionRow.fetchAll(db, sql: Self.newestFirstSQL, arguments: [limit, offset])
            }
            let total = try Self.sessionCount(db)
            guard offset < total else { return [] }
            let take = min(limit, total - offset)
            if offset <= total / 2 {
                return try BrewSessionRow.fetchAll(db, sql: Self.newestFirstSQL, arguments: [take, offset])
            }
            let skipFromOldest = total - offset - take
            let page = try BrewSessionRow.fetchAll(db, sql: Self.oldestFirstSQL, arguments: [take, skipFromOldest])
            return page.reversed()
        }
    }

    /// The running count the store's triggers keep (see `StoreMigrations`).
    static func sessionCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count FROM brewSessionCount WHERE id = 1") ?? BrewSession.fetchCount(db)
    }

    /// The session with this id joined with its coffee's name, or nil if there is none.
    public func session(id: Int64) throws(StoreError) -> BrewSessionRow? {
        try read("reading a brew session") { db in
            try BrewSessionRow.fetchOne(db, sql: Self.sessionRowSelect + " WHERE s.id = ?", arguments: [id])
        }
    }

    /// Records a cup; when this returns the session is committed to disk.
    ///
    /// Throws `.invalidValue` for a temperature outside `TemperatureInput.range` and
    /// `.notFound` if the coffee is gone.
    @discardableResult
    public func addSession(coffeeID: Int64, temperatureF: Int, brewedAt: Date) throws(StoreError) -> BrewSession {
        guard TemperatureInput.range.contains(temperatureF) else {
            throw .invalidValue(field: "temperature", reason: TemperatureInputError.outOfRange.message)
        }
        return try write("saving a brew session") { db in
            guard try Coffee.exists(db, key: coffeeID) else {
                throw StoreError.notFound(kind: "coffee", id: coffeeID)
            }
            try db.execute(
                sql: "INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)",
                arguments: [coffeeID, temperatureF, brewedAt])
            let id = db.lastInsertedRowID
            // Read back so the caller sees the date exactly as stored (to the millisecond).
            guard let session = try BrewSession.fetchOne(db, key: id) else {
                throw StoreError.notFound(kind: "brew session", id: id)
            }
            return session
        }
    }

    /// Deletes a session; returns false if it was already gone.
    @discardableResult
    public func deleteSession(id: Int64) throws(StoreError) -> Bool {
        try write("deleting a brew session") { db in try BrewSession.deleteOne(db, key: id) }
    }
}
