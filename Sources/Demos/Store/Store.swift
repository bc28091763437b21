import Flow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the demos keep: Daily Buzz's coffees and cups, Colorboard's palette, and values by key
/// (the screens a session left, a controller's half-typed edits).
///
/// Two implementations: `DemoStore`, an SQLite file in the data directory (the default), and
/// `RemoteStore`, the shared store that `storyboard serve --store postgres://…` keeps on
/// PostgreSQL, reached through the server. Controllers ask the application for
/// `(any Store).self` and never learn which.
///
/// Every method is one transaction: when a write returns, it is committed; when it throws,
/// nothing of it was made. Errors are `StoreError`s fit for a status line.
public protocol Store: AnyObject, Sendable {
    /// Every coffee, by name.
    func coffees() throws(StoreError) -> [Coffee]
    /// The coffee with this id, or nil.
    func coffee(id: Int64) throws(StoreError) -> Coffee?

    /// How many brew sessions there are.
    func sessionCount() throws(StoreError) -> Int
    /// Up to `limit` sessions, newest first, skipping the `offset` newest.
    func sessions(offset: Int, limit: Int) throws(StoreError) -> [BrewSessionRow]
    /// The session with this id joined with its coffee's name, or nil.
    func session(id: Int64) throws(StoreError) -> BrewSessionRow?
    /// Records a cup and returns it as stored.
    @discardableResult
    func addSession(coffeeID: Int64, temperatureF: Int, brewedAt: Date) throws(StoreError) -> BrewSession
    /// Deletes a session; false if it was already gone.
    @discardableResult
    func deleteSession(id: Int64) throws(StoreError) -> Bool

    /// The palette in list order.
    func colors() throws(StoreError) -> [PaletteColor]
    /// The colour with this id, or nil.
    func color(id: Int64) throws(StoreError) -> PaletteColor?
    /// Appends a colour to the end of the palette.
    @discardableResult
    func addColor(name: String, red: Double, green: Double, blue: Double) throws(StoreError) -> PaletteColor
    /// Saves a changed colour; `.notFound` if it was deleted.
    func updateColor(_ color: PaletteColor) throws(StoreError)
    /// Deletes a colour; false if it was already gone.
    @discardableResult
    func deleteColor(id: Int64) throws(StoreError) -> Bool

    /// Stores `data` under `key`, or removes the key for nil.
    func setValue(_ data: Data?, forKey key: String) throws(StoreError)
    /// The data last stored under `key`, or nil.
    func value(forKey key: String) throws(StoreError) -> Data?
}

extension DemoStore: Store {}

extension Application {
    /// The store every demo controller reads and writes, whichever implementation it is.
    public var store: (any Store)? { service((any Store).self) }

    /// Makes `store` the one the demos use.
    public func register(store: any Store) {
        register(store, as: (any Store).self)
    }
}

extension Store {
    /// Checks a cup before it is sent to any store: the same words whichever keeps it.
    public static func validateSession(temperatureF: Int, brewedAt: Date) throws(StoreError) {
        guard TemperatureInput.range.contains(temperatureF) else {
            throw .invalidValue(field: "temperature", reason: TemperatureInputError.outOfRange.message)
        }
        guard StorageDate.milliseconds(brewedAt) != nil else {
            throw .invalidValue(field: "date", reason: "must fall in the years 1 to 9999")
        }
    }

    /// Checks a page request before it is sent to any store.
    public static func validatePage(offset: Int, limit: Int) throws(StoreError) {
        guard offset >= 0 else { throw .invalidValue(field: "offset", reason: "must not be negative (got \(offset))") }
        guard limit >= 0 else { throw .invalidValue(field: "limit", reason: "must not be negative (got \(limit))") }
    }
}

extension Array where Element == Coffee {
    /// The coffees in list order: by name regardless of case, then by name and id.
    ///
    /// Sorted in Swift rather than in SQL: SQLite's NOCASE folds ASCII letters only, while
    /// `lowercased()` folds every script's, and both stores must list alike.
    public func sortedForList() -> [Coffee] {
        map { (key: $0.name.lowercased(), coffee: $0) }
            .sorted { ($0.key, $0.coffee.name, $0.coffee.id) < ($1.key, $1.coffee.name, $1.coffee.id) }
            .map { $0.coffee }
    }
}
