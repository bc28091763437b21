/// Text attributes of a cell: bold, dim, reverse, underline, italic.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Heavier text.
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// Fainter text.
    public static let dim = CellAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped; visible even without colour.
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = CellAttributes(rawValue: 1 << 3)
    /// Italic text (some terminals show it as reverse or not at all).
    public static let italic = CellAttributes(rawValue: 1 << 4)
}
