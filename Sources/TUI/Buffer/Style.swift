/// How a cell is drawn: foreground and background colour and text attributes.
///
/// Named `Style` rather than `CellStyle` because Flow's `CellStyle` already names
/// the table-cell styles of a storyboard (basic, subtitle, ...).
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The cell colour.
    public var background: TerminalColor
    /// Bold, dim, reverse, underline, italic.
    public var attributes: CellAttributes

    /// Creates a style; every part defaults to the terminal's own.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        attributes: CellAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()

    /// This style with `attributes` added.
    public func adding(_ attributes: CellAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}
