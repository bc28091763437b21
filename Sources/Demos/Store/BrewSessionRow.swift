#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A brew session joined with its coffee's name, ready for a list cell.
public struct BrewSessionRow: Hashable, Identifiable, Sendable {
    /// The session's row id.
    public var id: Int64
    /// The coffee brewed.
    public var coffeeID: Int64
    /// The coffee's name at the time of reading.
    public var coffeeName: String
    /// Water temperature in whole degrees Fahrenheit.
    public var temperatureF: Int
    /// When the cup was brewed.
    public var brewedAt: Date

    /// Makes a row value, mainly for tests and previews.
    public init(id: Int64, coffeeID: Int64, coffeeName: String, temperatureF: Int, brewedAt: Date) {
        self.id = id
        self.coffeeID = coffeeID
        self.coffeeName = coffeeName
        self.temperatureF = temperatureF
        self.brewedAt = brewedAt
    }

    /// The session part of the row.
    public var session: BrewSession {
        BrewSession(id: id, coffeeID: coffeeID, temperatureF: temperatureF, brewedAt: brewedAt)
    }
}
