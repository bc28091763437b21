#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One cup brewed: which coffee, how hot the water was, and when.
public struct BrewSession: Hashable, Identifiable, Sendable {
    /// The row id.
    public var id: Int64
    /// The coffee brewed.
    public var coffeeID: Int64
    /// Water temperature in whole degrees Fahrenheit.
    public var temperatureF: Int
    /// When the cup was brewed; stored with millisecond precision.
    public var brewedAt: Date

    /// Makes a session value; the id must be one the store handed out.
    public init(id: Int64, coffeeID: Int64, temperatureF: Int, brewedAt: Date) {
        self.id = id
        self.coffeeID = coffeeID
        self.temperatureF = temperatureF
        self.brewedAt = brewedAt
    }
}
