/// A named colour in Colorboard's palette, with components in 0...1.
public struct PaletteColor: Hashable, Identifiable, Sendable {
    /// The row id.
    public var id: Int64
    /// The name shown in the palette list.
    public var name: String
    /// Red component, 0...1.
    public var red: Double
    /// Green component, 0...1.
    public var green: Double
    /// Blue component, 0...1.
    public var blue: Double
    /// Sort key of the palette list: new colours go to the end.
    public var position: Int64

    /// Makes a colour value; the id must be one the store handed out.
    public init(id: Int64, name: String, red: Double, green: Double, blue: Double, position: Int64) {
        self.id = id
        self.name = name
        self.red = red
        self.green = green
        self.blue = blue
        self.position = position
    }
}
