/// A coffee that brew sessions can name (Daily Buzz's "Coffees" list).
public struct Coffee: Hashable, Identifiable, Sendable {
    /// The row id.
    public var id: Int64
    /// The name shown in lists; unique across coffees.
    public var name: String
    /// Where the beans come from, when known.
    public var origin: String?

    /// Makes a coffee value; the id must be one the store handed out.
    public init(id: Int64, name: String, origin: String? = nil) {
        self.id = id
        self.name = name
        self.origin = origin
    }
}
